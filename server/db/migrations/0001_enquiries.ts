import type { Kysely } from "kysely";

/** Accepted enquiries (they were data/enquiries.jsonl). */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("enquiries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("received_at", "text", (c) => c.notNull())
    .addColumn("form", "text", (c) => c.notNull())
    .addColumn("lang", "text")
    .addColumn("idempotency_key", "text", (c) => c.unique())
    .addColumn("fields", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("enquiries_received_at")
    .on("enquiries")
    .columns(["received_at", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("enquiries").execute();
}
