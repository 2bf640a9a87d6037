import {
  enquiryValues,
  FORM_FIELD,
  HONEYPOT,
  LANG_FIELD,
  normaliseValue,
} from "../../../src/lib/enquiry";
import { isTimeZone } from "../../../src/lib/slots";
import { NOTICE_FIELD, noticeOf } from "../../../src/lib/notice";
import { mediaType, sendJson, wantsJson } from "../../http/answers";
import { isIdempotencyKey } from "../../enquiries/intake";
import { clientAddress } from "../../service/rateLimit";
import { readPostedForm } from "../../reservations/form";
import { sendPage, type Handler } from "../../reservations/http";
import type { EventsContext } from "./context";
import { log } from "../../service/log";

/** POST /api/events/register: a registration from an event page's form, answered as JSON or a page. */
export const registerRoute =
  (ctx: EventsContext): Handler =>
  async (req, res, posted) => {
    const { desk, schedule, languages, options, urls } = ctx;
    const json =
      wantsJson(req.headers.accept) ||
      mediaType(req.headers["content-type"]) === "application/json";
    let lang = languages.codeOfRequest(req);
    let views = languages.in(lang);
    const reply = (status: number, data: object, html: () => string) =>
      json ? sendJson(res, status, data) : sendPage(res, status, html());
    const refuse = (status: number, message: string, data: object = {}) =>
      reply(status, { ok: false, ...data, errors: { [FORM_FIELD]: message } }, () =>
        views.registrationMessagePage(
          views.registrationWord("notRegistered"),
          message,
          views.registrationWord("notSent"),
        ),
      );
    const fields = readPostedForm(
      req,
      res,
      posted,
      {
        method: () => views.registrationWord("method"),
        type: () => views.problem("type"),
        tooLarge: () => views.registrationWord("tooLarge"),
        malformed: () => views.problem("malformed"),
      },
      (status, message) => refuse(status, message),
    );
    if (!fields) return;
    // From here on the answer is in the language the form was sent from.
    lang = languages.codeOf(fields[LANG_FIELD]);
    views = languages.in(lang);
    const word = views.registrationWord;
    // A bot is told it failed in a way a person would not see, and nothing is kept.
    if (normaliseValue(fields[HONEYPOT])) return refuse(400, views.problem("malformed"));
    const key = req.headers["idempotency-key"];
    if (key !== undefined && (typeof key !== "string" || !isIdempotencyKey(key)))
      return refuse(400, views.problem("key"));
    const slug = normaliseValue(fields.event);
    const zone = normaliseValue(fields.zone);
    const values = enquiryValues("registration", (n) => fields[n]);
    const result = await desk.register(values, {
      event: slug,
      zone: isTimeZone(zone) ? zone : undefined,
      key,
      client: clientAddress(req, options.trustProxy),
      lang,
      notice: noticeOf(fields[NOTICE_FIELD]),
      validate: views.validate,
    });
    switch (result.outcome) {
      case "invalid":
        return reply(422, { ok: false, errors: result.errors }, () =>
          views.registrationMessagePage(
            word("notRegistered"),
            Object.values(result.errors).join(" "),
            word("notSent"),
          ),
        );
      case "limited":
        res.setHeader("Retry-After", String(result.retryAfterS));
        return refuse(429, views.rateLimited(result.retryAfterS));
      case "unknown":
        return refuse(404, word("unknownEvent"), { reason: "unknown" });
      case "closed":
      case "cancelled":
      case "past":
        return refuse(409, word(result.outcome), { reason: result.outcome });
      case "unstored":
        log.error({ err: result.error }, "A registration could not be stored");
        return refuse(500, word("notSaved"));
      case "registered":
      case "existing": {
        const r = result.registration;
        const scheduled = schedule.get(r.event)!;
        return reply(
          200,
          {
            ok: true,
            id: r.id,
            status: r.state === "waiting" ? "waiting" : "confirmed",
            ...(result.place ? { place: result.place } : {}),
            ...(result.outcome === "existing" ? { existing: true } : {}),
          },
          () =>
            views.registeredPage(
              r,
              scheduled.event,
              result.place,
              result.outcome === "existing",
              urls(r),
            ),
        );
      }
    }
  };
