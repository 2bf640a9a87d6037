import type { IncomingMessage, ServerResponse } from "node:http";
import { BodyTooLarge, discardRest, readBody } from "../body";
import { mediaType, parseFields } from "../enquiry";

/** What a refused request is told, in the language of the page it came from. */
export interface FormRefusals {
  method: () => Promise<string>;
  type: () => Promise<string>;
  tooLarge: () => Promise<string>;
  malformed: () => Promise<string>;
}

/**
 * Read a posted reservation form (urlencoded, or JSON); on a problem, answer it through
 * `refuse` (before its fields are read) and return undefined.
 */
export async function readPostedForm(
  req: IncomingMessage,
  res: ServerResponse,
  words: FormRefusals,
  refuse: (status: number, message: string) => Promise<unknown>,
): Promise<Record<string, string> | undefined> {
  if (req.method !== "POST") {
    res.setHeader("Allow", "POST");
    discardRest(req);
    return void (await refuse(405, await words.method()));
  }
  const type = mediaType(req.headers["content-type"]);
  if (type !== "application/x-www-form-urlencoded" && type !== "application/json") {
    discardRest(req);
    return void (await refuse(415, await words.type()));
  }
  let body: Buffer;
  try {
    body = await readBody(req);
  } catch (error) {
    if (error instanceof BodyTooLarge) return void (await refuse(413, await words.tooLarge()));
    res.destroy();
    return undefined;
  }
  const fields = parseFields(type, body.toString("utf8"));
  if (!fields) return void (await refuse(400, await words.malformed()));
  return fields;
}
