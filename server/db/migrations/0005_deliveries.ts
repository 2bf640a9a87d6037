import type { Kysely } from "kysely";

/**
 * Delivery state (it was data/*.outbox.jsonl and data/*.requeue.jsonl): one row per e-mail or
 * webhook of an item, its latest state and, while a process is sending it, that process's
 * lease; and staff's re-queues of flagged ones, kept as a record of what was asked.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("deliveries")
    .addColumn("outbox", "text", (c) => c.notNull())
    .addColumn("id", "text", (c) => c.notNull())
    .addColumn("mail", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("reply", "text")
    .addColumn("reason", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("since", "text")
    .addColumn("due_at", "text")
    .addColumn("lease_owner", "text")
    .addColumn("lease_until", "text")
    .addColumn("item", "text")
    .addPrimaryKeyConstraint("deliveries_pk", ["outbox", "id", "mail"])
    .execute();
  // What every worker's poll asks: the pending and failed ones of its outbox that are due.
  await db.schema
    .createIndex("deliveries_open")
    .on("deliveries")
    .columns(["outbox", "state", "due_at"])
    .execute();
  // Whose leases there are (each poll looks for those of processes gone from this machine).
  await db.schema.createIndex("deliveries_lease").on("deliveries").column("lease_owner").execute();
  await db.schema
    .createTable("delivery_requeues")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("outbox", "text", (c) => c.notNull())
    .addColumn("item_id", "text", (c) => c.notNull())
    .addColumn("mail", "text", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("delivery_requeues").execute();
  await db.schema.dropTable("deliveries").execute();
}
