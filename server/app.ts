import { Languages } from "./languages";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { site } from "../src/content/site";
import { parseHeadersFile } from "../src/build/headers";
import { interestValues } from "../src/components/forms/EnquiryForm";
import type { RateLimit } from "./config";
import { ACK_MAX_AGE_MS, DeliveryWorker, type Backoff } from "./delivery";
import { enquiryHandler } from "./enquiry";
import { Intake } from "./intake";
import { composeMail } from "./mail";
import { smtpMailer, type Mailer } from "./mailer";
import { Outbox, type MailKind } from "./outbox";
import { DatabaseRateLimiter } from "./rateLimit";
import { EnquiryStore, type Enquiry } from "./store";
import { migrate, openDatabase, type Database } from "./db";
import type { Kysely } from "kysely";
import { importOldFiles } from "./db/import";
import { VITALS_RATE_LIMIT, vitalsHandler } from "./vitals";
import { VitalsStore } from "./vitalsStore";
import { routes, notFoundRoute } from "../src/routes";
import { siteUrl } from "../src/config";
import { startBooking } from "./booking";
import { startEvents } from "./events";
import type { BookingStore } from "./booking/store";
import {
  bookingMessage,
  createWebhooks,
  enquiryMessage,
  type WebhookConfig,
  type Webhooks,
} from "./webhooks";
import type { WebhookMessage } from "./webhooks/payload";
import { registrationWebhook } from "./events/webhook";
import { siteSearch } from "./search";
import { createHttp } from "./http";
import { defaultInstance, log } from "./log";
import { createMetrics } from "./metrics";
import { databaseProblem, isUnreachable } from "./startErrors";
import { proxyTrust, type ProxyTrust } from "./proxies";
import type { DeskOptions } from "./desk";
import { startRetention } from "./privacy/retention";
import { dailyJob } from "./dailyJob";
import { startErasures } from "./privacy/erase";
import {
  PRIVACY_REQUEST_PATH,
  privacyRequestHandler,
  privacyRequestUrl,
} from "./privacy/requestPage";
import { linkSecret } from "./reservations/token";

export interface AppOptions {
  /**
   * `npm run dev`: dist/ is rebuilt while serving, so each file is read when asked for (served
   * from what was read at start, a rebuilt file was cut at its old length).
   */
  dev?: boolean;
  /** Built site folder. */
  dist: string;
  /**
   * The old JSON-lines file of enquiries, imported into the database once at start; the other
   * old files imported with it (outboxes, bookings, registrations) sit beside it, named after it.
   */
  dataFile: string;
  /** The SQLite file's folder (default: the data file's). */
  dataDir?: string;
  /** postgres://…: PostgreSQL instead of SQLite. */
  databaseUrl?: string;
  /** Mail server URL; without it (and without `mailer`) enquiries are stored, not e-mailed. */
  smtpUrl?: string;
  /** Sends the e-mails instead of an SMTP transport from smtpUrl. */
  mailer?: Mailer;
  mailTo?: string;
  mailFrom?: string;
  /** Acknowledge each enquiry to the student (default on). */
  ack?: boolean;
  /** Enquiries per client (default: no limit; `npm start` reads ENQUIRY_RATE_LIMIT). */
  rateLimit?: RateLimit | null;
  /**
   * The proxies whose X-Forwarded-For is believed (TRUST_PROXY): addresses and ranges, or a
   * function; true believes anyone (tests only). Default: none, the socket's address.
   */
  trustProxy?: boolean | readonly string[] | ProxyTrust;
  backoff?: Backoff;
  /** How often each delivery worker looks for what other processes left and staff re-queued. */
  pollMs?: number;
  /** How long a process's claim on an e-mail (webhook) keeps the others off it (LEASE_MS). */
  leaseMs?: number;
  /** Take real visitors' Web Vitals at /api/vitals (default on; VITALS=off for `npm start`). */
  vitals?: boolean;
  /** Reports per client (default VITALS_RATE_LIMIT; null: no limit). */
  vitalsRateLimit?: RateLimit | null;
  /** The public origin of links in e-mails (manage a booking); default SITE_URL's. */
  publicUrl?: string;
  /** Signs manage links (BOOKING_SECRET); unset: generated once, kept beside the data. */
  bookingSecret?: string;
  /** The clock the booking rules and events read (tests fix it). */
  now?: () => number;
  /** The events file (default content/events.yaml; EVENTS_FILE). */
  eventsFile?: string;
  /** Where leads are POSTed as signed webhooks (WEBHOOK_URL...); unset: nowhere. */
  webhooks?: WebhookConfig;
  /** Names this process in its logs and heartbeat (INSTANCE_ID); default host and pid. */
  instance?: string;
  /** METRICS_TOKEN: /metrics answers with this bearer token; unset: no /metrics. */
  metricsToken?: string;
  /** How long a database that does not answer at start is waited for (DATABASE_WAIT). */
  databaseWaitMs?: number;
  /** The longest /readyz waits for the database (default 2 s). */
  readyTimeoutMs?: number;
  /** How often the desk's open pages ask for newer leads (default: LIVE_MS, 20 s). */
  deskLiveMs?: number;
  /** The desk's sign-in attempts per account and per client (default: SIGN_IN_LIMITS). */
  deskSignInLimits?: DeskOptions["signInLimits"];
  /**
   * The daily retention job (server/privacy/retention.ts): its first run this long after start
   * (default a minute); false: not run by this process.
   */
  retention?: false | { delayMs: number };
}

/** How long /readyz waits for the database by default. */
const READY_TIMEOUT_MS = 2000;

/** The site's server: dist/ as static files (clean URLs, pre-compressed, 404.html), enquiries and Web Vitals. */
export function createApp(options: AppOptions) {
  const { dist, dataFile } = options;
  const instance = options.instance ?? defaultInstance();
  const trust = proxyTrust(options.trustProxy);
  const headersPath = join(dist, "_headers");
  // The same _headers file a CDN reads, applied the same way.
  const headerRules = existsSync(headersPath)
    ? parseHeadersFile(readFileSync(headersPath, "utf8"))
    : [];
  const search = siteSearch(dist, {
    now: options.now,
    // Called once a request comes, by when the events desk below is set up.
    places: () => events.desk.places(events.schedule.all()),
  });
  const database = openDatabase({
    dataDir: options.dataDir ?? dirname(dataFile),
    databaseUrl: options.databaseUrl,
  });
  const prepared = prepareDatabase(database, dataFile, options.databaseWaitMs);
  const store = new EnquiryStore(database.db, prepared);
  const vitalsStore = new VitalsStore(database.db, database.engine, prepared);
  const vitalsRetention = startVitalsRetention(vitalsStore, prepared, options.now);
  // One allowance per client for enquiries and bookings together, in the database: every
  // process on it counts against the same one.
  const limiter = options.rateLimit
    ? new DatabaseRateLimiter(
        database.db,
        database.engine,
        "enquiry",
        options.rateLimit,
        prepared,
        options.now,
      )
    : undefined;
  const logoFile = join(dist, "icon-192.png");
  const mailer = options.mailer ?? (options.smtpUrl ? smtpMailer(options.smtpUrl) : undefined);
  const languages = new Languages(dist);
  // The manage links' key (one per database) signs the acknowledgement's privacy link too.
  const secret = linkSecret(
    options.bookingSecret,
    join(dirname(dataFile), "booking-secret"),
    database.db,
    prepared,
  );
  const publicUrl = options.publicUrl ?? siteUrl;
  const delivery = startDelivery(
    options,
    database.db,
    prepared,
    store,
    mailer,
    logoFile,
    languages,
    async (enquiry) => ({
      line: languages.in(enquiry.lang).privacyMailLine(),
      url: privacyRequestUrl(publicUrl, await secret.loaded, enquiry.email, enquiry.lang),
    }),
  );
  const webhooks = options.webhooks
    ? createWebhooks({
        ...options.webhooks,
        database: database.db,
        ready: prepared,
        pollMs: options.pollMs,
        leaseMs: options.leaseMs,
      })
    : undefined;
  const mailTo = options.mailTo ?? site.admissionsEmail;
  const mailFrom = options.mailFrom ?? `${site.name} <${site.admissionsEmail}>`;
  const booking = startBooking({
    dataFile,
    database,
    ready: prepared,
    languages,
    publicUrl: options.publicUrl ?? siteUrl,
    secret: options.bookingSecret,
    mailer,
    mailTo,
    mailFrom,
    logoFile,
    limiter,
    trustProxy: trust,
    backoff: options.backoff,
    pollMs: options.pollMs,
    leaseMs: options.leaseMs,
    now: options.now,
    onSaved: webhooks && ((b) => webhooks.publish(bookingMessage(b))),
  });
  const events = startEvents({
    dataFile,
    database,
    ready: prepared,
    eventsFile: options.eventsFile,
    languages,
    publicUrl: options.publicUrl ?? siteUrl,
    secret: options.bookingSecret,
    mailer,
    mailTo,
    mailFrom,
    logoFile,
    limiter,
    trustProxy: trust,
    backoff: options.backoff,
    pollMs: options.pollMs,
    leaseMs: options.leaseMs,
    now: options.now,
    changed:
      webhooks &&
      ((r, place) => {
        const message = registrationWebhook(r, events.schedule.get(r.event)?.event, place);
        if (message) return webhooks.publish(message);
      }),
  });
  // Staff's erasures (npm run privacy -- erase, the desk), carried out by whichever server polls.
  const erasing = {
    db: database.db,
    now: options.now ?? Date.now,
    bookings: booking,
    events,
    webhooks,
  };
  const erasures = startErasures(
    erasing,
    Promise.all([prepared, booking.started, events.started]),
    options.pollMs,
  );
  // The retention job reads the real clock (a test's fixed clock for bookings must not make
  // it delete what that test just stored).
  const retention =
    options.retention === false
      ? undefined
      : startRetention(database.db, prepared, { delayMs: options.retention?.delayMs });
  const webhooksStarted =
    webhooks &&
    events.started.then(() =>
      startWebhooks(webhooks, store, booking.store, async () =>
        (await events.store.versions())
          .map((r) => registrationWebhook(r, events.schedule.get(r.event)?.event, undefined))
          .filter((m) => m !== undefined),
      ),
    );
  const enquiry = enquiryHandler({
    languages,
    intake: new Intake({
      store,
      interests: interestValues(),
      worker: delivery?.worker,
      onStored: webhooks && ((e) => webhooks.publish(enquiryMessage(e))),
      limiter,
    }),
    trustProxy: trust,
  });
  const vitalsLimit =
    options.vitalsRateLimit === undefined ? VITALS_RATE_LIMIT : options.vitalsRateLimit;
  const vitals =
    options.vitals === false
      ? undefined
      : vitalsHandler({
          store: vitalsStore,
          routes: new Set([...routes, notFoundRoute].map((r) => r.path)),
          limiter: vitalsLimit
            ? new DatabaseRateLimiter(
                database.db,
                database.engine,
                "vitals",
                vitalsLimit,
                prepared,
                options.now,
              )
            : undefined,
          trustProxy: trust,
          now: options.now,
        });
  // Ready once what was pending at start is resumed; not ready again once stopping.
  let ready = false;
  let stopping = false;
  const readyTimeoutMs = options.readyTimeoutMs ?? READY_TIMEOUT_MS;
  const { server, ready: routed } = createHttp({
    log,
    trust,
    dist,
    dev: options.dev ?? false,
    headerRules,
    metrics: createMetrics(database.db, prepared),
    metricsToken: options.metricsToken,
    state: () => (stopping ? "stopping" : ready ? "ok" : "starting"),
    check: () => databaseAnswers(database.db, instance, readyTimeoutMs),
    enquiry,
    vitals,
    reservations: {
      ...booking.handlers,
      ...events.handlers,
      [PRIVACY_REQUEST_PATH]: privacyRequestHandler({
        db: database.db,
        ready: prepared,
        key: () => secret.loaded,
        views: (lang) => languages.in(languages.codeOf(lang)),
        now: options.now,
      }),
    },
    search,
    desk: {
      db: database.db,
      engine: database.engine,
      ready: prepared,
      mailer,
      mailFrom,
      publicUrl: options.publicUrl ?? siteUrl,
      now: options.now,
      bookings: booking.store,
      bookingDesk: booking.desk,
      events: { desk: events.desk, schedule: events.schedule, store: events.store },
      signInLimits: options.deskSignInLimits,
      privacy: erasing,
      liveMs: options.deskLiveMs,
    },
  });
  const started = Promise.all([
    prepared.catch(() => new Promise(() => {})), // never ready: main.ts exits
    routed,
    delivery?.started,
    booking.started,
    events.started,
    webhooksStarted,
  ]).then(() => {
    ready = true;
  });
  return Object.assign(server, {
    enquiries: store,
    /** The Web Vitals reports (kept whole for 28 days) and their daily histograms. */
    vitals: vitalsStore,
    /** Where the enquiries are, for messages (the SQLite file, or PostgreSQL's URL). */
    database: database.location,
    /** Resolves once the schema is migrated and old files imported; rejects if it cannot be. */
    prepared,
    bookings: booking,
    events,
    /** Undefined when no mail server is configured. */
    delivery: delivery?.worker,
    /** Undefined when no WEBHOOK_URL is configured. */
    webhooks,
    /** Resolves once pending mail and webhooks from before have been queued (or failed to be). */
    ready: started,
    /** Stopping: /readyz answers 503 so a load balancer sends nothing more. */
    stopping() {
      stopping = true;
    },
    /** After close(): let sends under way finish (bounded) and their records reach the disk. */
    async drain(timeoutMs: number) {
      stopping = true;
      vitalsRetention.stop();
      await vitalsStore.idle();
      await vitalsRetention.running;
      retention?.stop();
      await retention?.running;
      await erasures.stop();
      await delivery?.started;
      await delivery?.worker.stop(timeoutMs);
      await booking.drain(timeoutMs);
      await events.drain(timeoutMs);
      await webhooksStarted;
      await webhooks?.stop(timeoutMs);
      await prepared.catch(() => {});
      await database.close();
    },
  });
}

/**
 * The readiness check's question to the database, bounded: this process's heartbeat written
 * (a write that commits, so a read-only or full database fails it too). Throws why not.
 */
async function databaseAnswers(db: Kysely<Database>, instance: string, timeoutMs: number) {
  const at = new Date().toISOString();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([
      db
        .insertInto("heartbeats")
        .values({ instance, at })
        .onConflict((oc) => oc.column("instance").doUpdateSet({ at }))
        .execute(),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
  // Instances gone for a day leave their row; one check in a hundred clears them.
  if (Math.random() < 0.01)
    await db
      .deleteFrom("heartbeats")
      .where("at", "<", new Date(Date.now() - 86_400_000).toISOString())
      .execute()
      .catch(() => {});
}

/**
 * The vitals' retention: a roll-up once the schema is ready, then once a day. One that fails is
 * tried again the next day: the reports stay whole meanwhile, nothing is lost.
 */
const startVitalsRetention = (store: VitalsStore, prepared: Promise<unknown>, now = Date.now) =>
  dailyJob(
    prepared,
    async () => {
      const started = performance.now();
      const { reports, days, before } = await store.rollUp(new Date(now()));
      if (reports)
        log.info(
          `Web Vitals: ${reports} reports received before ${before} rolled up into ${days} days' histograms (${Math.round(performance.now() - started)} ms)`,
        );
    },
    { failed: "Web Vitals: the daily roll-up failed (tried again tomorrow)" },
  );

/**
 * Every stored lead is published again at start (the outbox skips those delivered), oldest
 * first: the enquiries, then every version of every booking. (Event registrations: publish
 * their stored messages here too.)
 */
async function startWebhooks(
  webhooks: Webhooks,
  store: EnquiryStore,
  bookings: BookingStore,
  registrations: () => Promise<WebhookMessage[]>,
) {
  try {
    for (const enquiry of await store.all()) void webhooks.publish(enquiryMessage(enquiry));
    for (const version of await bookings.versions()) void webhooks.publish(bookingMessage(version));
    for (const message of await registrations()) void webhooks.publish(message);
  } catch (error) {
    log.error({ err: error }, "Webhooks could not read the stored leads");
  }
  return webhooks.start().catch((error: unknown) => {
    log.error({ err: error }, "Webhooks could not start; leads are still stored");
  });
}

/** The outbox and its worker, resuming whatever was pending when the server last stopped. */
function startDelivery(
  options: AppOptions,
  db: Kysely<Database>,
  ready: Promise<unknown>,
  store: EnquiryStore,
  mailer: Mailer | undefined,
  logoFile: string,
  languages: Languages,
  privacy: (enquiry: Enquiry) => Promise<{ line: string; url: string }>,
) {
  if (!mailer) return undefined;
  const settings = {
    mailTo: options.mailTo ?? site.admissionsEmail,
    mailFrom: options.mailFrom ?? `${site.name} <${site.admissionsEmail}>`,
    logoFile,
  };
  const ack = options.ack ?? true;
  const worker = new DeliveryWorker<Enquiry>({
    outbox: new Outbox(db, "enquiries", ready),
    load: (id) => store.get(id),
    transport: mailer,
    letters: (enquiry, now) => [
      { mail: "notify" },
      ...(ack
        ? [
            {
              mail: "ack",
              skip:
                now - Date.parse(enquiry.receivedAt) > ACK_MAX_AGE_MS
                  ? "too late to acknowledge"
                  : undefined,
            },
          ]
        : []),
    ],
    // The advisers read English; the student is answered in the language they wrote in.
    compose: async (enquiry, mail) =>
      mail === "ack"
        ? languages
            .in(enquiry.lang)
            .composeMail(enquiry, "ack", { ...settings, privacy: await privacy(enquiry) })
        : composeMail(enquiry, mail as MailKind, settings),
    backoff: options.backoff,
    pollMs: options.pollMs,
    leaseMs: options.leaseMs,
  });
  const started = store
    .all()
    .then((all) => worker.start(all))
    .catch((error: unknown) => {
      log.error({ err: error }, "Delivery could not start; enquiries are still stored");
    });
  return { worker, started };
}

/** How long a database that does not answer at start is waited for (DATABASE_WAIT). */
export const DATABASE_WAIT_MS = 30_000;

/**
 * The schema up to date, then the old data files moved in once (logged). A database that does
 * not answer yet (PostgreSQL starting with the machine) is waited for, said once; anything
 * else, or the wait running out, rejects with a StartError saying what to check.
 */
async function prepareDatabase(
  database: ReturnType<typeof openDatabase>,
  dataFile: string,
  waitMs = DATABASE_WAIT_MS,
) {
  const until = Date.now() + waitMs;
  for (let attempt = 1; ; attempt++) {
    try {
      await migrate(database.db);
      break;
    } catch (error) {
      const problem = databaseProblem(error, database.location);
      if (isUnreachable(error) && Date.now() < until) {
        if (attempt === 1)
          log.warn(`Waiting for the database: ${problem} (trying again for ${waitMs / 1000} s)`);
        await new Promise((r) => setTimeout(r, Math.min(2000, 250 * attempt)));
        continue;
      }
      if (problem) throw new StartError(problem);
      log.error({ err: error }, `The database ${database.location} could not be prepared`);
      throw new StartError(
        `the database ${database.location} could not be prepared (logged above)`,
      );
    }
  }
  for (const line of await importOldFiles(database, dataFile)) log.info(line);
}

/** A start that cannot go on, said in one line (main.ts prints it and exits 1). */
export class StartError extends Error {}
