import type { IncomingMessage, ServerResponse } from "node:http";
import { booking as rules } from "../../content/booking";
import {
  enquiryValues,
  FORM_FIELD,
  HONEYPOT,
  LANG_FIELD,
  normaliseValue,
} from "../../src/lib/enquiry";
import { acceptedEncoding, Compressible } from "../compress";
import { isTimeZone, zonedInstant, type Slot } from "../../src/lib/slots";
import { discardRest } from "../body";
import { readPostedForm } from "../reservations/form";
import { mediaType, sendHtml, sendJson, wantsJson } from "../enquiry";
import type { Languages, Speaker } from "../languages";
import { isIdempotencyKey } from "../intake";
import { clientAddress } from "../rateLimit";
import type { BookingDesk, SlotChoice } from "./desk";
import type { Booking } from "./store";
import { verifyLink } from "../reservations/token";

import { BOOKING_PATH } from "../paths";
export { BOOKING_PATH };
export const SLOTS_PATH = `${BOOKING_PATH}/slots`;
export const ICS_PATH = `${BOOKING_PATH}/ics`;
export const MANAGE_PATH = "/book/manage";

/** How long a browser or CDN may reuse a slot list: short, the server refuses a taken slot anyway. */
const SLOTS_MAX_AGE_S = 5;

/** Where the booking form posts, and each booking's own links. */
export interface BookingLinks {
  endpoint: string;
  manageUrl: (b: Booking) => string;
  icsUrl: (b: Booking) => string;
}

interface Options {
  desk: BookingDesk;
  languages: Languages;
  /** Sets the headers of a page in a locale (its policy names its own inline style). */
  pageHeaders: (res: ServerResponse, code: string) => void;
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
  const { desk, links, languages } = options;
  const urls = (b: Booking) => ({
    endpoint: links.endpoint,
    manage: links.manageUrl(b),
    ics: links.icsUrl(b),
  });
  /** Send a page rendered in a locale, under that locale's headers. */
  const page = async (res: ServerResponse, status: number, code: string, html: Promise<string>) => {
    const text = await html;
    options.pageHeaders(res, code);
    sendHtml(res, status, text);
  };

  /** The booking a link names, when its token is right. */
  const fromLink = (id: string | undefined, token: string | undefined) => {
    if (!id || !token || !/^[\w-]{1,64}$/.test(id)) return undefined;
    if (!verifyLink(options.secret, "booking", id, token)) return undefined;
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
    const encoding = acceptedEncoding(req.headers["accept-encoding"]);
    res.writeHead(200, {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": `public, max-age=${SLOTS_MAX_AGE_S}`,
      Vary: "Accept-Encoding",
      ...(encoding ? { "Content-Encoding": encoding } : {}),
    });
    res.end(req.method === "HEAD" ? undefined : slotsBody(mode).as(encoding));
  };

  // Working out three weeks of slots costs ~5 ms; the answer is reused until a place is taken or
  // freed, and for no longer than browsers may keep it anyway.
  const answered = new Map<string, { revision: number; until: number; body: Compressible }>();
  const slotsBody = (mode: string) => {
    const at = desk.now();
    const kept = answered.get(mode);
    if (kept && kept.revision === desk.revision && at < kept.until) return kept.body;
    const json = JSON.stringify({
      zone: rules.zone,
      // The server's clock: the picker's calendar starts on its today, whatever the visitor's says.
      now: new Date(at).toISOString(),
      slotMinutes: rules.slotMinutes,
      slots: desk.slots(mode).map(slotView),
    });
    const body = new Compressible(json);
    answered.set(mode, { revision: desk.revision, until: at + SLOTS_MAX_AGE_S * 1000, body });
    return body;
  };

  /**
   * Read a posted form; on a problem, answer it (before its fields are read, in the language of
   * the page it came from or the browser's) and return undefined.
   */
  const readForm = async (req: IncomingMessage, res: ServerResponse, json: boolean) => {
    const lang = languages.codeOfRequest(req);
    const views = languages.in(lang);
    return readPostedForm(
      req,
      res,
      {
        method: () => views.bookingWord("method"),
        type: () => views.problem("type"),
        tooLarge: () => views.bookingWord("tooLarge"),
        malformed: () => views.problem("malformed"),
      },
      async (status, text) => {
        if (json) return sendJson(res, status, { ok: false, errors: { [FORM_FIELD]: text } });
        const [title, eyebrow] = await Promise.all([
          views.bookingWord("notBooked"),
          views.bookingWord("notSent"),
        ]);
        return page(res, status, lang, views.messagePage(title, text, eyebrow));
      },
    );
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
    // From here on the answer is in the language the form was sent from.
    const lang = languages.codeOf(fields[LANG_FIELD]);
    const views = languages.in(lang);
    const word = views.bookingWord;
    const values = enquiryValues("enquiry", (n) => fields[n]);
    const posted = {
      ...values,
      mode: fields.mode ?? "",
      zone: fields.zone ?? "",
      date: fields.date ?? "",
      time: fields.time ?? "",
    };
    const reply = (status: number, data: object, html: () => Promise<string>) =>
      json ? sendJson(res, status, data) : page(res, status, lang, html());
    const refuse = (status: number, message: string, title?: string) =>
      reply(status, { ok: false, errors: { [FORM_FIELD]: message } }, async () =>
        views.messagePage(title ?? (await word("notBooked")), message, await word("notSent")),
      );
    if (normaliseValue(fields[HONEYPOT])) {
      // A bot is told it failed in a way a person would not see, and nothing is kept.
      return refuse(400, await views.problem("malformed"));
    }
    const choice = choiceOf(fields);
    const key = req.headers["idempotency-key"];
    if (key !== undefined && (typeof key !== "string" || !isIdempotencyKey(key)))
      return refuse(400, await views.problem("key"));
    if (!choice) {
      const errors = {
        start: await word(desk.isMode(normaliseValue(fields.mode)) ? "pickSlot" : "pickMode"),
      };
      return reply(400, { ok: false, errors }, () =>
        views.bookingFixPage(posted, errors, links.endpoint),
      );
    }
    const result = await desk.book(values, choice, {
      key,
      client: clientAddress(req, options.trustProxy),
      lang,
      validate: views.validate,
    });
    switch (result.outcome) {
      case "invalid":
        return reply(400, { ok: false, errors: result.errors }, () =>
          views.bookingFixPage(posted, result.errors, links.endpoint),
        );
      case "limited": {
        res.setHeader("Retry-After", String(result.retryAfterS));
        return refuse(429, await views.rateLimited(result.retryAfterS));
      }
      case "taken":
      case "unavailable": {
        const message = await word(result.outcome === "taken" ? "taken" : "invalidSlot");
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
        const message = await word("existing");
        return reply(
          409,
          { ok: false, reason: "existing", errors: { [FORM_FIELD]: message } },
          async () => views.messagePage(await word("alreadyBooked"), message),
        );
      }
      case "unstored":
        console.error("A booking could not be stored:", result.error);
        return refuse(500, await word("notSaved"));
      case "booked":
        return reply(201, { ok: true, booking: bookingView(result.booking) }, () =>
          views.bookedPage(result.booking, urls(result.booking)),
        );
    }
  };

  /** A link that opens no open booking: in the booking's language when there is one. */
  const closed = async (res: ServerResponse, b: Booking | undefined) => {
    const lang = languages.codeOf(b?.lang);
    const views = languages.in(lang);
    const message = await views.bookingWord(
      !b ? "badLink" : b.state === "cancelled" ? "wasCancelled" : "isPast",
    );
    const title = await views.bookingWord("unavailableTitle");
    return page(res, b ? 410 : 404, lang, views.messagePage(title, message));
  };

  // The manage page and its answers are in the language the booking was made in.
  const manage: Handler = async (req, res) => {
    if (req.method === "GET" || req.method === "HEAD") {
      discardRest(req);
      const params = new URL(req.url ?? "/", "http://x").searchParams;
      const token = params.get("t") ?? "";
      const b = fromLink(params.get("b") ?? undefined, token);
      if (!b || !desk.isOpen(b)) return closed(res, b);
      const lang = languages.codeOf(b.lang);
      return page(res, 200, lang, languages.in(lang).managePage(b, token, urls(b)));
    }
    const fields = await readForm(req, res, false);
    if (!fields) return;
    const token = fields.t ?? "";
    const b = fromLink(fields.b, token);
    if (!b || !desk.isOpen(b)) return closed(res, b);
    const lang = languages.codeOf(b.lang);
    const views: Speaker = languages.in(lang);
    const word = views.bookingWord;
    const failed = async (title: "notCancelled" | "notMoved") =>
      page(res, 500, lang, views.messagePage(await word(title), await word("tryAgainOrCall")));
    if (fields.action === "cancel") {
      const result = await desk.cancel(b.id, "student");
      if (result.outcome !== "cancelled") return failed("notCancelled");
      return page(
        res,
        200,
        lang,
        views.messagePage(
          await word("cancelledTitle"),
          await word("cancelledLead", { email: b.email }),
          await word("cancelledEyebrow"),
        ),
      );
    }
    const choice = choiceOf({ ...fields, zone: fields.zone || b.zone });
    if (!choice)
      return page(res, 400, lang, views.managePage(b, token, urls(b), await word("pickSlot")));
    const result = await desk.move(b.id, choice);
    switch (result.outcome) {
      case "moved":
        return page(
          res,
          200,
          lang,
          views.managePage(
            result.booking,
            token,
            urls(result.booking),
            await word("moved", { email: b.email }),
          ),
        );
      case "taken":
      case "unavailable":
        return page(
          res,
          result.outcome === "taken" ? 409 : 422,
          lang,
          views.slotPage(
            await word(result.outcome === "taken" ? "taken" : "invalidSlot"),
            result.alternatives,
            { b: b.id, t: token, action: "move", mode: choice.mode, zone: choice.zone },
            MANAGE_PATH,
          ),
        );
      case "closed":
        return closed(res, result.booking);
      case "unstored":
        console.error("A move could not be stored:", result.error);
        return failed("notMoved");
    }
  };

  const ics: Handler = async (req, res) => {
    discardRest(req);
    const params = new URL(req.url ?? "/", "http://x").searchParams;
    const b = fromLink(params.get("b") ?? undefined, params.get("t") ?? "");
    if (!b) return closed(res, b);
    const invite = await languages
      .in(languages.codeOf(b.lang))
      .inviteFor(
        b,
        { organiser: options.organiser, domain: options.domain, manageUrl: links.manageUrl(b) },
        b.state === "cancelled" ? "CANCEL" : "PUBLISH",
      );
    res.writeHead(200, {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="consultation.ics"',
      "Cache-Control": "no-store",
    });
    res.end(invite);
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
    [ICS_PATH]: ics,
  };
}
