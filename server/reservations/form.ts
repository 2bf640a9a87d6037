import type { IncomingMessage, ServerResponse } from "node:http";
import { BodyTooLarge, discardRest, readBody } from "../service/body";
import { mediaType, parseFields } from "../http/answers";

/** What a refused request is told, in the language of the page it came from. */
export interface FormRefusals {
  method: () => string;
  type: () => string;
  tooLarge: () => string;
  malformed: () => string;
}

/**
 * Read a posted reservation form (urlencoded, or JSON); on a problem, answer it through
 * `refuse` (before its fields are read) and return undefined.
 */
export async function readPostedForm(
  req: IncomingMessage,
  res: ServerResponse,
  words: FormRefusals,
  refuse: (status: number, message: string) => void,
): Promise<Record<string, string> | undefined> {
  if (req.method !== "POST") {
    res.setHeader("Allow", "POST");
    discardRest(req);
    return void refuse(405, words.method());
  }
  const type = mediaType(req.headers["content-type"]);
  if (type !== "application/x-www-form-urlencoded" && type !== "application/json") {
    discardRest(req);
    return void refuse(415, words.type());
  }
  let body: Buffer;
  try {
    body = await readBody(req);
  } catch (error) {
    if (error instanceof BodyTooLarge) return void refuse(413, words.tooLarge());
    res.destroy();
    return undefined;
  }
  const fields = parseFields(type, body.toString("utf8"));
  if (!fields) return void refuse(400, words.malformed());
  return fields;
}
