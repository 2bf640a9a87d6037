/** What every events route shares: the desk, the schedule, the links and the languages. */
import type { ProxyTrust } from "../../service/proxies";
import type { ServerResponse } from "node:http";
import type { Languages } from "../../languages";
import { EVENTS_PATH } from "../../service/paths";
import type { LinkSecret } from "../../reservations/token";
import { linkReader, sendPage } from "../../reservations/http";
import type { RegistrationDesk } from "../desk";
import type { EventSchedule } from "../schedule";
import type { Registration } from "../store";

export const REGISTER_PATH = `${EVENTS_PATH}/register`;
export const PLACES_PATH = `${EVENTS_PATH}/places`;
export const EVENT_ICS_PATH = `${EVENTS_PATH}/ics`;

export interface Options {
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
