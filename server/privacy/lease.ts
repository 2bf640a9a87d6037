import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";

/**
 * A job's lease (the job_leases table): one statement takes it, so of several processes on one
 * database exactly one holds it until it releases it or its time runs out (a process that died
 * mid-run), the way the outbox's claims work. Returns whether `owner` holds it now.
 */
export async function takeLease(
  db: Kysely<Database>,
  name: string,
  owner: string,
  now: Date,
  leaseMs: number,
  /** Not if the job finished this recently (another process ran it today). */
  notSinceMs = 0,
) {
  const at = now.toISOString();
  const until = new Date(now.getTime() + leaseMs).toISOString();
  const recent = new Date(now.getTime() - notSinceMs).toISOString();
  const taken = await db
    .insertInto("jobLeases")
    .values({ name, owner, until, doneAt: null })
    .onConflict((oc) =>
      oc
        .column("name")
        .doUpdateSet({ owner, until })
        .where((eb) =>
          eb.and([
            eb.or([
              eb("jobLeases.owner", "is", null),
              eb("jobLeases.owner", "=", owner),
              eb("jobLeases.until", "<=", at),
            ]),
            eb.or([eb("jobLeases.doneAt", "is", null), eb("jobLeases.doneAt", "<=", recent)]),
          ]),
        ),
    )
    .returning("owner")
    .executeTakeFirst();
  return taken?.owner === owner;
}

/** The job is done: the lease is free, and when it finished is kept. */
export async function releaseLease(db: Kysely<Database>, name: string, owner: string, now: Date) {
  await db
    .updateTable("jobLeases")
    .set({ owner: null, until: null, doneAt: now.toISOString() })
    .where("name", "=", name)
    .where("owner", "=", owner)
    .execute();
}

/** Whether a table exists (one another branch's migration makes: the desk's audit log). */
export async function hasTable(db: Kysely<Database>, table: string) {
  const tables = await db.introspection.getTables();
  return tables.some((t) => t.name === table);
}

export { sql };
