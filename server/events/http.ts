import type { ProxyTrust } from "../service/proxies";
import type { ServerResponse } from "node:http";
import type { Languages } from "../languages";
import { EVENT_MANAGE_PATH, EVENTS_PATH } from "../service/paths";
import type { LinkSecret } from "../reservations/token";
import {
  linkReader,
  sendPage,
  refuseUnlessGet,
  sharedJson,
  type Handler,
} from "../reservations/http";
import type { RegistrationDesk } from "./desk";
import { icsRoute } from "./routes/ics";
import { manageRoute } from "./routes/manage";
import { registerRoute } from "./routes/register";
import type { EventSchedule } from "./schedule";
import type { Registration } from "./store";

export const REGISTER_PATH = `${EVENTS_PATH}/register`;
export const PLACES_PATH = `${EVENTS_PATH}/places`;
export const EVENT_ICS_PATH = `${EVENTS_PATH}/ics`;

/** How long a browser or CDN may reuse the places: short; the server decides at registration anyway. */
const PLACES_MAX_AGE_S = 5;

interface Options {
  desk: RegistrationDesk;
  schedule: EventSchedule;
  languages: Languages;
  trustProxy: ProxyTrust;
  secret: LinkSecret;
  manageUrl: (r: Registration) => string;
  icsUrl: (r: Registration) => string;
  eventUrl: (slug: string, lang?: string) => string;
  mailFrom: string;
}

/** What every events route shares. */
export function eventsContext(options: Options) {
  const { desk, languages } = options;
  return {
    options,
    desk,
    schedule: options.schedule,
    languages,
    urls: (r: Registration) => ({ manage: options.manageUrl(r), ics: options.icsUrl(r) }),
    fromLink: linkReader(options.secret, "registration", (id) => desk.get(id)),

    /** A link that opens no open registration: in its language when there is one. */
    closed: (res: ServerResponse, r: Registration | undefined) => {
      const lang = languages.codeOf(r?.lang);
      const views = languages.in(lang);
      const message = views.registrationWord(
        !r ? "badLink" : r.state === "cancelled" ? "wasCancelled" : "past",
      );
      return sendPage(
        res,
        r ? 410 : 404,
        views.registrationMessagePage(views.registrationWord("unavailableTitle"), message),
      );
    },
  };
}

export type EventsContext = ReturnType<typeof eventsContext>;

/** GET /api/events/places: each event's places, waiting list and whether it takes registrations. */
const placesRoute = ({ desk, schedule }: EventsContext): Handler => {
  const answer = sharedJson(PLACES_MAX_AGE_S);
  return async (req, res) => {
    if (refuseUnlessGet(req, res)) return;
    const now = desk.now();
    await answer(req, res, {
      key: "places",
      revision: desk.revision,
      now,
      json: async () => ({
        now: new Date(now).toISOString(),
        events: await desk.places(schedule.all(), now),
      }),
    });
  };
};

/** GET places, POST a registration, the manage page and the .ics download. */
export function eventHandlers(options: Options): Record<string, Handler> {
  const ctx = eventsContext(options);
  return {
    [PLACES_PATH]: placesRoute(ctx),
    [REGISTER_PATH]: registerRoute(ctx),
    [EVENT_MANAGE_PATH]: manageRoute(ctx),
    [EVENT_ICS_PATH]: icsRoute(ctx),
  };
}
