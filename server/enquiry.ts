import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  enquiryValues,
  FORM_FIELD,
  HONEYPOT,
  isFormKind,
  normaliseValue,
  rateLimitMessage,
  type EnquiryValues,
  type FormKind,
} from "../src/lib/enquiry";
import { BODY_LIMIT, BodyTooLarge, discardRest, readBody } from "./body";
import { isIdempotencyKey, type Intake } from "./intake";
import { fixPage, problemPage, thankYouPage, type PageAssets } from "./pages";
import { ENQUIRY_PATH } from "./paths";
import { clientAddress } from "./rateLimit";

const FORM_TYPE = "application/x-www-form-urlencoded";
const JSON_TYPE = "application/json";

/** Request-level problems, as the visitor reads them (JSON `errors.form`, or the page's lead). */
export const problems = {
  method: "Enquiries are sent with the form on our contact and about pages.",
  type: "Your enquiry arrived in a format we cannot read. Please send it with the form on our site.",
  tooLarge: `Your enquiry is longer than we can take (over ${BODY_LIMIT / 1024} kB). Please shorten your message and send it again.`,
  malformed: "Your enquiry arrived garbled. Please send it again with the form on our site.",
  unknownForm:
    "We could not tell which form this came from. Please send it with a form on our site.",
  storage: "Something went wrong on our side and your enquiry was not saved. Please try again.",
  key: "Your enquiry arrived with a key we cannot read. Please send it again with the form on our site.",
};

interface Options {
  intake: Intake;
  assets: PageAssets;
  /** Take the client's address from X-Forwarded-For (for the rate limit). */
  trustProxy: boolean;
}

/** POST /api/enquiry: read the request, hand it to the intake, answer JSON or a page. */
export function enquiryHandler({ intake, assets, trustProxy }: Options) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const type = mediaType(req.headers["content-type"]);
    const json = wantsJson(req.headers.accept) || type === JSON_TYPE;
    const reply = (status: number, data: object, html: () => string) =>
      json ? sendJson(res, status, data) : sendHtml(res, status, html());
    const refuse = (status: number, message: string, kind?: FormKind, values?: EnquiryValues) =>
      reply(status, { ok: false, errors: { [FORM_FIELD]: message } }, () =>
        problemPage(assets, message, kind, values),
      );

    if (req.method !== "POST") {
      res.setHeader("Allow", "POST");
      discardRest(req);
      return refuse(405, problems.method);
    }
    if (type !== FORM_TYPE && type !== JSON_TYPE) {
      discardRest(req);
      return refuse(415, problems.type);
    }
    let body: Buffer;
    try {
      body = await readBody(req);
    } catch (error) {
      if (error instanceof BodyTooLarge) return refuse(413, problems.tooLarge);
      return res.destroy();
    }
    const fields = parseFields(type, body.toString("utf8"));
    if (!fields) return refuse(400, problems.malformed);

    const kind = fields[FORM_FIELD];
    if (normaliseValue(fields[HONEYPOT])) {
      // A bot: it is told what a person would be told, and nothing is kept.
      const values = enquiryValues(isFormKind(kind) ? kind : "enquiry", (n) => fields[n]);
      return reply(200, { ok: true, id: randomUUID() }, () =>
        thankYouPage(assets, isFormKind(kind) ? kind : "enquiry", values),
      );
    }
    if (!isFormKind(kind)) return refuse(400, problems.unknownForm);
    const values = enquiryValues(kind, (n) => fields[n]);
    const key = req.headers["idempotency-key"];
    if (key !== undefined && (typeof key !== "string" || !isIdempotencyKey(key)))
      return refuse(400, problems.key, kind, values);

    const result = await intake.accept(kind, values, {
      key,
      client: clientAddress(req, trustProxy),
    });
    switch (result.outcome) {
      case "invalid":
        return reply(400, { ok: false, errors: result.errors }, () =>
          fixPage(assets, kind, values, result.errors, req.url?.split("?")[0] ?? ENQUIRY_PATH),
        );
      case "limited":
        res.setHeader("Retry-After", String(result.retryAfterS));
        return refuse(429, rateLimitMessage(result.retryAfterS), kind, values);
      case "unstored":
        console.error(`Enquiry ${result.id} could not be stored:`, result.error);
        return refuse(500, problems.storage, kind, values);
      case "accepted":
        return reply(200, { ok: true, id: result.id }, () => thankYouPage(assets, kind, values));
    }
  };
}

export function mediaType(header: string | undefined) {
  return (header ?? "").split(";")[0].trim().toLowerCase();
}

export function wantsJson(accept: string | undefined) {
  return /\bapplication\/json\b/i.test(accept ?? "");
}

/** The posted fields, first value of each; null when the body cannot be read as its type says. */
export function parseFields(type: string, text: string): Record<string, string> | null {
  if (type === JSON_TYPE) {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return null;
    }
    if (!data || typeof data !== "object" || Array.isArray(data)) return null;
    return Object.fromEntries(
      Object.entries(data)
        .filter(([, v]) => typeof v === "string" || typeof v === "number")
        .map(([k, v]) => [k, String(v)]),
    );
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text))
    if (!(name in fields)) fields[name] = value;
  return fields;
}

const noStore = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };

export function sendJson(res: ServerResponse, status: number, data: object) {
  res.writeHead(status, { ...noStore, "Content-Type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(data));
}

export function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { ...noStore, "Content-Type": "text/html; charset=utf-8" });
  res.end(html);
}
