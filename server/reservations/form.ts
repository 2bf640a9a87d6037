import type { IncomingMessage, ServerResponse } from "node:http";
import { mediaType, parseFields } from "../http/answers";
import { FORM_TYPES, type Posted } from "../http/raw";

/** What a refused request is told, in the language of the page it came from. */
export interface FormRefusals {
  method: () => string;
  type: () => string;
  tooLarge: () => string;
  malformed: () => string;
}

/**
 * The fields of a posted reservation form (urlencoded, or JSON), as Fastify read its body; on a
 * problem, answer it through `refuse` and return undefined.
 */
export function readPostedForm(
  req: IncomingMessage,
  res: ServerResponse,
  posted: Posted,
  words: FormRefusals,
  refuse: (status: number, message: string) => void,
): Record<string, string> | undefined {
  if (req.method !== "POST") {
    res.setHeader("Allow", "POST");
    return void refuse(405, words.method());
  }
  const type = mediaType(req.headers["content-type"]);
  if (typeof posted === "object" && posted.refused === 413)
    return void refuse(413, words.tooLarge());
  if ((typeof posted === "object" && posted.refused === 415) || !FORM_TYPES.includes(type))
    return void refuse(415, words.type());
  if (typeof posted === "object") return void refuse(400, words.malformed());
  const fields = parseFields(type, posted ?? "");
  if (!fields) return void refuse(400, words.malformed());
  return fields;
}
