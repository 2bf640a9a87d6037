/**
 * The front hall: the shared services built once, then the server's features listed, each a
 * folder of its own registered as one plugin under its prefix (server/http), each started and
 * drained in the order listed. A new feature is a new folder and one line in the list.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { parseHeadersFile } from "../src/build/headers";
import { startBooking } from "./booking";
import type { Database } from "./db";
import { deskFeature } from "./desk";
import { enquiries } from "./enquiries";
import { startEvents } from "./events";
import { createHttp } from "./http";
import { privacy } from "./privacy";
import { siteSearch } from "./search";
import type { Feature } from "./service/feature";
import { defaultInstance, log } from "./service/log";
import { createMetrics } from "./service/metrics";
import type { AppOptions } from "./service/options";
import { createServices } from "./service/services";
import { vitals } from "./vitals";
import { resumeWebhooks } from "./webhooks/resume";

export type { AppOptions } from "./service/options";
export { StartError } from "./service/startErrors";

/** How long /readyz waits for the database by default. */
const READY_TIMEOUT_MS = 2000;

/** The site's server: dist/ as static files (clean URLs, pre-compressed, 404.html) and every feature's endpoints. */
export function createApp(options: AppOptions) {
  const services = createServices(options);
  const { database, prepared } = services;
  const booking = startBooking(services);
  const events = startEvents(services, { eventsFile: options.eventsFile });
  const enquiry = enquiries(services, { ack: options.ack });
  const webVitals = vitals(services, {
    enabled: options.vitals,
    rateLimit: options.vitalsRateLimit,
  });
  const personalData = privacy(services, {
    bookings: booking,
    events,
    retention: options.retention,
  });
  const features: Feature[] = [
    webVitals,
    personalData,
    enquiry,
    booking,
    events,
    deskFeature(services, {
      bookings: booking,
      events,
      privacy: personalData.erasing,
      liveMs: options.deskLiveMs,
      signInLimits: options.deskSignInLimits,
    }),
    // Last: it publishes what the features above have stored.
    resumeWebhooks(services.webhooks, events.started, [
      enquiry.webhookMessages,
      booking.webhookMessages,
      events.webhookMessages,
    ]),
  ];

  // Ready once what was pending at start is resumed; not ready again once stopping.
  let ready = false;
  let stopping = false;
  const instance = options.instance ?? defaultInstance();
  const readyTimeoutMs = options.readyTimeoutMs ?? READY_TIMEOUT_MS;
  const headersPath = join(options.dist, "_headers");
  const { server, ready: routed } = createHttp({
    log,
    trust: services.trust,
    dist: options.dist,
    dev: options.dev ?? false,
    // The same _headers file a CDN reads, applied the same way.
    headerRules: existsSync(headersPath) ? parseHeadersFile(readFileSync(headersPath, "utf8")) : [],
    metrics: createMetrics(database.db, prepared),
    metricsToken: options.metricsToken,
    state: () => (stopping ? "stopping" : ready ? "ok" : "starting"),
    check: () => databaseAnswers(database.db, instance, readyTimeoutMs),
    search: siteSearch(options.dist, {
      now: options.now,
      places: () => events.desk.places(events.schedule.all()),
    }),
    features,
  });
  const started = Promise.all([
    prepared.catch(() => new Promise(() => {})), // never ready: main.ts exits
    routed,
    ...features.map((f) => f.started),
  ]).then(() => {
    ready = true;
  });
  return Object.assign(server, {
    enquiries: enquiry.store,
    /** The Web Vitals reports (kept whole for 28 days) and their daily histograms. */
    vitals: webVitals.store,
    /** Where the enquiries are, for messages (the SQLite file, or PostgreSQL's URL). */
    database: database.location,
    /** Resolves once the schema is migrated and old files imported; rejects if it cannot be. */
    prepared,
    bookings: booking,
    events,
    /** Undefined when no mail server is configured. */
    delivery: enquiry.worker,
    /** Undefined when no WEBHOOK_URL is configured. */
    webhooks: services.webhooks,
    /** Resolves once pending mail and webhooks from before have been queued (or failed to be). */
    ready: started,
    /** Stopping: /readyz answers 503 so a load balancer sends nothing more. */
    stopping() {
      stopping = true;
    },
    /** After close(): let sends under way finish (bounded) and their records reach the disk. */
    async drain(timeoutMs: number) {
      stopping = true;
      for (const feature of features) await feature.drain?.(timeoutMs);
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
