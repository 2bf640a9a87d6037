import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { locales } from "../src/i18n/locales";
import { Languages } from "./languages";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import sirv from "sirv";
import { site } from "../src/content/site";
import { headersFor, parseHeadersFile } from "../src/build/headers";
import { interestValues } from "../src/components/forms/EnquiryForm";
import { BODY_LIMIT } from "./body";
import type { RateLimit } from "./config";
import { ACK_MAX_AGE_MS, DeliveryWorker, type Backoff } from "./delivery";
import { enquiryHandler } from "./enquiry";
import { Intake } from "./intake";
import { composeMail } from "./mail";
import { smtpMailer, type Mailer } from "./mailer";
import { Outbox, type MailKind } from "./outbox";
import { ENQUIRY_PATH, HEALTH_PATH, READY_PATH, VITALS_PATH } from "./paths";
import { RateLimiter } from "./rateLimit";
import { EnquiryStore, type Enquiry } from "./store";
import { migrate, openDatabase, type Database } from "./db";
import type { Kysely } from "kysely";
import { importOldFiles } from "./db/import";
import { VITALS_RATE_LIMIT, vitalsHandler } from "./vitals";
import { parseRedirects, withoutSlash } from "../src/build/redirects";
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
  trustProxy?: boolean;
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
}

/** The site's server: dist/ as static files (clean URLs, pre-compressed, 404.html), enquiries and Web Vitals. */
export function createApp(options: AppOptions) {
  const { dist, dataFile } = options;
  const notFound = readFileSync(join(dist, "404.html"));
  // A URL under a language's prefix that leads nowhere gets that language's 404 page.
  const localNotFound = new Map(
    locales
      .filter((l) => l.prefix && existsSync(join(dist, l.prefix, "404.html")))
      .map((l) => [l.prefix, readFileSync(join(dist, l.prefix, "404.html"))] as const),
  );
  // Old addresses (content/redirects.yaml as the build wrote it for CDNs), answered the same way.
  const redirectsPath = join(dist, "_redirects");
  const readRedirects = () =>
    new Map(
      (existsSync(redirectsPath) ? parseRedirects(readFileSync(redirectsPath, "utf8")) : []).map(
        (r) => [r.from, r] as const,
      ),
    );
  let redirects = readRedirects();
  // `npm run dev` rebuilds under a running server: a redirect added is answered after the rebuild.
  let redirectsRead =
    options.dev && existsSync(redirectsPath) ? statSync(redirectsPath).mtimeMs : 0;
  const currentRedirects = () => {
    if (!options.dev) return redirects;
    const stamp = existsSync(redirectsPath) ? statSync(redirectsPath).mtimeMs : 0;
    if (stamp !== redirectsRead) [redirects, redirectsRead] = [readRedirects(), stamp];
    return redirects;
  };
  const headersPath = join(dist, "_headers");
  // The same _headers file a CDN reads, applied the same way.
  const headerRules = existsSync(headersPath)
    ? parseHeadersFile(readFileSync(headersPath, "utf8"))
    : [];
  const sirvOptions = (etag: boolean) => ({
    extensions: ["html"],
    brotli: true,
    gzip: true,
    etag,
    dev: options.dev ?? false,
    setHeaders(res: ServerResponse) {
      // Pages and unhashed files: always ask whether they changed.
      if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", "no-cache");
    },
  });
  // Hashed assets are immutable: never revalidated, so no ETag (headers on an asset stay small).
  const pages = sirv(dist, sirvOptions(true));
  const assetFiles = sirv(dist, sirvOptions(false));
  const search = siteSearch(dist, {
    now: options.now,
    // Called once a request comes, by when the events desk below is set up.
    places: () => events.desk.places(events.schedule.all()),
  });
  const files = (req: IncomingMessage, res: ServerResponse, next: () => void) =>
    (req.url?.startsWith("/assets/") ? assetFiles : pages)(req, res, next);
  const database = openDatabase({
    dataDir: options.dataDir ?? dirname(dataFile),
    databaseUrl: options.databaseUrl,
  });
  const prepared = prepareDatabase(database, dataFile);
  const store = new EnquiryStore(database.db, prepared);
  const vitalsStore = new VitalsStore(database.db, database.engine, prepared);
  const vitalsRetention = startVitalsRetention(vitalsStore, prepared, options.now);
  // One allowance per client for enquiries and bookings together.
  const limiter = options.rateLimit ? new RateLimiter(options.rateLimit) : undefined;
  const logoFile = join(dist, "icon-192.png");
  const mailer = options.mailer ?? (options.smtpUrl ? smtpMailer(options.smtpUrl) : undefined);
  const languages = new Languages(dist);
  const delivery = startDelivery(
    options,
    database.db,
    prepared,
    store,
    mailer,
    logoFile,
    languages,
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
    trustProxy: options.trustProxy ?? false,
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
    trustProxy: options.trustProxy ?? false,
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
    trustProxy: options.trustProxy ?? false,
  });
  const vitals =
    options.vitals === false
      ? undefined
      : vitalsHandler({
          store: vitalsStore,
          routes: new Set([...routes, notFoundRoute].map((r) => r.path)),
          rateLimit:
            options.vitalsRateLimit === undefined ? VITALS_RATE_LIMIT : options.vitalsRateLimit,
          trustProxy: options.trustProxy ?? false,
          now: options.now,
        });
  const isEnquiry = (req: IncomingMessage) => {
    const path = (req.url ?? "/").split("?")[0];
    return path === ENQUIRY_PATH || path === `${ENQUIRY_PATH}/`;
  };
  // Ready once what was pending at start is resumed; not ready again once stopping.
  let ready = false;
  let stopping = false;
  const probe = (res: ServerResponse, state: "ok" | "starting" | "stopping") => {
    res.writeHead(state === "ok" ? 200 : 503, {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
    });
    res.end(`${state}\n`);
  };
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const pathname = (req.url ?? "/").split("?")[0];
    // Stopping: each answer closes its connection, so no client sends another request down a
    // kept-alive one to a process about to close its database; the next goes to another process.
    if (stopping) res.setHeader("Connection", "close");
    if (pathname === HEALTH_PATH) return probe(res, "ok");
    if (pathname === READY_PATH)
      return probe(res, stopping ? "stopping" : ready ? "ok" : "starting");
    for (const [name, value] of Object.entries(headersFor(headerRules, pathname)))
      res.setHeader(name, value);
    // An endpoint's unexpected failure: logged, and a bare 500 if nothing was sent yet.
    const run = (handler: (req: IncomingMessage, res: ServerResponse) => Promise<unknown>) =>
      void handler(req, res).catch((error: unknown) => {
        console.error(error);
        if (!res.headersSent) res.writeHead(500).end();
      });
    if (vitals && pathname === VITALS_PATH) return run(vitals);
    const endpoint = pathname.replace(/(.)\/$/, "$1");
    const reservationHandler = booking.handlers[endpoint] ?? events.handlers[endpoint];
    if (reservationHandler) return run(reservationHandler);
    if (isEnquiry(req)) return run(enquiry);
    const notFoundPage = () => {
      const prefix = /^\/[a-z]{2}(?=\/|$)/.exec(pathname)?.[0] ?? "";
      const local = localNotFound.get(prefix);
      res.writeHead(404, {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "no-cache",
      });
      res.end(local ?? notFound);
    };
    // The files that tell a CDN how to serve the site (_headers, _redirects) are no pages.
    if (/^\/(?:_|%5f)/i.test(pathname)) return notFoundPage();
    const redirect = currentRedirects().get(withoutSlash(pathname));
    if (redirect && (req.method === "GET" || req.method === "HEAD")) {
      // The query goes along (as on Netlify), before any #section of the new address.
      const query = (req.url ?? "").split("?")[1];
      const [to, section] = redirect.to.split("#");
      const location = query && !to.includes("?") ? `${to}?${query}` : to;
      res.writeHead(redirect.status, {
        Location: section === undefined ? location : `${location}#${section}`,
      });
      return res.end();
    }
    if ((req.method === "GET" || req.method === "HEAD") && search.answer(req, res, pathname))
      return;
    files(req, res, notFoundPage);
  };
  const server = createServer(handle);
  // "Expect: 100-continue" with a body over the limit: refuse before the client sends it.
  server.on("checkContinue", (req: IncomingMessage, res: ServerResponse) => {
    if (isEnquiry(req) && Number(req.headers["content-length"]) > BODY_LIMIT) {
      res.setHeader("Connection", "close");
    } else {
      res.writeContinue();
    }
    handle(req, res);
  });
  const started = Promise.all([
    prepared.catch(() => new Promise(() => {})), // never ready: main.ts exits
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
    /** Resolves once pending mail from before has been queued (or failed to be). */
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

/** How often the reports older than the retention are rolled up into daily histograms. */
const ROLL_UP_EVERY_MS = 24 * 3600_000;

/**
 * The vitals' retention: a roll-up once the schema is ready, then once a day (a timer that
 * does not keep the process alive). A roll-up that fails is logged and tried again the next
 * day: the reports stay whole meanwhile, nothing is lost.
 */
function startVitalsRetention(
  store: VitalsStore,
  prepared: Promise<unknown>,
  now: () => number = Date.now,
) {
  let stopped = false;
  // Only on a database that is ready (main.ts exits otherwise); never after stop().
  let running: Promise<void> = prepared.then(
    () => undefined,
    () => {
      stopped = true;
    },
  );
  const rollUp = () => {
    running = running.then(async () => {
      if (stopped) return;
      const started = performance.now();
      try {
        const { reports, days, before } = await store.rollUp(new Date(now()));
        if (reports)
          console.log(
            `Web Vitals: ${reports} reports received before ${before} rolled up into ${days} days' histograms (${Math.round(performance.now() - started)} ms)`,
          );
      } catch (error) {
        console.error("Web Vitals: the daily roll-up failed (tried again tomorrow):", error);
      }
    });
  };
  rollUp();
  const timer = setInterval(rollUp, ROLL_UP_EVERY_MS);
  timer.unref();
  return {
    /** Resolves when the roll-up under way, if any, is done. */
    get running() {
      return running;
    },
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}

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
    console.error("Webhooks could not read the stored leads:", error);
  }
  return webhooks.start().catch((error: unknown) => {
    console.error("Webhooks could not start; leads are still stored:", error);
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
    compose: (enquiry, mail) =>
      mail === "ack"
        ? languages.in(enquiry.lang).composeMail(enquiry, "ack", settings)
        : composeMail(enquiry, mail as MailKind, settings),
    backoff: options.backoff,
    pollMs: options.pollMs,
    leaseMs: options.leaseMs,
  });
  const started = store
    .all()
    .then((all) => worker.start(all))
    .catch((error: unknown) => {
      console.error("Delivery could not start; enquiries are still stored:", error);
    });
  return { worker, started };
}

/** The schema up to date, then the old data files moved in once (logged). */
async function prepareDatabase(database: ReturnType<typeof openDatabase>, dataFile: string) {
  try {
    await migrate(database.db);
    for (const line of await importOldFiles(database, dataFile)) console.log(line);
  } catch (error) {
    console.error(`The database ${database.location} could not be prepared:`, error);
    throw error;
  }
}
