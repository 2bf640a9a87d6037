import type { Kysely } from "kysely";

/**
 * Privacy (issue 53): the requests students send from the link in their acknowledgement and
 * staff's erasures, for a server to carry out or staff to confirm; the leases that let one of
 * several processes run a job (the daily retention); and the anonymous counts left of the
 * enquiries the retention deleted (how many a month, by form and campaign: no one's details).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("privacy_requests")
    .addColumn("id", "text", (c) => c.primaryKey())
    // erase | copy
    .addColumn("kind", "text", (c) => c.notNull())
    // The address, lower case; replaced by "erased" once an erasure is done.
    .addColumn("email", "text", (c) => c.notNull())
    // link: the student, from the signed link (staff confirm it); staff: npm run privacy, the desk.
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("lang", "text")
    // pending (for staff to confirm) | confirmed (a server carries it out) | done | refused
    .addColumn("state", "text", (c) => c.notNull())
    // Who asked or confirmed it (a staff member; "cli" for npm run privacy).
    .addColumn("actor", "text")
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("done_at", "text")
    // What it did, in counts (no details), once done.
    .addColumn("outcome", "text")
    .execute();
  await db.schema
    .createIndex("privacy_requests_state")
    .on("privacy_requests")
    .column("state")
    .execute();
  await db.schema
    .createTable("job_leases")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("owner", "text")
    .addColumn("until", "text")
    // When the job last finished (the daily job skips a run another process did lately).
    .addColumn("done_at", "text")
    .execute();
  await db.schema
    .createTable("retained_counts")
    // enquiries
    .addColumn("kind", "text", (c) => c.notNull())
    // YYYY-MM of the record's own date (an enquiry's receipt).
    .addColumn("month", "text", (c) => c.notNull())
    .addColumn("form", "text", (c) => c.notNull())
    // "" for none
    .addColumn("campaign", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("retained_counts_pk", ["kind", "month", "form", "campaign"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("retained_counts").execute();
  await db.schema.dropTable("job_leases").execute();
  await db.schema.dropTable("privacy_requests").execute();
}
