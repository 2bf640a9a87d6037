import type { ProxyTrust } from "../service/proxies";
import { randomUUID } from "node:crypto";
import {
  enquiryValues,
  FORM_FIELD,
  HONEYPOT,
  isFormKind,
  LANG_FIELD,
  normaliseValue,
  type EnquiryValues,
  type FormKind,
} from "../../src/lib/enquiry";
import { CAMPAIGN_FIELD } from "../../src/lib/campaign";
import { NOTICE_FIELD, noticeOf } from "../../src/lib/notice";
import { postedCampaign } from "../service/campaign";
import { isIdempotencyKey, type Intake } from "./intake";
import type { Languages } from "../languages";
import { ENQUIRY_PATH } from "../service/paths";
import { clientAddress } from "../service/rateLimit";
import { log } from "../service/log";
import { mediaType, sendHtml, sendJson, wantsJson } from "../http/answers";
import { postedForm, type RawHandler } from "../http/raw";

const JSON_TYPE = "application/json";

interface Options {
  intake: Intake;
  languages: Languages;
  /** Take the client's address from X-Forwarded-For (for the rate limit). */
  trustProxy: ProxyTrust;
}

/** POST /api/enquiry: the body Fastify read handed to the intake, answered in JSON or a page. */
export function enquiryHandler({ intake, languages, trustProxy }: Options): RawHandler {
  return async (req, res, posted) => {
    const type = mediaType(req.headers["content-type"]);
    const json = wantsJson(req.headers.accept) || type === JSON_TYPE;
    // Until the body is read, the form's language is the page's it came from, or the browser's.
    let lang = languages.codeOfRequest(req);
    let views = languages.in(lang);
    const reply = (status: number, data: object, html: () => string) => {
      if (json) return sendJson(res, status, data);
      sendHtml(res, status, html());
    };
    const refuse = (status: number, message: string, kind?: FormKind, values?: EnquiryValues) =>
      reply(status, { ok: false, errors: { [FORM_FIELD]: message } }, () =>
        views.problemPage(message, kind, values),
      );

    if (req.method !== "POST") {
      res.setHeader("Allow", "POST");
      return refuse(405, views.problem("method"));
    }
    const form = postedForm(type, posted);
    if (!("fields" in form)) return refuse(form.status, views.problem(form.problem));
    const { fields } = form;
    // From here on the server answers in the language the form was sent from.
    lang = languages.codeOf(fields[LANG_FIELD]);
    views = languages.in(lang);

    const kind = fields[FORM_FIELD];
    if (normaliseValue(fields[HONEYPOT])) {
      // A bot: it is told what a person would be told, and nothing is kept.
      const values = enquiryValues(isFormKind(kind) ? kind : "enquiry", (n) => fields[n]);
      return reply(200, { ok: true, id: randomUUID() }, () =>
        views.thankYouPage(isFormKind(kind) ? kind : "enquiry", values),
      );
    }
    if (!isFormKind(kind)) return refuse(400, views.problem("unknownForm"));
    const values = enquiryValues(kind, (n) => fields[n]);
    const key = req.headers["idempotency-key"];
    if (key !== undefined && (typeof key !== "string" || !isIdempotencyKey(key)))
      return refuse(400, views.problem("key"), kind, values);

    const campaign = postedCampaign(fields, req, trustProxy);
    const result = await intake.accept(kind, values, {
      key,
      client: clientAddress(req, trustProxy),
      lang,
      campaign,
      notice: noticeOf(fields[NOTICE_FIELD]),
      validate: views.validate,
    });
    switch (result.outcome) {
      case "invalid":
        return reply(400, { ok: false, errors: result.errors }, () =>
          views.fixPage(
            kind,
            // The form again carries its campaign: posted from this page, no Referer names it.
            campaign ? { ...values, [CAMPAIGN_FIELD]: campaign } : values,
            result.errors,
            req.url?.split("?")[0] ?? ENQUIRY_PATH,
          ),
        );
      case "limited":
        res.setHeader("Retry-After", String(result.retryAfterS));
        return refuse(429, views.rateLimited(result.retryAfterS), kind, values);
      case "unstored":
        log.error({ err: result.error }, `Enquiry ${result.id} could not be stored`);
        return refuse(500, views.problem("storage"), kind, values);
      case "accepted":
        return reply(200, { ok: true, id: result.id }, () => views.thankYouPage(kind, values));
    }
  };
}
