import type { Kysely } from "kysely";

/**
 * Each event's version as announced to its registrants (it was data/events.state.jsonl), and
 * staff's requests to the server (they were data/bookings.staff.jsonl and
 * data/events.staff.jsonl): a request stays open until a server has carried it out.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("event_versions")
    .addColumn("slug", "text", (c) => c.primaryKey())
    .addColumn("sequence", "integer", (c) => c.notNull())
    .addColumn("starts_at", "text", (c) => c.notNull())
    .addColumn("ends_at", "text", (c) => c.notNull())
    .addColumn("cancelled", "integer", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("staff_requests")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("target", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("done_at", "text")
    .execute();
  await db.schema
    .createIndex("staff_requests_open")
    .on("staff_requests")
    .columns(["kind", "done_at", "at"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("staff_requests").execute();
  await db.schema.dropTable("event_versions").execute();
}
