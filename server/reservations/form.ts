import type { IncomingMessage, ServerResponse } from "node:http";
import { mediaType } from "../http/answers";
import { postedForm, type Posted } from "../http/raw";

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
  const form = postedForm(mediaType(req.headers["content-type"]), posted);
  if ("fields" in form) return form.fields;
  refuse(form.status, words[form.problem]());
  return undefined;
}
