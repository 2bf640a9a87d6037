import type { IncomingMessage, ServerResponse } from "node:http";
import { dirname, join } from "node:path";
import { studyInterests } from "../../src/content/home";
import { EVENTS_FILE } from "../../src/events/load";
import { localePath } from "../../src/i18n/pageLocale";
import { localeByCode, sourceLocale } from "../../src/i18n/locales";
import { DeliveryWorker } from "../delivery";
import { Outbox } from "../outbox";
import type { ReservationOptions } from "../reservations/options";
import { linkSecret, signLink } from "../reservations/token";
import { RegistrationDesk } from "./desk";
import { EVENT_ICS_PATH, eventHandlers } from "./http";
import { EVENT_MANAGE_PATH } from "../paths";
import { registrationLetters } from "./mail";
import { EventSchedule } from "./schedule";
import { StaffRequests } from "../staffRequests";
import { placeInLine, RegistrationStore, type Registration } from "./store";
import { log } from "../log";

export interface EventsOptions extends ReservationOptions {
  /** content/events.yaml by default (EVENTS_FILE). */
  eventsFile?: string;
  /** Every registration's new state, once committed, with its place in line (webhooks). */
  changed?: (r: Registration, place: number | undefined) => Promise<void> | void;
}

/** Events: the schedule, registrations and their desk, their e-mails through their own outbox, the endpoints. */
export function startEvents(options: EventsOptions) {
  const clock = options.now ?? Date.now;
  const secret = linkSecret(
    options.secret,
    join(dirname(options.dataFile), "booking-secret"),
    options.database.db,
    options.ready,
  );
  // Ready once the key is loaded too: a registration read from the store can be given its links.
  const store = new RegistrationStore(options.database, secret.loaded);
  const schedule = new EventSchedule(
    options.eventsFile ?? EVENTS_FILE,
    options.database,
    options.ready,
    clock,
  );
  const token = (r: Registration) => signLink(secret.key, "registration", r.id);
  const manageUrl = (r: Registration) =>
    `${options.publicUrl}${EVENT_MANAGE_PATH}?r=${r.id}&t=${token(r)}`;
  const icsUrl = (r: Registration) =>
    `${options.publicUrl}${EVENT_ICS_PATH}?r=${r.id}&t=${token(r)}`;
  const eventUrl = (slug: string, lang?: string) =>
    `${options.publicUrl}${localePath(localeByCode(lang ?? "") ?? sourceLocale, `/events/${slug}`)}`;
  const worker = options.mailer
    ? new DeliveryWorker<Registration>({
        outbox: new Outbox(options.database.db, "registrations", options.ready),
        load: (id) => store.get(id),
        transport: options.mailer,
        letters: (r, now) => registrationLetters(r, schedule.get(r.event), now),
        compose: async (version, mail) => {
          const current = await store.get(version.id);
          return options.languages.in(version.lang).composeRegistrationMail(
            version,
            mail,
            current,
            schedule.get(version.event),
            current && (await placeInLine(store, current)),
            {
              mailTo: options.mailTo,
              mailFrom: options.mailFrom,
              logoFile: options.logoFile,
              manageUrl: manageUrl(version),
              eventUrl: eventUrl(version.event, version.lang),
            },
            clock(),
          );
        },
        now: clock,
        // Places and waiting-list news before reminders.
        urgent: (mail) => mail.startsWith("reg."),
        backoff: options.backoff,
        pollMs: options.pollMs,
        leaseMs: options.leaseMs,
      })
    : undefined;
  const desk = new RegistrationDesk({
    store,
    schedule,
    interests: studyInterests.map((i) => i.value),
    worker,
    limiter: options.limiter,
    now: options.now,
    changed: options.changed,
  });
  const routes = eventHandlers({
    desk,
    schedule,
    languages: options.languages,
    trustProxy: options.trustProxy,
    secret,
    manageUrl,
    icsUrl,
    eventUrl,
    mailFrom: options.mailFrom,
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
      async (req: IncomingMessage, res: ServerResponse) => {
        await known;
        return route(req, res);
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
  const requests = new StaffRequests(options.database.db, options.ready);
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
  }, options.pollMs ?? 2000);
  poll.unref();
  return {
    store,
    schedule,
    desk,
    handlers,
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
