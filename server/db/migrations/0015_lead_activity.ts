import { sql, type Kysely } from "kysely";

/**
 * A lead's `updated_at` (lead_states) is its last activity on the desk, which the retention
 * counts an enquiry's period from: the desk used to set it to when it first listed the lead.
 * A lead never assigned nor given a status (no lead.assign or lead.status in the audit log)
 * takes back its arrival; the others keep theirs.
 */
export async function up(db: Kysely<unknown>) {
  await sql`update lead_states set updated_at = received_at where not exists (
    select 1 from audit_log
    where audit_log.record_kind = lead_states.kind and audit_log.record_id = lead_states.id
      and audit_log.action in ('lead.assign', 'lead.status')
  )`.execute(db);
}

/** Nothing to undo: a later time would be a guess. */
export async function down() {}
