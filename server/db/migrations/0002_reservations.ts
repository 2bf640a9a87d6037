import type { Kysely } from "kysely";

/**
 * Consultation bookings and event registrations (they were data/bookings.jsonl and
 * data/registrations.jsonl): each reservation's state now, every version of it as it was
 * announced, and one row per pool (a slot of a way to talk, an event) that a change of places
 * locks on PostgreSQL.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("reservations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("pool", "text")
    .addColumn("line", "text")
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("active", "integer", (c) => c.notNull())
    .addColumn("ends_at", "text")
    .addColumn("arrival", "integer", (c) => c.notNull())
    .addColumn("sequence", "integer", (c) => c.notNull())
    .addColumn("idempotency_key", "text", (c) => c.unique())
    .addColumn("data", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("reservations_pool").on("reservations").column("pool").execute();
  await db.schema
    .createIndex("reservations_line")
    .on("reservations")
    .columns(["line", "arrival"])
    .execute();
  await db.schema
    .createIndex("reservations_owner")
    .on("reservations")
    .columns(["kind", "scope", "email"])
    .execute();
  await db.schema
    .createTable("reservation_versions")
    .addColumn("id", "text", (c) => c.notNull())
    .addColumn("sequence", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("serial", "integer", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("reservation_versions_pk", ["id", "sequence"])
    .execute();
  await db.schema
    .createIndex("reservation_versions_serial")
    .on("reservation_versions")
    .columns(["kind", "serial"])
    .execute();
  await db.schema
    .createTable("reservation_pools")
    .addColumn("name", "text", (c) => c.primaryKey())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("reservation_pools").execute();
  await db.schema.dropTable("reservation_versions").execute();
  await db.schema.dropTable("reservations").execute();
}
