/**
 * Web Vitals from real visitors: each page's report posted to /api/vitals, kept whole for 28
 * days and rolled up daily into histograms (`npm run vitals` reads them).
 */
import { notFoundRoute, routes as siteRoutes } from "../../src/routes";
import type { RateLimit } from "../service/config";
import { dailyJob } from "../service/dailyJob";
import { log } from "../service/log";
import { VITALS_PATH } from "../service/paths";
import type { Services } from "../service/services";
import { VITALS_RATE_LIMIT, vitalsRoutes } from "./route";
import { VitalsStore } from "./store";

export interface VitalsOptions {
  /** Take reports at /api/vitals (default on; VITALS=off for `npm start`). */
  enabled?: boolean;
  /** Reports per client (default VITALS_RATE_LIMIT; null: no limit). */
  rateLimit?: RateLimit | null;
}

export function vitals(services: Services, options: VitalsOptions = {}) {
  const { database, prepared } = services;
  const store = new VitalsStore(database.db, database.engine, prepared);
  const retention = startVitalsRetention(store, prepared, services.now);
  const limit = options.rateLimit === undefined ? VITALS_RATE_LIMIT : options.rateLimit;
  const routes = vitalsRoutes({
    store,
    routes: new Set([...siteRoutes, notFoundRoute].map((r) => r.path)),
    limiter: limit ? services.limit("vitals", limit) : undefined,
    trustProxy: services.trust,
    now: services.now,
  });
  return {
    /** The reports (kept whole for 28 days) and their daily histograms. */
    store,
    prefix: VITALS_PATH,
    routes: options.enabled === false ? undefined : routes,
    async drain() {
      retention.stop();
      await store.idle();
      await retention.running;
    },
  };
}

/**
 * The vitals' retention: a roll-up once the schema is ready, then once a day. One that fails is
 * tried again the next day: the reports stay whole meanwhile, nothing is lost.
 */
const startVitalsRetention = (store: VitalsStore, prepared: Promise<unknown>, now: () => number) =>
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
