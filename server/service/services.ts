/**
 * What the features share, built once by the front hall (server/app.ts) from the server's
 * options: the database (migrated, the old files imported), the languages, the mail settings,
 * the links' key, the forms' allowance, whose X-Forwarded-For is believed, the clock, the
 * outboxes' timings and the webhooks. A feature takes this object and the few settings of its own.
 */
import { dirname, join } from "node:path";
import { siteUrl } from "../../src/config";
import { site } from "../../src/content/site";
import { migrate, openDatabase, type OpenDatabase } from "../db";
import { importOldFiles } from "../db/import";
import { Languages } from "../languages";
import type { Backoff } from "../outbox/delivery";
import { smtpMailer, type Mailer } from "../outbox/mailer";
import { linkSecret, type LinkSecret } from "../reservations/token";
import { createWebhooks, type Webhooks } from "../webhooks";
import type { RateLimit } from "./config";
import { log } from "./log";
import type { AppOptions } from "./options";
import { proxyTrust, type ProxyTrust } from "./proxies";
import { DatabaseRateLimiter, type Limiter } from "./rateLimit";
import { databaseProblem, isUnreachable, StartError } from "./startErrors";

export interface Services {
  database: OpenDatabase;
  /** Resolves once the schema is migrated and the old files imported; rejects with a StartError. */
  prepared: Promise<void>;
  /** The server's pages and e-mails in each language the site is built in. */
  languages: Languages;
  mail: SharedMail;
  /** The public origin of links in e-mails (PUBLIC_URL, default SITE_URL's). */
  publicUrl: string;
  /** Signs manage links and the acknowledgement's privacy link (BOOKING_SECRET or the database's). */
  secret: LinkSecret;
  /** One allowance per client for enquiries, bookings and registrations together; unset: none. */
  limiter?: Limiter;
  /** The database's rate limiter for another allowance (`scope`), on the same clock. */
  limit: (scope: string, limit: RateLimit) => Limiter;
  /** Whose X-Forwarded-For is believed. */
  trust: ProxyTrust;
  /** The clock the booking rules, events and limits read (tests fix it). */
  now: () => number;
  /** Every outbox worker's timings. */
  outbox: OutboxTimings;
  /** Where leads are POSTed as signed webhooks; undefined when no WEBHOOK_URL is configured. */
  webhooks?: Webhooks;
}

/** The mail server and the addresses every feature's e-mails go from and to. */
export interface SharedMail {
  /** Undefined when no mail server is configured: leads are stored, not e-mailed. */
  mailer?: Mailer;
  mailTo: string;
  mailFrom: string;
  /** The logo the e-mails carry. */
  logoFile: string;
}

export interface OutboxTimings {
  backoff?: Backoff;
  /** How often each worker looks for what other processes left and staff re-queued. */
  pollMs?: number;
  /** How long a process's claim on an e-mail (webhook) keeps the others off it. */
  leaseMs?: number;
}

export function createServices(options: AppOptions): Services {
  const { dist, dataFile } = options;
  const database = openDatabase({
    dataDir: options.dataDir ?? dirname(dataFile),
    databaseUrl: options.databaseUrl,
  });
  const prepared = prepareDatabase(database, dataFile, options.databaseWaitMs);
  const now = options.now ?? Date.now;
  const limit = (scope: string, limit: RateLimit) =>
    new DatabaseRateLimiter(database.db, database.engine, scope, limit, prepared, now);
  const outbox = { backoff: options.backoff, pollMs: options.pollMs, leaseMs: options.leaseMs };
  return {
    database,
    prepared,
    languages: new Languages(dist),
    mail: {
      mailer: options.mailer ?? (options.smtpUrl ? smtpMailer(options.smtpUrl) : undefined),
      mailTo: options.mailTo ?? site.admissionsEmail,
      mailFrom: options.mailFrom ?? `${site.name} <${site.admissionsEmail}>`,
      logoFile: join(dist, "icon-192.png"),
    },
    publicUrl: options.publicUrl ?? siteUrl,
    secret: linkSecret(
      options.bookingSecret,
      join(dirname(dataFile), "booking-secret"),
      database.db,
      prepared,
    ),
    // In the database: every process on it counts against the same allowance.
    limiter: options.rateLimit ? limit("enquiry", options.rateLimit) : undefined,
    limit,
    trust: proxyTrust(options.trustProxy),
    now,
    outbox,
    webhooks: options.webhooks
      ? createWebhooks({
          ...options.webhooks,
          database: database.db,
          ready: prepared,
          pollMs: options.pollMs,
          leaseMs: options.leaseMs,
        })
      : undefined,
  };
}

/** How long a database that does not answer at start is waited for (DATABASE_WAIT). */
const DATABASE_WAIT_MS = 30_000;

/**
 * The schema up to date, then the old data files moved in once (logged). A database that does
 * not answer yet (PostgreSQL starting with the machine) is waited for, said once; anything
 * else, or the wait running out, rejects with a StartError saying what to check.
 */
async function prepareDatabase(
  database: OpenDatabase,
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
