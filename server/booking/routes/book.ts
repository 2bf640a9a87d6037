import {
  enquiryValues,
  FORM_FIELD,
  HONEYPOT,
  LANG_FIELD,
  normaliseValue,
} from "../../../src/lib/enquiry";
import { CAMPAIGN_FIELD } from "../../../src/lib/campaign";
import { NOTICE_FIELD, noticeOf } from "../../../src/lib/notice";
import { postedCampaign } from "../../service/campaign";
import { mediaType, sendJson, wantsJson } from "../../http/answers";
import { isIdempotencyKey } from "../../enquiries/intake";
import { clientAddress } from "../../service/rateLimit";
import { sendPage, type Handler } from "../../reservations/http";
import { slotView, type BookingContext } from "./context";
import { log } from "../../service/log";

/** POST /api/booking: a booking from the form, answered as JSON or a page. */
export const bookRoute =
  (ctx: BookingContext): Handler =>
  async (req, res, body) => {
    const { desk, links, languages, readForm, choiceOf, bookingView, urls, options } = ctx;
    const json =
      wantsJson(req.headers.accept) ||
      mediaType(req.headers["content-type"]) === "application/json";
    const fields = readForm(req, res, body, json);
    if (!fields) return;
    // From here on the answer is in the language the form was sent from.
    const lang = languages.codeOf(fields[LANG_FIELD]);
    const views = languages.in(lang);
    const word = views.bookingWord;
    const values = enquiryValues("enquiry", (n) => fields[n]);
    const campaign = postedCampaign(fields, req, options.trustProxy);
    const posted = {
      ...values,
      mode: fields.mode ?? "",
      zone: fields.zone ?? "",
      date: fields.date ?? "",
      time: fields.time ?? "",
      // The pages sent back carry it on: posted from them, no Referer names it.
      ...(campaign ? { [CAMPAIGN_FIELD]: campaign } : {}),
    };
    const reply = (status: number, data: object, html: () => string) =>
      json ? sendJson(res, status, data) : sendPage(res, status, html());
    const refuse = (status: number, message: string, title?: string) =>
      reply(status, { ok: false, errors: { [FORM_FIELD]: message } }, () =>
        views.messagePage(title ?? word("notBooked"), message, word("notSent")),
      );
    if (normaliseValue(fields[HONEYPOT])) {
      // A bot is told it failed in a way a person would not see, and nothing is kept.
      return refuse(400, views.problem("malformed"));
    }
    const choice = choiceOf(fields);
    const key = req.headers["idempotency-key"];
    if (key !== undefined && (typeof key !== "string" || !isIdempotencyKey(key)))
      return refuse(400, views.problem("key"));
    if (!choice) {
      const errors = {
        start: word(desk.isMode(normaliseValue(fields.mode)) ? "pickSlot" : "pickMode"),
      };
      return reply(400, { ok: false, errors }, () =>
        views.bookingFixPage(posted, errors, links.endpoint),
      );
    }
    const result = await desk.book(values, choice, {
      key,
      client: clientAddress(req, options.trustProxy),
      lang,
      campaign,
      notice: noticeOf(fields[NOTICE_FIELD]),
      validate: views.validate,
    });
    switch (result.outcome) {
      case "invalid":
        return reply(400, { ok: false, errors: result.errors }, () =>
          views.bookingFixPage(posted, result.errors, links.endpoint),
        );
      case "limited": {
        res.setHeader("Retry-After", String(result.retryAfterS));
        return refuse(429, views.rateLimited(result.retryAfterS));
      }
      case "taken":
      case "unavailable": {
        const message = word(result.outcome === "taken" ? "taken" : "invalidSlot");
        return reply(
          result.outcome === "taken" ? 409 : 422,
          {
            ok: false,
            reason: result.outcome,
            errors: { start: message },
            alternatives: result.alternatives.map(slotView),
          },
          () =>
            views.slotPage(
              message,
              result.alternatives,
              { ...posted, zone: choice.zone, form: "booking", [LANG_FIELD]: lang },
              links.endpoint,
            ),
        );
      }
      case "existing": {
        const message = word("existing");
        return reply(
          409,
          { ok: false, reason: "existing", errors: { [FORM_FIELD]: message } },
          () => views.messagePage(word("alreadyBooked"), message),
        );
      }
      case "unstored":
        log.error({ err: result.error }, "A booking could not be stored");
        return refuse(500, word("notSaved"));
      case "booked":
        return reply(201, { ok: true, booking: bookingView(result.booking) }, () =>
          views.bookedPage(result.booking, urls(result.booking)),
        );
    }
  };
