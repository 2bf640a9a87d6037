/** What every booking route shares: the desk, the links, the languages and the posted slot. */
import type { ProxyTrust } from "../../service/proxies";
import type { IncomingMessage, ServerResponse } from "node:http";
import { booking as rules } from "../../../src/content/booking";
import { FORM_FIELD, normaliseValue } from "../../../src/lib/enquiry";
import { isTimeZone, zonedInstant, type Slot } from "../../../src/lib/slots";
import { sendJson } from "../../http/answers";
import type { Languages } from "../../languages";
import { BOOKING_PATH } from "../../service/paths";
import type { Posted } from "../../http/raw";
import { readPostedForm } from "../../reservations/form";
import type { LinkSecret } from "../../reservations/token";
import { linkReader, sendPage } from "../../reservations/http";
import type { BookingDesk, SlotChoice } from "../desk";
import type { Booking } from "../store";

export { BOOKING_PATH };
export const SLOTS_PATH = `${BOOKING_PATH}/slots`;
export const ICS_PATH = `${BOOKING_PATH}/ics`;

/** Where the booking form posts, and each booking's own links. */
export interface BookingLinks {
  endpoint: string;
  manageUrl: (b: Booking) => string;
  icsUrl: (b: Booking) => string;
}

export interface Options {
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
    readForm: (req: IncomingMessage, res: ServerResponse, posted: Posted, json: boolean) => {
      const lang = languages.codeOfRequest(req);
      const views = languages.in(lang);
      return readPostedForm(
        req,
        res,
        posted,
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
