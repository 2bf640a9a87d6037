import type { Kysely } from "kysely";

/**
 * The staff desk (/desk): staff accounts, their sessions (only a hash of each session's token
 * is kept), e-mailed sign-in links (hashed too, with the hash of the asking browser's cookie),
 * passkeys and their pending challenges, the append-only audit log, and each lead's work state
 * (status, assignee, with the columns the inbox filters on copied from the lead) and notes.
 * ISO times are text (compared as written), as in the other tables.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("staff")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("disabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    // The home page's "since your last visit": when they last opened it.
    .addColumn("last_visit_at", "text")
    .execute();
  await db.schema
    .createTable("staff_sessions")
    .addColumn("id_hash", "text", (c) => c.primaryKey())
    .addColumn("staff_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    // "Firefox on Windows", never the whole User-Agent; the client address as the server saw it.
    .addColumn("device", "text", (c) => c.notNull())
    .addColumn("client", "text", (c) => c.notNull())
    .addColumn("ended_at", "text")
    .addColumn("ended_why", "text")
    .execute();
  await db.schema
    .createIndex("staff_sessions_staff")
    .on("staff_sessions")
    .columns(["staff_id", "ended_at"])
    .execute();
  await db.schema
    .createTable("sign_in_links")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("browser_hash", "text", (c) => c.notNull())
    .addColumn("next", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema
    .createIndex("sign_in_links_expires")
    .on("sign_in_links")
    .column("expires_at")
    .execute();
  await db.schema
    .createTable("passkeys")
    .addColumn("credential_id", "text", (c) => c.primaryKey())
    .addColumn("staff_id", "text", (c) => c.notNull())
    .addColumn("public_key", "text", (c) => c.notNull())
    .addColumn("counter", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("transports", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text")
    .execute();
  await db.schema.createIndex("passkeys_staff").on("passkeys").column("staff_id").execute();
  await db.schema
    .createTable("passkey_challenges")
    // The hash of the pending ceremony's cookie (sign-in) or of the session's (enrolment).
    .addColumn("id_hash", "text", (c) => c.primaryKey())
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("challenge", "text", (c) => c.notNull())
    .addColumn("staff_id", "text")
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("at", "text", (c) => c.notNull())
    // null: someone not signed in (a refused sign-in).
    .addColumn("staff_id", "text")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("record_kind", "text")
    .addColumn("record_id", "text")
    .addColumn("client", "text", (c) => c.notNull())
    .addColumn("detail", "text")
    .execute();
  await db.schema.createIndex("audit_log_at").on("audit_log").columns(["at", "id"]).execute();
  await db.schema
    .createIndex("audit_log_record")
    .on("audit_log")
    .columns(["record_kind", "record_id", "at"])
    .execute();
  await db.schema
    .createTable("lead_states")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("id", "text", (c) => c.notNull())
    .addColumn("received_at", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("new"))
    .addColumn("assignee", "text")
    .addColumn("name", "text", (c) => c.notNull())
    // Lower case: the same person's other leads, and search.
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("interest", "text", (c) => c.notNull())
    .addColumn("lang", "text", (c) => c.notNull())
    .addColumn("campaign", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("lead_states_pk", ["kind", "id"])
    .execute();
  await db.schema
    .createIndex("lead_states_received")
    .on("lead_states")
    .columns(["received_at", "kind", "id"])
    .execute();
  await db.schema
    .createIndex("lead_states_status")
    .on("lead_states")
    .columns(["status", "received_at"])
    .execute();
  await db.schema
    .createIndex("lead_states_assignee")
    .on("lead_states")
    .columns(["assignee", "received_at"])
    .execute();
  await db.schema.createIndex("lead_states_email").on("lead_states").column("email").execute();
  await db.schema
    .createTable("lead_notes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("lead_id", "text", (c) => c.notNull())
    .addColumn("staff_id", "text", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("lead_notes_lead")
    .on("lead_notes")
    .columns(["kind", "lead_id", "at"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  for (const table of [
    "lead_notes",
    "lead_states",
    "audit_log",
    "passkey_challenges",
    "passkeys",
    "sign_in_links",
    "staff_sessions",
    "staff",
  ])
    await db.schema.dropTable(table).execute();
}
