import type { IncomingMessage, ServerResponse } from "node:http";
import {
  enquiryValues,
  FORM_FIELD,
  HONEYPOT,
  LANG_FIELD,
  normaliseValue,
} from "../../src/lib/enquiry";
import { isTimeZone } from "../../src/lib/slots";
import { discardRest } from "../body";
import { acceptedEncoding, Compressible } from "../compress";
import { mediaType, sendHtml, sendJson, wantsJson } from "../enquiry";
import { isIdempotencyKey } from "../intake";
import type { Languages } from "../languages";
import { clientAddress } from "../rateLimit";
import { readPostedForm } from "../reservations/form";
import { verifyLink } from "../reservations/token";
import type { RegistrationDesk } from "./desk";
import type { EventSchedule } from "./schedule";
import type { Registration } from "./store";

export const EVENTS_PATH = "/api/events";
export const REGISTER_PATH = `${EVENTS_PATH}/register`;
export const PLACES_PATH = `${EVENTS_PATH}/places`;
export const EVENT_ICS_PATH = `${EVENTS_PATH}/ics`;
export const EVENT_MANAGE_PATH = "/events/manage";

/** How long a browser or CDN may reuse the places: short; the server decides at registration anyway. */
const PLACES_MAX_AGE_S = 5;

interface Options {
  desk: RegistrationDesk;
  schedule: EventSchedule;
  languages: Languages;
  pageHeaders: (res: ServerResponse, code: string) => void;
  trustProxy: boolean;
  secret: Buffer;
  manageUrl: (r: Registration) => string;
  icsUrl: (r: Registration) => string;
  eventUrl: (slug: string, lang?: string) => string;
  mailFrom: string;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** GET places, POST a registration, the manage page and the .ics download. */
export function eventHandlers(options: Options): Record<string, Handler> {
  const { desk, schedule, languages } = options;
  const page = async (res: ServerResponse, status: number, code: string, html: Promise<string>) => {
    const text = await html;
    options.pageHeaders(res, code);
    sendHtml(res, status, text);
  };
  const urls = (r: Registration) => ({ manage: options.manageUrl(r), ics: options.icsUrl(r) });
  const fromLink = (id: string | undefined, token: string | undefined) => {
    if (!id || !token || !/^[\w-]{1,64}$/.test(id)) return undefined;
    return verifyLink(options.secret, "registration", id, token) ? desk.get(id) : undefined;
  };

  const answered = { revision: -1, until: 0, body: new Compressible("") };
  const places: Handler = async (req, res) => {
    discardRest(req);
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", "GET");
      return sendJson(res, 405, { ok: false, error: "Use GET." });
    }
    const now = desk.now();
    // Reused until a place is taken or freed, and for no longer than browsers may keep it.
    if (answered.revision !== desk.revision || now >= answered.until) {
      const events = Object.fromEntries(
        schedule.all().map((s) => [s.event.slug, desk.places(s, now)]),
      );
      answered.body = new Compressible(
        JSON.stringify({ now: new Date(now).toISOString(), events }),
      );
      answered.revision = desk.revision;
      answered.until = now + PLACES_MAX_AGE_S * 1000;
    }
    const encoding = acceptedEncoding(req.headers["accept-encoding"]);
    res.writeHead(200, {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": `public, max-age=${PLACES_MAX_AGE_S}`,
      Vary: "Accept-Encoding",
      ...(encoding ? { "Content-Encoding": encoding } : {}),
    });
    res.end(req.method === "HEAD" ? undefined : answered.body.as(encoding));
    await Promise.resolve();
  };

  const register: Handler = async (req, res) => {
    const json =
      wantsJson(req.headers.accept) ||
      mediaType(req.headers["content-type"]) === "application/json";
    let lang = languages.codeOfRequest(req);
    let views = languages.in(lang);
    const reply = (status: number, data: object, html: () => Promise<string>) =>
      json ? sendJson(res, status, data) : page(res, status, lang, html());
    const refuse = async (status: number, message: string, data: object = {}) =>
      reply(status, { ok: false, ...data, errors: { [FORM_FIELD]: message } }, async () =>
        views.registrationMessagePage(
          await views.registrationWord("notRegistered"),
          message,
          await views.registrationWord("notSent"),
        ),
      );
    const fields = await readPostedForm(
      req,
      res,
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
    if (normaliseValue(fields[HONEYPOT])) return refuse(400, await views.problem("malformed"));
    const key = req.headers["idempotency-key"];
    if (key !== undefined && (typeof key !== "string" || !isIdempotencyKey(key)))
      return refuse(400, await views.problem("key"));
    const slug = normaliseValue(fields.event);
    const zone = normaliseValue(fields.zone);
    const values = enquiryValues("registration", (n) => fields[n]);
    const result = await desk.register(values, {
      event: slug,
      zone: isTimeZone(zone) ? zone : undefined,
      key,
      client: clientAddress(req, options.trustProxy),
      lang,
      validate: views.validate,
    });
    switch (result.outcome) {
      case "invalid":
        return reply(422, { ok: false, errors: result.errors }, async () =>
          views.registrationMessagePage(
            await word("notRegistered"),
            Object.values(result.errors).join(" "),
            await word("notSent"),
          ),
        );
      case "limited":
        res.setHeader("Retry-After", String(result.retryAfterS));
        return refuse(429, await views.rateLimited(result.retryAfterS));
      case "unknown":
        return refuse(404, await word("unknownEvent"), { reason: "unknown" });
      case "closed":
      case "cancelled":
      case "past":
        return refuse(409, await word(result.outcome), { reason: result.outcome });
      case "unstored":
        console.error("A registration could not be stored:", result.error);
        return refuse(500, await word("notSaved"));
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

  /** A link that opens no open registration: in its language when there is one. */
  const closed = async (res: ServerResponse, r: Registration | undefined) => {
    const lang = languages.codeOf(r?.lang);
    const views = languages.in(lang);
    const message = await views.registrationWord(
      !r ? "badLink" : r.state === "cancelled" ? "wasCancelled" : "past",
    );
    return page(
      res,
      r ? 410 : 404,
      lang,
      views.registrationMessagePage(await views.registrationWord("unavailableTitle"), message),
    );
  };

  // The manage page and its answers are in the language the registration was made in.
  const manage: Handler = async (req, res) => {
    if (req.method === "GET" || req.method === "HEAD") {
      discardRest(req);
      const params = new URL(req.url ?? "/", "http://x").searchParams;
      const token = params.get("t") ?? "";
      const r = fromLink(params.get("r") ?? undefined, token);
      if (!r || !desk.isOpen(r)) return closed(res, r);
      const lang = languages.codeOf(r.lang);
      const event = schedule.get(r.event)!.event;
      return page(
        res,
        200,
        lang,
        languages.in(lang).registrationManagePage(r, event, desk.placeInLine(r), token, {
          ...urls(r),
          action: EVENT_MANAGE_PATH,
        }),
      );
    }
    const views = languages.in(languages.codeOfRequest(req));
    const fields = await readPostedForm(
      req,
      res,
      {
        method: () => views.registrationWord("method"),
        type: () => views.problem("type"),
        tooLarge: () => views.registrationWord("tooLarge"),
        malformed: () => views.problem("malformed"),
      },
      async (status, message) =>
        page(
          res,
          status,
          languages.codeOfRequest(req),
          views.registrationMessagePage(message, message),
        ),
    );
    if (!fields) return;
    const r = fromLink(fields.r, fields.t ?? "");
    if (!r || !desk.isOpen(r) || fields.action !== "cancel") return closed(res, r);
    const lang = languages.codeOf(r.lang);
    const speaker = languages.in(lang);
    const word = speaker.registrationWord;
    const result = await desk.cancel(r.id, "registrant");
    if (result.outcome === "closed") return closed(res, result.registration);
    if (result.outcome === "unstored") {
      console.error("A registration's cancellation could not be stored:", result.error);
      return page(
        res,
        500,
        lang,
        speaker.registrationMessagePage(await word("notCancelled"), await word("tryAgain")),
      );
    }
    return page(
      res,
      200,
      lang,
      speaker.registrationMessagePage(
        await word("cancelledTitle"),
        await word("cancelledLead", { email: r.email }),
      ),
    );
  };

  const ics: Handler = async (req, res) => {
    discardRest(req);
    const params = new URL(req.url ?? "/", "http://x").searchParams;
    const r = fromLink(params.get("r") ?? undefined, params.get("t") ?? "");
    const scheduled = r && schedule.get(r.event);
    if (!r || !scheduled || r.state === "waiting") return closed(res, r);
    const invite = await languages.in(languages.codeOf(r.lang)).registrationInvite(
      r,
      scheduled,
      {
        mailFrom: options.mailFrom,
        manageUrl: options.manageUrl(r),
        eventUrl: options.eventUrl(r.event, r.lang),
      },
      r.state === "cancelled" || scheduled.cancelled ? "CANCEL" : "PUBLISH",
    );
    res.writeHead(200, {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="event.ics"',
      "Cache-Control": "no-store",
    });
    res.end(invite);
  };

  return {
    [PLACES_PATH]: places,
    [REGISTER_PATH]: register,
    [EVENT_MANAGE_PATH]: manage,
    [EVENT_ICS_PATH]: ics,
  };
}
