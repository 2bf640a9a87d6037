/**
 * What /metrics says, in Prometheus' text format: requests by route and status with their
 * durations; and, read from the database at each scrape, the leads stored by kind, the
 * messages waiting in each outbox by state and the oldest one's age. The deliveries that failed
 * or were given up are counted by the process that tried them (a counter per process, summed by
 * Prometheus across instances).
 */
import type { Kysely } from "kysely";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { Database } from "../db";

/** Counted by every delivery worker of this process, whichever app it belongs to. */
const shared = new Registry();
collectDefaultMetrics({ register: shared });

export const deliveryFailures = new Counter({
  name: "eastgate_deliveries_failed_total",
  help: "Sends (e-mails, webhooks) that failed and will be tried again, by outbox",
  labelNames: ["outbox"],
  registers: [shared],
});
export const deliveriesGivenUp = new Counter({
  name: "eastgate_deliveries_given_up_total",
  help: "Sends refused for good or given up, flagged for staff, by outbox",
  labelNames: ["outbox"],
  registers: [shared],
});

/** The longest a scrape waits for the database's counts (then they are left out). */
const QUERY_TIMEOUT_MS = 2000;

export function createMetrics(db: Kysely<Database>, ready: Promise<unknown>) {
  const own = new Registry();
  const requests = new Histogram({
    name: "eastgate_http_request_duration_seconds",
    help: "Requests answered, by route, method and status, and how long they took",
    labelNames: ["route", "method", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [own],
  });
  const leads = new Gauge({
    name: "eastgate_leads_stored",
    help: "Leads in the database, by kind (enquiry, consultation, booking, registration)",
    labelNames: ["kind"],
    registers: [own],
  });
  const waiting = new Gauge({
    name: "eastgate_outbox_messages",
    help: "Messages not yet delivered, by outbox and state (pending, failed, flagged for staff)",
    labelNames: ["outbox", "state"],
    registers: [own],
  });
  const oldest = new Gauge({
    name: "eastgate_outbox_oldest_waiting_seconds",
    help: "Age of the oldest message still to be sent (pending or failed), by outbox",
    labelNames: ["outbox"],
    registers: [own],
  });
  const up = new Gauge({
    name: "eastgate_database_up",
    help: "1 when the database answered this scrape's counts in time, else 0",
    registers: [own],
  });

  /** The database's counts, read once per scrape. */
  const readCounts = async () => {
    await ready;
    const enquiries = await db
      .selectFrom("enquiries")
      .select(["form", (eb) => eb.fn.countAll<string>().as("n")])
      .groupBy("form")
      .execute();
    const reservations = await db
      .selectFrom("reservations")
      .select(["kind", (eb) => eb.fn.countAll<string>().as("n")])
      .groupBy("kind")
      .execute();
    const outbox = await db
      .selectFrom("deliveries")
      .select([
        "outbox",
        "state",
        (eb) => eb.fn.countAll<string>().as("n"),
        (eb) => eb.fn.min("at").as("first"),
      ])
      .where("state", "in", ["pending", "failed", "flagged"])
      .groupBy(["outbox", "state"])
      .execute();
    return { enquiries, reservations, outbox };
  };

  const collect = async () => {
    leads.reset();
    waiting.reset();
    oldest.reset();
    let timer: NodeJS.Timeout | undefined;
    try {
      const counts = await Promise.race([
        readCounts(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error("timed out")), QUERY_TIMEOUT_MS);
        }),
      ]);
      for (const row of [...counts.enquiries.map((r) => ({ kind: r.form, n: r.n }))])
        leads.set({ kind: row.kind }, Number(row.n));
      for (const row of counts.reservations) leads.set({ kind: row.kind }, Number(row.n));
      const now = Date.now();
      for (const row of counts.outbox) {
        waiting.set({ outbox: row.outbox, state: row.state }, Number(row.n));
        if (row.state !== "flagged") {
          const age = Math.max(0, (now - Date.parse(String(row.first))) / 1000);
          const labels = { outbox: row.outbox };
          const before = (await oldest.get()).values.find((v) => v.labels.outbox === row.outbox);
          oldest.set(labels, Math.max(age, before?.value ?? 0));
        }
      }
      up.set(1);
    } catch {
      up.set(0);
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    /** One answered request (the onResponse hook). */
    observe(route: string, method: string, status: number, seconds: number) {
      requests.observe({ route, method, status: String(status) }, seconds);
    },
    contentType: own.contentType,
    async text() {
      await collect();
      return (await own.metrics()) + (await shared.metrics());
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
