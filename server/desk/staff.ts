import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, StaffRole } from "../db/schema";
import { LONDON } from "./consultations";

export type { StaffRole } from "../db/schema";

export const ROLES: readonly StaffRole[] = ["adviser", "manager", "admin"];

export const isRole = (value: unknown): value is StaffRole =>
  typeof value === "string" && (ROLES as readonly string[]).includes(value);

/** Whether a role may do what `needed` may: an admin does all a manager does. */
export const hasRole = (role: StaffRole, needed: StaffRole) =>
  ROLES.indexOf(role) >= ROLES.indexOf(needed);

/** A plausible address: one @, something either side, no spaces. */
export const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

export interface StaffMember {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  disabled: boolean;
  createdAt: string;
  lastVisitAt: string | null;
  /** Their own time zone (IANA): London unless they chose another. */
  timeZone: string;
}

export class StaffError extends Error {}

const toMember = (row: {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  disabled: number;
  createdAt: string;
  lastVisitAt: string | null;
  timeZone?: string | null;
}): StaffMember => ({
  ...row,
  disabled: Boolean(row.disabled),
  timeZone: row.timeZone ?? LONDON,
});

/** Staff accounts: made by `npm run staff` and by admins on the desk. */
export class StaffAccounts {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  async add(email: string, name: string, role: StaffRole): Promise<StaffMember> {
    const address = email.trim().toLowerCase();
    if (!isEmail(address)) throw new StaffError("That is not an e-mail address.");
    if (!name.trim()) throw new StaffError("A name is needed.");
    if (await this.byEmail(address)) throw new StaffError("There is already an account for it.");
    const member = {
      id: randomUUID(),
      email: address,
      name: name.trim(),
      role,
      disabled: 0,
      createdAt: new Date(this.now()).toISOString(),
      lastVisitAt: null,
    };
    await this.db.insertInto("staff").values(member).execute();
    return toMember(member);
  }

  async list(): Promise<StaffMember[]> {
    const rows = await this.db.selectFrom("staff").selectAll().orderBy("name").execute();
    return rows.map(toMember);
  }

  async byEmail(email: string) {
    const row = await this.db
      .selectFrom("staff")
      .selectAll()
      .where("email", "=", email.trim().toLowerCase())
      .executeTakeFirst();
    return row && toMember(row);
  }

  async byId(id: string) {
    const row = await this.db
      .selectFrom("staff")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    return row && toMember(row);
  }

  /** Their own time zone (London: none of their own). */
  async setTimeZone(id: string, zone: string) {
    await this.db
      .updateTable("staff")
      .set({ timeZone: zone === LONDON ? null : zone })
      .where("id", "=", id)
      .execute();
  }

  async setRole(id: string, role: StaffRole) {
    await this.db.updateTable("staff").set({ role }).where("id", "=", id).execute();
  }

  /** Disables (or enables again) an account; disabling ends every session of it at once. */
  async setDisabled(id: string, disabled: boolean) {
    const at = new Date(this.now()).toISOString();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("staff")
        .set({ disabled: disabled ? 1 : 0 })
        .where("id", "=", id)
        .execute();
      if (disabled)
        await trx
          .updateTable("staffSessions")
          .set({ endedAt: at, endedWhy: "account disabled" })
          .where("staffId", "=", id)
          .where("endedAt", "is", null)
          .execute();
    });
  }

  async markVisit(id: string) {
    await this.db
      .updateTable("staff")
      .set({ lastVisitAt: new Date(this.now()).toISOString() })
      .where("id", "=", id)
      .execute();
  }
}
