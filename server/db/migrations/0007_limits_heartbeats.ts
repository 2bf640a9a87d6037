import type { Kysely } from "kysely";

/**
 * Rate limits counted in the database, so any number of server processes give a client one
 * allowance: a token bucket per scope (enquiry, vitals) and client address. And each process's
 * latest readiness check (/readyz writes its row): which instances are alive, and proof that
 * the database takes writes.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("rate_limits")
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("client", "text", (c) => c.notNull())
    .addColumn("tokens", "double precision", (c) => c.notNull())
    // Milliseconds since the epoch of the last take (a double: exact for millisecond times).
    .addColumn("at", "double precision", (c) => c.notNull())
    .addPrimaryKeyConstraint("rate_limits_pk", ["scope", "client"])
    .execute();
  await db.schema.createIndex("rate_limits_at").on("rate_limits").column("at").execute();
  await db.schema
    .createTable("heartbeats")
    .addColumn("instance", "text", (c) => c.primaryKey())
    .addColumn("at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("heartbeats").execute();
  await db.schema.dropTable("rate_limits").execute();
}
