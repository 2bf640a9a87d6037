import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { iso, type Clock } from "./clock";
import { LONDON } from "./consultations";
import type { StaffMember } from "./staff";
import { randomToken, sha256 } from "./tokens";

/** A session ends this long after its last request... */
export const IDLE_MS = 8 * 3600_000;
/** ...and this long after it began, whatever. */
export const ABSOLUTE_MS = 7 * 24 * 3600_000;
/** last_seen_at is written at most this often (not on every request). */
const TOUCH_EVERY_MS = 60_000;

export interface LoadedSession {
  /** The token's hash: the session's id in the database. */
  idHash: string;
  staff: StaffMember;
  createdAt: string;
  lastSeenAt: string;
}

export interface SessionRow {
  idHash: string;
  createdAt: string;
  lastSeenAt: string;
  device: string;
  client: string;
}

/** "Chrome on Linux": enough for a person to tell their devices apart, no more. */
export function deviceOf(userAgent: string | undefined) {
  const ua = userAgent ?? "";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : "A browser";
  const system = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad/.test(ua)
      ? "iOS"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X/.test(ua)
          ? "macOS"
          : /Linux/.test(ua)
            ? "Linux"
            : "an unknown system";
  return `${browser} on ${system}`;
}

/**
 * Desk sessions in the database, shared by every server process: the browser holds a random
 * token, the table its SHA-256. A session ends after 8 idle hours, 7 days in all, at sign-out,
 * when its owner ends it, or when the account is disabled (checked at every request).
 */
export class Sessions {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** A new session (the token goes to the browser, once). */
  async begin(staffId: string, device: string, client: string) {
    const token = randomToken();
    const at = iso(this.clock);
    await this.db
      .insertInto("staffSessions")
      .values({
        idHash: sha256(token),
        staffId,
        createdAt: at,
        lastSeenAt: at,
        device,
        client,
        endedAt: null,
        endedWhy: null,
      })
      .execute();
    return token;
  }

  /**
   * The session this token opens, if it still runs; ends it if it has run out. `use`: the
   * request is the person's, so it counts against the idle expiry; a page's own script asking by
   * itself is not (else a page left open would never idle out).
   */
  async load(token: string, use = true): Promise<LoadedSession | undefined> {
    const idHash = sha256(token);
    const row = await this.db
      .selectFrom("staffSessions")
      .innerJoin("staff", "staff.id", "staffSessions.staffId")
      .select([
        "staffSessions.createdAt as sessionCreatedAt",
        "staffSessions.lastSeenAt",
        "staffSessions.endedAt",
        "staff.id",
        "staff.email",
        "staff.name",
        "staff.role",
        "staff.disabled",
        "staff.createdAt",
        "staff.lastVisitAt",
        "staff.timeZone",
      ])
      .where("staffSessions.idHash", "=", idHash)
      .executeTakeFirst();
    if (!row || row.endedAt) return undefined;
    const now = this.clock.now();
    const why = row.disabled
      ? "account disabled"
      : now - Date.parse(row.lastSeenAt) > IDLE_MS
        ? "idle for 8 hours"
        : now - Date.parse(row.sessionCreatedAt) > ABSOLUTE_MS
          ? "7 days old"
          : undefined;
    if (why) {
      await this.end(idHash, why);
      return undefined;
    }
    if (use && now - Date.parse(row.lastSeenAt) > TOUCH_EVERY_MS)
      await this.db
        .updateTable("staffSessions")
        .set({ lastSeenAt: iso(this.clock) })
        .where("idHash", "=", idHash)
        .execute();
    return {
      idHash,
      createdAt: row.sessionCreatedAt,
      lastSeenAt: row.lastSeenAt,
      staff: {
        id: row.id,
        email: row.email,
        name: row.name,
        role: row.role,
        disabled: Boolean(row.disabled),
        createdAt: row.createdAt,
        lastVisitAt: row.lastVisitAt,
        timeZone: row.timeZone ?? LONDON,
      },
    };
  }

  async end(idHash: string, why: string, staffId?: string) {
    let query = this.db
      .updateTable("staffSessions")
      .set({ endedAt: iso(this.clock), endedWhy: why })
      .where("idHash", "=", idHash)
      .where("endedAt", "is", null);
    if (staffId) query = query.where("staffId", "=", staffId);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** A person's sessions that still run, the latest first. */
  async running(staffId: string): Promise<SessionRow[]> {
    const now = this.clock.now();
    const rows = await this.db
      .selectFrom("staffSessions")
      .select(["idHash", "createdAt", "lastSeenAt", "device", "client"])
      .where("staffId", "=", staffId)
      .where("endedAt", "is", null)
      .where("lastSeenAt", ">", new Date(now - IDLE_MS).toISOString())
      .where("createdAt", ">", new Date(now - ABSOLUTE_MS).toISOString())
      .orderBy("lastSeenAt", "desc")
      .execute();
    return rows;
  }
}
