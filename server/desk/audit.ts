import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { iso, type Clock } from "./clock";

/** One entry: who did what to which record, from where. Never a student's name or address. */
export interface AuditEntry {
  staffId: string | null;
  action: string;
  recordKind?: string;
  recordId?: string;
  client: string;
  detail?: string;
}

export interface AuditFilter {
  staffId?: string;
  action?: string;
  /** YYYY-MM-DD, UTC days, inclusive. */
  from?: string;
  to?: string;
  /** Keyset: the last row of the page before ("at|id"). */
  before?: string;
}

export const AUDIT_PAGE = 50;

/**
 * The append-only audit log: rows are inserted, never updated or deleted by the server. Every
 * view and change of a student's data writes one.
 */
export class AuditLog {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async write(entry: AuditEntry) {
    await this.db
      .insertInto("auditLog")
      .values({
        id: randomUUID(),
        at: iso(this.clock),
        staffId: entry.staffId,
        action: entry.action,
        recordKind: entry.recordKind ?? null,
        recordId: entry.recordId ?? null,
        client: entry.client,
        detail: entry.detail ?? null,
      })
      .execute();
  }

  /** Newest first, a page at a time. */
  async list(filter: AuditFilter) {
    let query = this.db.selectFrom("auditLog").selectAll();
    if (filter.staffId) query = query.where("staffId", "=", filter.staffId);
    if (filter.action) query = query.where("action", "=", filter.action);
    if (filter.from) query = query.where("at", ">=", `${filter.from}T00:00:00.000Z`);
    if (filter.to) query = query.where("at", "<=", `${filter.to}T23:59:59.999Z`);
    if (filter.before) {
      const [at = "", id = ""] = filter.before.split("|");
      query = query.where((eb) =>
        eb.or([eb("at", "<", at), eb.and([eb("at", "=", at), eb("id", "<", id)])]),
      );
    }
    return query
      .orderBy("at", "desc")
      .orderBy("id", "desc")
      .limit(AUDIT_PAGE + 1)
      .execute();
  }

  /** The entries about one record, oldest first (a lead's timeline). */
  forRecord(kind: string, id: string) {
    return this.db
      .selectFrom("auditLog")
      .selectAll()
      .where("recordKind", "=", kind)
      .where("recordId", "=", id)
      .orderBy("at")
      .execute();
  }

  async actions() {
    const rows = await this.db.selectFrom("auditLog").select("action").distinct().execute();
    return rows.map((r) => r.action).sort();
  }
}
