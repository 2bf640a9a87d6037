import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { iso, type Clock } from "./clock";

/** Who has arrived at an event's door. */
export class CheckIns {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** Arrival times by registration id. */
  async of(event: string) {
    const rows = await this.db
      .selectFrom("checkIns")
      .select(["registrationId", "at"])
      .where("event", "=", event)
      .execute();
    return new Map(rows.map((r) => [r.registrationId, r.at]));
  }

  /** Ticks (once: a second tick keeps the first time) or unticks. */
  async set(event: string, registrationId: string, arrived: boolean, staffId: string) {
    if (!arrived) {
      await this.db.deleteFrom("checkIns").where("registrationId", "=", registrationId).execute();
      return;
    }
    await this.db
      .insertInto("checkIns")
      .values({ registrationId, event, at: iso(this.clock), staffId })
      .onConflict((oc) => oc.column("registrationId").doNothing())
      .execute();
  }
}
