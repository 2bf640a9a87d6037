import { sql, type Insertable, type Kysely, type Transaction } from "kysely";
import { METRICS, type MetricName } from "../../src/lib/vitals";
import type {
  Database,
  NewVitalsRecordRow,
  VitalsDailyTable,
  VitalsDailyViewsTable,
  VitalsRecordRow,
} from "../db/schema";
import {
  bucketOf,
  summarise,
  WINDOW_DAYS,
  windowDays,
  type DailyCount,
  type StoredVitals,
  type VitalsRow,
} from "./report";

/** One stored report: what the page sent and when the server received it. Nothing else. */
export type { StoredVitals };

/** Reports are kept whole this many days at least (the report's window), then rolled up. */
export const RETENTION_DAYS = WINDOW_DAYS;

const DAY_MS = 24 * 3600_000;
/** Rows per INSERT: well under SQLite's and PostgreSQL's limits on bound values. */
const CHUNK = 500;
/** PostgreSQL: the advisory lock that lets one roll-up at a time run (any number of servers). */
const ROLL_UP_LOCK = 0x7649_7461; // "vIta"

/**
 * The first instant whose reports stay whole: the start of the UTC day RETENTION_DAYS before
 * `now`. Whole days move, so a day is never half in the histograms and half in the reports.
 */
export const keptFrom = (now: Date) =>
  new Date(Math.floor((now.getTime() - RETENTION_DAYS * DAY_MS) / DAY_MS) * DAY_MS).toISOString();

interface Pending {
  row: NewVitalsRecordRow;
  done: () => void;
  fail: (error: unknown) => void;
}

/**
 * Real visitors' Web Vitals in the database: each report whole for RETENTION_DAYS, then rolled
 * up into per-day histograms (vitals_daily), so what is kept grows with days, not page views.
 */
export class VitalsStore {
  private queue: Pending[] = [];
  private flushing: Promise<void> | undefined;

  /** `ready`: the schema is migrated (every call waits for it). */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: "sqlite" | "postgres",
    private readonly ready: Promise<unknown> = Promise.resolve(),
  ) {}

  /**
   * Resolves once the report is committed. Reports that arrive together go in one INSERT: a
   * burst of page views costs one sync to disk, not one each.
   */
  append(report: StoredVitals): Promise<void> {
    return new Promise((done, fail) => {
      this.queue.push({ row: toRow(report), done, fail });
      // After the requests that arrived with this one have queued theirs too.
      this.flushing ??= new Promise((next) => setImmediate(next)).then(() => this.flush());
    });
  }

  /** Resolves when every report appended so far is committed or failed (for a clean stop). */
  async idle() {
    while (this.flushing) await this.flushing;
  }

  private async flush() {
    try {
      while (this.queue.length) {
        const batch = this.queue.splice(0);
        try {
          await this.ready;
          await this.db.transaction().execute(async (trx) => {
            for (let i = 0; i < batch.length; i += CHUNK)
              await trx
                .insertInto("vitals")
                .values(batch.slice(i, i + CHUNK).map((p) => p.row))
                .execute();
          });
          for (const { done } of batch) done();
        } catch (error) {
          for (const { fail } of batch) fail(error);
        }
      }
    } finally {
      // Same tick as the empty-queue check: no append can slip in between and be stranded.
      this.flushing = undefined;
    }
  }

  /** The reports kept whole, received after `since` and up to `until` (ISO), oldest first. */
  async reports({ since, until }: { since?: string; until?: string } = {}) {
    await this.ready;
    let query = this.db.selectFrom("vitals").selectAll();
    if (since) query = query.where("receivedAt", ">", since);
    if (until) query = query.where("receivedAt", "<=", until);
    const rows = await query.orderBy("receivedAt").execute();
    return rows.map(fromRow);
  }

  /** The histograms of the days from `fromDay` to `toDay` (YYYY-MM-DD, both included). */
  async daily(fromDay: string, toDay: string): Promise<DailyCount[]> {
    await this.ready;
    const rows = await this.db
      .selectFrom("vitalsDaily")
      .select(["day", "route", "metric", "bucket"])
      .select((eb) => eb.fn.sum<number | string>("count").as("count"))
      .where("day", ">=", fromDay)
      .where("day", "<=", toDay)
      .groupBy(["day", "route", "metric", "bucket"])
      .execute();
    // PostgreSQL sums integers as bigint, which pg hands over as text.
    return rows.map((r) => ({
      ...r,
      metric: r.metric as MetricName,
      bucket: Number(r.bucket),
      count: Number(r.count),
    }));
  }

  /**
   * What `npm run vitals` prints: per route and metric over the WINDOW_DAYS days before `now`,
   * from the reports kept whole and the histograms of the days rolled up.
   */
  async summary(now: Date): Promise<VitalsRow[]> {
    const since = new Date(now.getTime() - WINDOW_DAYS * DAY_MS).toISOString();
    const { from, to } = windowDays(now);
    const reports = await this.reports({ since, until: now.toISOString() });
    return summarise(reports, now, await this.daily(from, to));
  }

  /** Every page view reported: those kept whole and those rolled up. */
  async views() {
    await this.ready;
    const whole = await this.db
      .selectFrom("vitals")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow();
    const rolled = await this.db
      .selectFrom("vitalsDailyViews")
      .select((eb) => eb.fn.sum<number | string | null>("views").as("n"))
      .executeTakeFirstOrThrow();
    return Number(whole.n) + Number(rolled.n ?? 0);
  }

  /**
   * Rolls every report received before keptFrom(now) into its day's histograms and deletes
   * it, in one transaction. The reports are deleted first and only what this transaction
   * deleted is counted, so rolling up again, or in two processes at once, never counts a
   * report twice (PostgreSQL: an advisory lock queues them; SQLite: the write lock does).
   */
  async rollUp(now: Date) {
    await this.ready;
    const before = keptFrom(now);
    const oldest = (db: Kysely<Database>) =>
      db
        .selectFrom("vitals")
        .select("receivedAt")
        .where("receivedAt", "<", before)
        .orderBy("receivedAt")
        .limit(1);
    // Read before the transaction, so that its first statement is a write: SQLite then waits
    // for another process's roll-up (busy_timeout) instead of failing as a read turned write.
    const first = await oldest(this.db).executeTakeFirst();
    if (!first) return { reports: 0, days: 0, before };
    return this.db.transaction().execute(async (trx) => {
      if (this.engine === "postgres")
        await sql`select pg_advisory_xact_lock(${ROLL_UP_LOCK})`.execute(trx);
      let reports = 0;
      let days = 0;
      // A day at a time: a backlog (a large old file just imported) is not held in memory whole.
      for (
        let next: { receivedAt: string } | undefined = first;
        next;
        next = await oldest(trx).executeTakeFirst()
      ) {
        const dayEnd = new Date(Date.parse(next.receivedAt.slice(0, 10)) + DAY_MS).toISOString();
        const rows = await trx
          .deleteFrom("vitals")
          .where("receivedAt", "<", dayEnd < before ? dayEnd : before)
          .returningAll()
          .execute();
        if (!rows.length) continue; // that day was rolled up by another process meanwhile
        await addToDaily(trx, rows);
        reports += rows.length;
        days++;
      }
      return { reports, days, before };
    });
  }

  /**
   * Stores the reports of an old vitals.jsonl whose content hashes to `sha256`, unless a file
   * with that content was imported before: how many were added (0: it was).
   */
  async import(reports: readonly StoredVitals[], source: { sha256: string; file: string }) {
    await this.ready;
    return this.db.transaction().execute(async (trx) => {
      const marked = await trx
        .insertInto("vitalsImports")
        .values({
          sha256: source.sha256,
          file: source.file,
          importedAt: new Date().toISOString(),
          reports: reports.length,
        })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      if (Number(marked.numInsertedOrUpdatedRows) !== 1) return 0;
      for (let i = 0; i < reports.length; i += CHUNK)
        await trx
          .insertInto("vitals")
          .values(reports.slice(i, i + CHUNK).map(toRow))
          .execute();
      return reports.length;
    });
  }
}

/** Adds the reports' values to their days' histograms, and their page views to the counts. */
async function addToDaily(trx: Transaction<Database>, rows: VitalsRecordRow[]) {
  const histogram = new Map<string, Insertable<VitalsDailyTable>>();
  const views = new Map<string, Insertable<VitalsDailyViewsTable>>();
  for (const row of rows) {
    const day = row.receivedAt.slice(0, 10);
    const { route } = row;
    const seen = views.get(JSON.stringify([day, route]));
    if (seen) seen.views++;
    else views.set(JSON.stringify([day, route]), { day, route, views: 1 });
    for (const { name: metric, value } of parseMetrics(row.metrics)) {
      const bucket = bucketOf(value);
      const key = JSON.stringify([day, route, metric, bucket]);
      const counted = histogram.get(key);
      if (counted) counted.count++;
      else histogram.set(key, { day, route, metric, bucket, count: 1 });
    }
  }
  // In key order: two transactions adding to the same rows take their locks in the same order.
  const sorted = <T>(map: Map<string, T>) =>
    [...map].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row);
  const buckets = sorted(histogram);
  const pageViews = sorted(views);
  for (let i = 0; i < buckets.length; i += CHUNK)
    await trx
      .insertInto("vitalsDaily")
      .values(buckets.slice(i, i + CHUNK))
      .onConflict((oc) =>
        oc
          .columns(["day", "route", "metric", "bucket"])
          .doUpdateSet((eb) => ({ count: eb("vitalsDaily.count", "+", eb.ref("excluded.count")) })),
      )
      .execute();
  for (let i = 0; i < pageViews.length; i += CHUNK)
    await trx
      .insertInto("vitalsDailyViews")
      .values(pageViews.slice(i, i + CHUNK))
      .onConflict((oc) =>
        oc.columns(["day", "route"]).doUpdateSet((eb) => ({
          views: eb("vitalsDailyViews.views", "+", eb.ref("excluded.views")),
        })),
      )
      .execute();
}

/** The metrics of a stored report that can be counted (a known name and a finite value). */
function parseMetrics(text: string): StoredVitals["metrics"] {
  let metrics: unknown;
  try {
    metrics = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(metrics)) return [];
  return (metrics as unknown[]).filter((m): m is StoredVitals["metrics"][number] => {
    const { name, value } = (m ?? {}) as { name?: unknown; value?: unknown };
    return (
      METRICS.includes(name as MetricName) &&
      typeof value === "number" &&
      Number.isFinite(value) &&
      value >= 0
    );
  });
}

function toRow({
  receivedAt,
  route,
  connection,
  device,
  metrics,
}: StoredVitals): NewVitalsRecordRow {
  return {
    receivedAt,
    route,
    connection: connection ?? null,
    device,
    metrics: JSON.stringify(metrics),
  };
}

function fromRow(row: VitalsRecordRow): StoredVitals {
  return {
    receivedAt: row.receivedAt,
    route: row.route,
    ...(row.connection ? { connection: row.connection as StoredVitals["connection"] } : {}),
    device: row.device as StoredVitals["device"],
    metrics: parseMetrics(row.metrics),
  };
}

/**
 * A record of an old vitals.jsonl as a report to store, or undefined: not one (a line cut
 * short, another program's). Its time is written again as toISOString writes it, so every
 * stored time compares as text.
 */
export function storedVitalsFrom(record: Record<string, unknown>): StoredVitals | undefined {
  const { receivedAt, route, connection, device } = record;
  const at = typeof receivedAt === "string" ? Date.parse(receivedAt) : NaN;
  if (!Number.isFinite(at) || typeof route !== "string" || typeof device !== "string")
    return undefined;
  if (connection !== undefined && typeof connection !== "string") return undefined;
  const metrics = Array.isArray(record.metrics) ? parseMetrics(JSON.stringify(record.metrics)) : [];
  if (!metrics.length) return undefined;
  return {
    receivedAt: new Date(at).toISOString(),
    route,
    ...(connection ? { connection: connection as StoredVitals["connection"] } : {}),
    device: device as StoredVitals["device"],
    metrics: metrics.map(({ name, value, rating }) => ({ name, value, rating })),
  };
}
