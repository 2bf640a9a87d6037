import type { Kysely } from "kysely";

/**
 * Keys the server generates for itself (the manage links' signing key, which was the file
 * data/booking-secret): kept with the data, so a backup of the database restores them and
 * every process on one database signs and checks with the same key.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("secrets")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("secrets").execute();
}
