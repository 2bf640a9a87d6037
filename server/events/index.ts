/**
 * Events: the schedule (content/events.yaml, re-read while serving), registrations with their
 * waiting lists and desk, their e-mails through their own outbox, the endpoints
 * (/api/events: register, places, invites) and the manage page (/events/manage).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { studyInterests } from "../../src/content/home";
import { EVENTS_FILE } from "../../src/events/load";
import { localePath } from "../../src/i18n/pageLocale";
import { localeByCode, sourceLocale } from "../../src/i18n/locales";
import { DeliveryWorker } from "../outbox/delivery";
import { Outbox } from "../outbox/outbox";
import { rawRoutes, type Posted } from "../http/raw";
import { signLink } from "../reservations/token";
import type { Services } from "../service/services";
import { RegistrationDesk } from "./desk";
import { EVENT_ICS_PATH, eventHandlers } from "./http";
import { EVENT_MANAGE_PATH } from "../service/paths";
import { registrationLetters } from "./mail";
import { registrationWebhook } from "./webhook";
import { EventSchedule } from "./schedule";
import { StaffRequests } from "../reservations/staffRequests";
import { placeInLine, RegistrationStore, type Registration } from "./store";
import { log } from "../service/log";

export interface EventsOptions {
  /** content/events.yaml by default (EVENTS_FILE). */
  eventsFile?: string;
}

export function startEvents(services: Services, options: EventsOptions = {}) {
  const { database, prepared, secret, publicUrl, webhooks, now: clock } = services;
  const { mailer, ...settings } = services.mail;
  // Ready once the key is loaded too: a registration read from the store can be given its links.
  const store = new RegistrationStore(database, secret.loaded);
  const schedule = new EventSchedule(options.eventsFile ?? EVENTS_FILE, database, prepared, clock);
  const token = (r: Registration) => signLink(secret.key, "registration", r.id);
  const manageUrl = (r: Registration) => `${publicUrl}${EVENT_MANAGE_PATH}?r=${r.id}&t=${token(r)}`;
  const icsUrl = (r: Registration) => `${publicUrl}${EVENT_ICS_PATH}?r=${r.id}&t=${token(r)}`;
  const eventUrl = (slug: string, lang?: string) =>
    `${publicUrl}${localePath(localeByCode(lang ?? "") ?? sourceLocale, `/events/${slug}`)}`;
  const worker = mailer
    ? new DeliveryWorker<Registration>({
        outbox: new Outbox(database.db, "registrations", prepared),
        load: (id) => store.get(id),
        transport: mailer,
        letters: (r, now) => registrationLetters(r, schedule.get(r.event), now),
        compose: async (version, mail) => {
          const current = await store.get(version.id);
          return services.languages.in(version.lang).composeRegistrationMail(
            version,
            mail,
            current,
            schedule.get(version.event),
            current && (await placeInLine(store, current)),
            {
              ...settings,
              manageUrl: manageUrl(version),
              eventUrl: eventUrl(version.event, version.lang),
            },
            clock(),
          );
        },
        now: clock,
        // Places and waiting-list news before reminders.
        urgent: (mail) => mail.startsWith("reg."),
        ...services.outbox,
      })
    : undefined;
  const desk = new RegistrationDesk({
    store,
    schedule,
    interests: studyInterests.map((i) => i.value),
    worker,
    limiter: services.limiter,
    now: clock,
    // Every registration's new state, once committed, with its place in line.
    changed:
      webhooks &&
      ((r, place) => {
        const message = registrationWebhook(r, schedule.get(r.event)?.event, place);
        if (message) return webhooks.publish(message);
      }),
  });
  const routes = eventHandlers({
    desk,
    schedule,
    languages: services.languages,
    trustProxy: services.trust,
    secret,
    manageUrl,
    icsUrl,
    eventUrl,
    mailFrom: settings.mailFrom,
  });

  /** Read the events file if it changed; bad content keeps the events as they were. */
  const reread = () =>
    schedule.refresh().catch((error: unknown) => {
      log.error(`Events: ${error instanceof Error ? error.message : String(error)}`);
      return [] as string[];
    });
  // A request that comes before the events are first read waits for them (a process just
  // started would otherwise answer that no such event exists).
  const known = reread();
  const handlers = Object.fromEntries(
    Object.entries(routes).map(([path, route]) => [
      path,
      async (req: IncomingMessage, res: ServerResponse, posted: Posted) => {
        await known;
        return route(req, res, posted);
      },
    ]),
  );
  /** Moved events are announced, cancelled ones cancelled; free places go to those in line. */
  const apply = async (changed: string[]) => {
    for (const slug of changed) {
      if (schedule.get(slug)?.cancelled) await desk.cancelEvent(slug);
      else await desk.announce(slug);
    }
    await Promise.all(schedule.all().map((s) => desk.fill(s)));
  };
  const requests = new StaffRequests(database.db, prepared);
  const readStaff = async () => {
    for (const request of await requests.open("event")) {
      if (await schedule.cancel(request.target)) {
        const told = await desk.cancelEvent(request.target);
        log.info(
          `Events: ${request.target} cancelled by staff; ${told} registrations cancelled and told`,
        );
      }
      await requests.done(request.id);
    }
  };
  const started = (async () => {
    const changed = await known;
    // The e-mails owed from before are queued with the events known, then the changes applied.
    if (worker) await worker.start(await store.all());
    await apply(changed);
    await readStaff();
  })().catch((error: unknown) => log.error({ err: error }, "Events could not start"));
  const poll = setInterval(() => {
    void started
      .then(reread)
      .then(apply)
      .then(readStaff)
      .catch((error: unknown) => log.error({ err: error }, "Events"));
  }, services.outbox.pollMs ?? 2000);
  poll.unref();
  return {
    store,
    schedule,
    desk,
    /** Every version of every registration as its webhook message (published again at start). */
    webhookMessages: async () =>
      (await store.versions())
        .map((r) => registrationWebhook(r, schedule.get(r.event)?.event, undefined))
        .filter((m) => m !== undefined),
    routes: rawRoutes(handlers),
    manageUrl,
    worker,
    started,
    async drain(timeoutMs: number) {
      clearInterval(poll);
      await store.idle();
      await started;
      await worker?.stop(timeoutMs);
    },
  };
}
