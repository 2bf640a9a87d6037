import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, StaffRequestTable } from "../db/schema";

type Kind = StaffRequestTable["kind"];

/**
 * What staff ask the server to do (`npm run bookings -- --cancel ID`, `npm run events --
 * --cancel SLUG`): a row each, open until a server has carried it out. The tools write, the
 * servers read: whichever server polls first does it, and doing it twice changes nothing (a
 * cancelled booking or event cannot be cancelled again), so several processes may poll.
 */
export class StaffRequests {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ready: Promise<unknown> = Promise.resolve(),
  ) {}

  async ask(kind: Kind, target: string, at = new Date()) {
    await this.ready;
    await this.db
      .insertInto("staffRequests")
      .values({
        id: randomUUID(),
        kind,
        target,
        action: "cancel",
        at: at.toISOString(),
        doneAt: null,
      })
      .execute();
  }

  /** Requests of a kind not carried out yet, oldest first. */
  async open(kind: Kind) {
    await this.ready;
    return this.db
      .selectFrom("staffRequests")
      .selectAll()
      .where("kind", "=", kind)
      .where("doneAt", "is", null)
      .orderBy("at")
      .orderBy("id")
      .execute();
  }

  /** Carried out: marked after the work, so a crash between the two only repeats it. */
  async done(id: string, at = new Date()) {
    await this.db
      .updateTable("staffRequests")
      .set({ doneAt: at.toISOString() })
      .where("id", "=", id)
      .where("doneAt", "is", null)
      .execute();
  }
}
