import type { Kysely } from "kysely";

/**
 * Real visitors' Web Vitals (they were data/vitals.jsonl): the reports of the last 28 days
 * whole, and older days rolled up into fixed-bucket histograms, so the tables grow with the
 * days and the site's routes, not with its traffic.
 */
export async function up(db: Kysely<unknown>) {
  // One row per page view's report, as the page sent it (nothing that identifies anyone).
  await db.schema
    .createTable("vitals")
    .addColumn("received_at", "text", (c) => c.notNull())
    .addColumn("route", "text", (c) => c.notNull())
    .addColumn("connection", "text")
    .addColumn("device", "text", (c) => c.notNull())
    .addColumn("metrics", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("vitals_received_at").on("vitals").column("received_at").execute();
  // Per UTC day, route and metric (what the report groups by): how many values fell into each
  // bucket (named by its upper bound, see bucketOf in server/vitals/report.ts).
  await db.schema
    .createTable("vitals_daily")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("route", "text", (c) => c.notNull())
    .addColumn("metric", "text", (c) => c.notNull())
    .addColumn("bucket", "double precision", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("vitals_daily_pk", ["day", "route", "metric", "bucket"])
    .execute();
  // Per UTC day and route: how many page views those histograms came from.
  await db.schema
    .createTable("vitals_daily_views")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("route", "text", (c) => c.notNull())
    .addColumn("views", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("vitals_daily_views_pk", ["day", "route"])
    .execute();
  // Each old vitals.jsonl imported, by its content's SHA-256: a file is never imported twice.
  await db.schema
    .createTable("vitals_imports")
    .addColumn("sha256", "text", (c) => c.primaryKey())
    .addColumn("file", "text", (c) => c.notNull())
    .addColumn("imported_at", "text", (c) => c.notNull())
    .addColumn("reports", "integer", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  for (const table of ["vitals_imports", "vitals_daily_views", "vitals_daily", "vitals"])
    await db.schema.dropTable(table).execute();
}
