import type { Kysely } from "kysely";

/**
 * The door's check-in (/desk/events/:slug/check-in): one row per registration that arrived,
 * with when and who ticked it. Unticking deletes the row.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("check_ins")
    .addColumn("registration_id", "text", (c) => c.primaryKey())
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("staff_id", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("check_ins_event").on("check_ins").column("event").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("check_ins").execute();
}
