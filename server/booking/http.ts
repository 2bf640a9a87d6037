import type { IncomingMessage, ServerResponse } from "node:http";
import { booking as rules, bookingCopy } from "../../content/booking";
import {
  enquiryValues,
  FORM_FIELD,
  HONEYPOT,
  normaliseValue,
  rateLimitMessage,
} from "../../src/lib/enquiry";
import { isTimeZone, zonedInstant, type Slot } from "../../src/lib/slots";
import { BODY_LIMIT, BodyTooLarge, discardRest, readBody } from "../body";
import { formWords } from "../../content/forms";
import { mediaType, parseFields, sendHtml, sendJson, wantsJson } from "../enquiry";
import { isIdempotencyKey } from "../intake";
import type { PageAssets } from "../pages";
import { clientAddress } from "../rateLimit";
import type { BookingDesk, SlotChoice } from "./desk";
import { inviteFor } from "./invite";
import {
  bookedPage,
  bookingFixPage,
  managePage,
  messagePage,
  slotPage,
  type BookingLinks,
} from "./pages";
import type { Booking } from "./store";
import { verifyBooking } from "./token";

import { BOOKING_PATH } from "../paths";
export { BOOKING_PATH };
export const SLOTS_PATH = `${BOOKING_PATH}/slots`;
export const ICS_PATH = `${BOOKING_PATH}/ics`;
export const MANAGE_PATH = "/book/manage";

const problems = formWords.problems;

/** How long a browser or CDN may reuse a slot list: short, the server refuses a taken slot anyway. */
const SLOTS_MAX_AGE_S = 5;

interface Options {
  desk: BookingDesk;
  assets: PageAssets;
  trustProxy: boolean;
  secret: Buffer;
  links: BookingLinks;
  organiser: { name: string; email: string };
  domain: string;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

const slotView = (s: Slot) => ({ start: s.start, end: s.end, free: s.free });

/** GET /api/booking/slots, POST /api/booking, /book/manage and the .ics download. */
export function bookingHandlers(options: Options): Record<string, Handler> {
  const { desk, assets, links } = options;

  /** The booking a link names, when its token is right. */
  const fromLink = (id: string | undefined, token: string | undefined) => {
    if (!id || !token || !/^[\w-]{1,64}$/.test(id)) return undefined;
    if (!verifyBooking(options.secret, id, token)) return undefined;
    return desk.get(id);
  };

  /** The slot posted: a `start` instant (the picker), or a London `date` and `time` (no JavaScript). */
  const choiceOf = (fields: Record<string, string>): SlotChoice | undefined => {
    const mode = normaliseValue(fields.mode);
    const zone = normaliseValue(fields.zone);
    let start = normaliseValue(fields.start);
    if (!start && fields.date && fields.time)
      start = zonedInstant(fields.date.trim(), fields.time.trim(), rules.zone)?.toISOString() ?? "";
    const at = Date.parse(start);
    if (!desk.isMode(mode) || Number.isNaN(at)) return undefined;
    return {
      mode,
      start: new Date(at).toISOString(),
      zone: isTimeZone(zone) ? zone : rules.zone,
    };
  };

  const slots = (req: IncomingMessage, res: ServerResponse) => {
    const mode = new URL(req.url ?? "/", "http://x").searchParams.get("mode") ?? "";
    discardRest(req);
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", "GET");
      return sendJson(res, 405, { ok: false, error: "Use GET." });
    }
    if (!desk.isMode(mode))
      return sendJson(res, 400, {
        ok: false,
        error: `Unknown mode "${mode.slice(0, 20)}": use video, phone or office.`,
      });
    res.writeHead(200, {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": `public, max-age=${SLOTS_MAX_AGE_S}`,
    });
    res.end(slotsBody(mode));
  };

  // Working out three weeks of slots costs ~5 ms; the answer is reused until a place is taken or
  // freed, and for no longer than browsers may keep it anyway.
  const answered = new Map<string, { revision: number; until: number; body: string }>();
  const slotsBody = (mode: string) => {
    const at = desk.now();
    const kept = answered.get(mode);
    if (kept && kept.revision === desk.revision && at < kept.until) return kept.body;
    const body = JSON.stringify({
      zone: rules.zone,
      slotMinutes: rules.slotMinutes,
      slots: desk.slots(mode).map(slotView),
    });
    answered.set(mode, { revision: desk.revision, until: at + SLOTS_MAX_AGE_S * 1000, body });
    return body;
  };

  /** Read a posted form; on a problem, answer it and return undefined. */
  const readForm = async (req: IncomingMessage, res: ServerResponse, json: boolean) => {
    const refuse = (status: number, message: string) =>
      json
        ? sendJson(res, status, { ok: false, errors: { [FORM_FIELD]: message } })
        : sendHtml(res, status, messagePage(assets, "Not booked", message, "Not sent"));
    if (req.method !== "POST") {
      res.setHeader("Allow", "POST");
      discardRest(req);
      return void refuse(405, "Bookings are made with the form on our booking page.");
    }
    const type = mediaType(req.headers["content-type"]);
    if (type !== "application/x-www-form-urlencoded" && type !== "application/json") {
      discardRest(req);
      return void refuse(415, problems.type);
    }
    let body: Buffer;
    try {
      body = await readBody(req);
    } catch (error) {
      if (error instanceof BodyTooLarge)
        return void refuse(
          413,
          `Your booking is longer than we can take (over ${BODY_LIMIT / 1024} kB). Please shorten your message.`,
        );
      res.destroy();
      return undefined;
    }
    const fields = parseFields(type, body.toString("utf8"));
    if (!fields) return void refuse(400, problems.malformed);
    return fields;
  };

  const bookingView = (b: Booking) => ({
    id: b.id,
    mode: b.mode,
    start: b.start,
    end: b.end,
    zone: b.zone,
    email: b.email,
    manage: links.manageUrl(b),
    ics: links.icsUrl(b),
  });

  const book: Handler = async (req, res) => {
    const json =
      wantsJson(req.headers.accept) ||
      mediaType(req.headers["content-type"]) === "application/json";
    const fields = await readForm(req, res, json);
    if (!fields) return;
    const values = enquiryValues("enquiry", (n) => fields[n]);
    const posted = {
      ...values,
      mode: fields.mode ?? "",
      zone: fields.zone ?? "",
      date: fields.date ?? "",
      time: fields.time ?? "",
    };
    const reply = (status: number, data: object, html: () => string) =>
      json ? sendJson(res, status, data) : sendHtml(res, status, html());
    if (normaliseValue(fields[HONEYPOT])) {
      // A bot is told it failed in a way a person would not see, and nothing is kept.
      return reply(400, { ok: false, errors: { [FORM_FIELD]: problems.malformed } }, () =>
        messagePage(assets, "Not booked", problems.malformed, "Not sent"),
      );
    }
    const choice = choiceOf(fields);
    const key = req.headers["idempotency-key"];
    if (key !== undefined && (typeof key !== "string" || !isIdempotencyKey(key)))
      return reply(400, { ok: false, errors: { [FORM_FIELD]: problems.key } }, () =>
        messagePage(assets, "Not booked", problems.key, "Not sent"),
      );
    if (!choice) {
      const errors = {
        start: desk.isMode(normaliseValue(fields.mode))
          ? bookingCopy.pickSlot
          : bookingCopy.pickMode,
      };
      return reply(400, { ok: false, errors }, () =>
        bookingFixPage(assets, posted, errors, links.endpoint),
      );
    }
    const result = await desk.book(values, choice, {
      key,
      client: clientAddress(req, options.trustProxy),
    });
    switch (result.outcome) {
      case "invalid":
        return reply(400, { ok: false, errors: result.errors }, () =>
          bookingFixPage(assets, posted, result.errors, links.endpoint),
        );
      case "limited": {
        res.setHeader("Retry-After", String(result.retryAfterS));
        const message = rateLimitMessage(result.retryAfterS);
        return reply(429, { ok: false, errors: { [FORM_FIELD]: message } }, () =>
          messagePage(assets, "Not booked", message, "Not sent"),
        );
      }
      case "taken":
      case "unavailable": {
        const message = result.outcome === "taken" ? bookingCopy.taken : bookingCopy.invalidSlot;
        return reply(
          result.outcome === "taken" ? 409 : 422,
          {
            ok: false,
            reason: result.outcome,
            errors: { start: message },
            alternatives: result.alternatives.map(slotView),
          },
          () =>
            slotPage(
              assets,
              message,
              result.alternatives,
              { ...posted, zone: choice.zone, form: "booking" },
              links.endpoint,
            ),
        );
      }
      case "existing":
        return reply(
          409,
          { ok: false, reason: "existing", errors: { [FORM_FIELD]: bookingCopy.existing } },
          () => messagePage(assets, "You already have a consultation booked", bookingCopy.existing),
        );
      case "unstored":
        console.error("A booking could not be stored:", result.error);
        return reply(
          500,
          {
            ok: false,
            errors: {
              [FORM_FIELD]:
                "Something went wrong on our side and your booking was not saved. Please try again.",
            },
          },
          () =>
            messagePage(
              assets,
              "Not booked",
              "Something went wrong on our side and your booking was not saved. Please try again.",
              "Not sent",
            ),
        );
      case "booked":
        return reply(201, { ok: true, booking: bookingView(result.booking) }, () =>
          bookedPage(assets, result.booking, links),
        );
    }
  };

  const closedMessage = (b: Booking | undefined) =>
    !b
      ? "This link does not open a booking. Please use the link in your latest e-mail from us, or book again."
      : b.state === "cancelled"
        ? "This consultation was cancelled. You are welcome to book another time."
        : "This consultation has already taken place. You are welcome to book another.";

  const manage: Handler = async (req, res) => {
    if (req.method === "GET" || req.method === "HEAD") {
      discardRest(req);
      const params = new URL(req.url ?? "/", "http://x").searchParams;
      const token = params.get("t") ?? "";
      const b = fromLink(params.get("b") ?? undefined, token);
      if (!b || !desk.isOpen(b))
        return sendHtml(
          res,
          b ? 410 : 404,
          messagePage(assets, "Booking not available", closedMessage(b)),
        );
      return sendHtml(res, 200, managePage(assets, b, token, links));
    }
    const fields = await readForm(req, res, false);
    if (!fields) return;
    const token = fields.t ?? "";
    const b = fromLink(fields.b, token);
    if (!b || !desk.isOpen(b))
      return sendHtml(
        res,
        b ? 410 : 404,
        messagePage(assets, "Booking not available", closedMessage(b)),
      );
    if (fields.action === "cancel") {
      const result = await desk.cancel(b.id, "student");
      if (result.outcome === "cancelled")
        return sendHtml(
          res,
          200,
          messagePage(
            assets,
            "Your consultation is cancelled",
            `We have e-mailed ${b.email} to confirm, and the calendar entry is removed. You are welcome to book another time.`,
            "Cancelled",
          ),
        );
      return sendHtml(
        res,
        500,
        messagePage(
          assets,
          "Not cancelled",
          "Something went wrong on our side. Please try again, or call us.",
        ),
      );
    }
    const choice = choiceOf({ ...fields, zone: fields.zone || b.zone });
    if (!choice)
      return sendHtml(res, 400, managePage(assets, b, token, links, bookingCopy.pickSlot));
    const result = await desk.move(b.id, choice);
    switch (result.outcome) {
      case "moved":
        return sendHtml(
          res,
          200,
          managePage(
            assets,
            result.booking,
            token,
            links,
            `Moved. We have e-mailed ${b.email} the new time and an updated calendar invite.`,
          ),
        );
      case "taken":
      case "unavailable":
        return sendHtml(
          res,
          result.outcome === "taken" ? 409 : 422,
          slotPage(
            assets,
            result.outcome === "taken" ? bookingCopy.taken : bookingCopy.invalidSlot,
            result.alternatives,
            { b: b.id, t: token, action: "move", mode: choice.mode, zone: choice.zone },
            MANAGE_PATH,
          ),
        );
      case "closed":
        return sendHtml(
          res,
          410,
          messagePage(assets, "Booking not available", closedMessage(result.booking)),
        );
      case "unstored":
        console.error("A move could not be stored:", result.error);
        return sendHtml(
          res,
          500,
          messagePage(
            assets,
            "Not moved",
            "Something went wrong on our side. Please try again, or call us.",
          ),
        );
    }
  };

  const ics = (req: IncomingMessage, res: ServerResponse) => {
    discardRest(req);
    const params = new URL(req.url ?? "/", "http://x").searchParams;
    const b = fromLink(params.get("b") ?? undefined, params.get("t") ?? "");
    if (!b)
      return sendHtml(res, 404, messagePage(assets, "Booking not available", closedMessage(b)));
    res.writeHead(200, {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="consultation.ics"',
      "Cache-Control": "no-store",
    });
    res.end(
      inviteFor(
        b,
        { organiser: options.organiser, domain: options.domain, manageUrl: links.manageUrl(b) },
        b.state === "cancelled" ? "CANCEL" : "PUBLISH",
      ),
    );
  };

  // The synchronous ones answer at once; every handler is called the same way.
  const now =
    (handler: (req: IncomingMessage, res: ServerResponse) => void): Handler =>
    (req, res) =>
      Promise.resolve().then(() => handler(req, res));
  return {
    [SLOTS_PATH]: now(slots),
    [BOOKING_PATH]: book,
    [MANAGE_PATH]: manage,
    [ICS_PATH]: now(ics),
  };
}
