import type { ProxyTrust } from "../service/proxies";
import type { IncomingMessage, ServerResponse } from "node:http";
import { booking as rules } from "../../src/content/booking";
import { FORM_FIELD, normaliseValue } from "../../src/lib/enquiry";
import { isTimeZone, zonedInstant, type Slot } from "../../src/lib/slots";
import { sendJson } from "../http/answers";
import type { Languages } from "../languages";
import { BOOKING_PATH, MANAGE_PATH } from "../service/paths";
import { readPostedForm } from "../reservations/form";
import type { LinkSecret } from "../reservations/token";
import {
  linkReader,
  sendPage,
  queryOf,
  refuseUnlessGet,
  sharedJson,
  type Handler,
} from "../reservations/http";
import type { BookingDesk, SlotChoice } from "./desk";
import { bookRoute } from "./routes/book";
import { icsRoute } from "./routes/ics";
import { manageRoute } from "./routes/manage";
import type { Booking } from "./store";

export { BOOKING_PATH };
export const SLOTS_PATH = `${BOOKING_PATH}/slots`;
export const ICS_PATH = `${BOOKING_PATH}/ics`;

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
  trustProxy: ProxyTrust;
  secret: LinkSecret;
  links: BookingLinks;
  organiser: { name: string; email: string };
  domain: string;
}

export const slotView = (s: Slot) => ({ start: s.start, end: s.end, free: s.free });

/** What every booking route shares. */
export function bookingContext(options: Options) {
  const { desk, links, languages } = options;
  const urls = (b: Booking) => ({
    endpoint: links.endpoint,
    manage: links.manageUrl(b),
    ics: links.icsUrl(b),
  });
  return {
    options,
    desk,
    links,
    languages,
    urls,
    fromLink: linkReader(options.secret, "booking", (id) => desk.get(id)),

    /** The slot posted: a `start` instant (the picker), or a London `date` and `time` (no JavaScript). */
    choiceOf: (fields: Record<string, string>): SlotChoice | undefined => {
      const mode = normaliseValue(fields.mode);
      const zone = normaliseValue(fields.zone);
      let start = normaliseValue(fields.start);
      if (!start && fields.date && fields.time)
        start =
          zonedInstant(fields.date.trim(), fields.time.trim(), rules.zone)?.toISOString() ?? "";
      const at = Date.parse(start);
      if (!desk.isMode(mode) || Number.isNaN(at)) return undefined;
      return {
        mode,
        start: new Date(at).toISOString(),
        zone: isTimeZone(zone) ? zone : rules.zone,
      };
    },

    /**
     * Read a posted form; on a problem, answer it (before its fields are read, in the language of
     * the page it came from or the browser's) and return undefined.
     */
    readForm: (req: IncomingMessage, res: ServerResponse, json: boolean) => {
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
        (status, text) => {
          if (json) return sendJson(res, status, { ok: false, errors: { [FORM_FIELD]: text } });
          const [title, eyebrow] = [views.bookingWord("notBooked"), views.bookingWord("notSent")];
          return sendPage(res, status, views.messagePage(title, text, eyebrow));
        },
      );
    },

    bookingView: (b: Booking) => ({
      id: b.id,
      mode: b.mode,
      start: b.start,
      end: b.end,
      zone: b.zone,
      email: b.email,
      manage: links.manageUrl(b),
      ics: links.icsUrl(b),
    }),

    /** A link that opens no open booking: in the booking's language when there is one. */
    closed: (res: ServerResponse, b: Booking | undefined) => {
      const lang = languages.codeOf(b?.lang);
      const views = languages.in(lang);
      const message = views.bookingWord(
        !b ? "badLink" : b.state === "cancelled" ? "wasCancelled" : "isPast",
      );
      const title = views.bookingWord("unavailableTitle");
      return sendPage(res, b ? 410 : 404, views.messagePage(title, message));
    },
  };
}

export type BookingContext = ReturnType<typeof bookingContext>;

/** GET /api/booking/slots?mode=: the free times of a way to talk, from now to the horizon. */
const slotsRoute = (ctx: BookingContext): Handler => {
  // Three weeks of slots (a query and ~5 ms of work): reused until this process takes or frees
  // a place, and for at most the seconds a browser may keep them.
  const answer = sharedJson(SLOTS_MAX_AGE_S);
  return async (req, res) => {
    const mode = queryOf(req).get("mode") ?? "";
    if (refuseUnlessGet(req, res)) return;
    if (!ctx.desk.isMode(mode))
      return sendJson(res, 400, {
        ok: false,
        error: `Unknown mode "${mode.slice(0, 20)}": use video, phone or office.`,
      });
    const now = ctx.desk.now();
    await answer(req, res, {
      key: mode,
      revision: ctx.desk.revision,
      now,
      json: async () => ({
        zone: rules.zone,
        // The server's clock: the picker's calendar starts on its today, whatever the visitor's says.
        now: new Date(now).toISOString(),
        slotMinutes: rules.slotMinutes,
        slots: (await ctx.desk.slots(mode)).map(slotView),
      }),
    });
  };
};

/** GET /api/booking/slots, POST /api/booking, /book/manage and the .ics download. */
export function bookingHandlers(options: Options): Record<string, Handler> {
  const ctx = bookingContext(options);
  return {
    [SLOTS_PATH]: slotsRoute(ctx),
    [BOOKING_PATH]: bookRoute(ctx),
    [MANAGE_PATH]: manageRoute(ctx),
    [ICS_PATH]: icsRoute(ctx),
  };
}
