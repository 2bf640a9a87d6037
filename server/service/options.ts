import type { Backoff } from "../outbox/delivery";
import type { Mailer } from "../outbox/mailer";
import type { WebhookConfig } from "../webhooks";
import type { RateLimit } from "./config";
import type { ProxyTrust } from "./proxies";

/** What the server is started with (server/main.ts reads it from the environment; tests pass their own). */
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
  deskSignInLimits?: { account: RateLimit; client: RateLimit };
  /**
   * The daily retention job (server/privacy/retention.ts): its first run this long after start
   * (default a minute); false: not run by this process.
   */
  retention?: false | { delayMs: number };
}
