/**
 * The outbox: every e-mail (and webhook) owed, a row of the deliveries table with its claim,
 * lease and outcome, so each is sent once by whichever process claims it (delivery.ts, the
 * worker; mailer.ts, the SMTP transport; Layout.tsx and render.ts, the one e-mail template).
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Kysely } from "kysely";
import type { Database, DeliveryRow, OutboxName } from "../db/schema";

export type { OutboxName } from "../db/schema";

/** The two e-mails each enquiry becomes: the agency's notification and the student's acknowledgement. */
export type MailKind = "notify" | "ack";

export const mailKinds: readonly MailKind[] = ["notify", "ack"];

/**
 * pending: to be sent (an enquiry with no record yet is pending too); sent: accepted by the mail
 * server; failed: a transient failure, to be retried; flagged: refused for good, for staff to see;
 * skipped: not sent on purpose (an acknowledgement too late to be useful).
 */
export type DeliveryState = "pending" | "sent" | "failed" | "flagged" | "skipped";

/** What happened to one e-mail of one enquiry (or booking): its row in the deliveries table. */
export interface DeliveryRecord {
  /** The enquiry's (booking's) id. */
  id: string;
  /** Which of its e-mails: a MailKind for an enquiry, "student.1", "reminder.0"... for a booking. */
  mail: string;
  state: DeliveryState;
  /** ISO time of the event. */
  at: string;
  /** The mail server's reply to a sent message. */
  reply?: string;
  /** Why an attempt failed, or why the mail was flagged or skipped. */
  reason?: string;
  /** Failed attempts so far. */
  attempts?: number;
  /** ISO time it started failing, where the worker gives up after a while (webhooks). */
  since?: string;
  /** ISO time it may be tried again (a failed one's backoff, a reminder's day); absent: now. */
  dueAt?: string;
}

export const mailKey = (id: string, mail: string) => `${id}/${mail}`;

/**
 * How long a claim keeps other processes off an e-mail. A send gives up well before: SMTP
 * waits at most 10 s to connect, 10 s for the greeting and 30 s of silence (server/outbox/mailer.ts),
 * a webhook 10 s (server/webhooks/transport.ts). A process that dies mid-send holds its
 * e-mails this long, then another process sends them.
 */
export const LEASE_MS = 90_000;

/** The reason a re-queued e-mail carries until it is tried again. */
export const REQUEUED = "re-queued by staff";

/** This process, as told apart from an earlier one with the same pid (a restarted container). */
const PROCESS_TOKEN = randomUUID().slice(0, 8);

/** A worker's name in the leases it takes: the machine, the process, and which worker. */
export const leaseOwner = () =>
  `${hostname()}/${process.pid}/${PROCESS_TOKEN}/${randomUUID().slice(0, 8)}`;

/**
 * A lease owner known to be gone: a process of this machine that no longer runs (or an earlier
 * process with this one's pid). Of another machine nothing is known: its leases run out.
 */
export function isGoneOwner(owner: string) {
  const [host, pid, token] = owner.split("/");
  if (host !== hostname() || !/^\d+$/.test(pid ?? "")) return false;
  if (Number(pid) === process.pid) return token !== PROCESS_TOKEN;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/** What a claim found: ours to send, or done already (its record), or someone else's for now. */
export type Claim =
  | { claimed: true }
  | { claimed: false; done: DeliveryRecord }
  | { claimed: false; leasedUntil: string };

/** A pending row to make sure of: an e-mail an item now owes. */
export interface Owed {
  id: string;
  mail: string;
  /** Not before this (ISO); absent: now. */
  dueAt?: string;
  /** The item itself, where no store keeps it (a webhook's message). */
  item?: string;
}

export const toRecord = (row: DeliveryRow): DeliveryRecord => ({
  id: row.id,
  mail: row.mail,
  state: row.state,
  at: row.at,
  ...(row.reply !== null ? { reply: row.reply } : {}),
  ...(row.reason !== null ? { reason: row.reason } : {}),
  ...(row.attempts ? { attempts: row.attempts } : {}),
  ...(row.since !== null ? { since: row.since } : {}),
  ...(row.dueAt !== null ? { dueAt: row.dueAt } : {}),
});

/** Not done: to be sent (again). */
const OPEN: DeliveryState[] = ["pending", "failed"];

/**
 * One outbox's delivery state in the database (the `deliveries` table), shared by every
 * process: a cache of the latest records, loaded once, that says what to queue; the rows
 * themselves decide who sends what (claim) and never let a worker overwrite a done one.
 */
export class Outbox {
  private readonly latest = new Map<string, DeliveryRecord>();
  private loading: Promise<void> | undefined;
  private readonly writes = new Set<Promise<unknown>>();
  private owed: { entries: Owed[]; done: () => void; fail: (error: unknown) => void }[] = [];
  private flushing = false;

  constructor(
    private readonly db: Kysely<Database>,
    readonly name: OutboxName,
    private readonly ready: Promise<unknown> = Promise.resolve(),
  ) {}

  /** Loads the latest records into the cache (once; every later call waits for the same). */
  load() {
    this.loading ??= (async () => {
      await this.ready;
      const rows = await this.db
        .selectFrom("deliveries")
        .selectAll()
        .where("outbox", "=", this.name)
        .execute();
      for (const row of rows) this.latest.set(mailKey(row.id, row.mail), toRecord(row));
    })();
    return this.loading;
  }

  /** The latest record of one e-mail this process knows of, or undefined when none. */
  get(id: string, mail: string) {
    return this.latest.get(mailKey(id, mail));
  }

  /**
   * Stores what happened to an e-mail and ends any lease on it. A done one (sent, flagged,
   * skipped) is never overwritten: whatever another process recorded first stands.
   */
  async record(record: DeliveryRecord): Promise<void> {
    this.latest.set(mailKey(record.id, record.mail), record);
    const values = {
      state: record.state,
      at: record.at,
      reply: record.reply ?? null,
      reason: record.reason ?? null,
      attempts: record.attempts ?? 0,
      since: record.since ?? null,
      dueAt: record.dueAt ?? null,
      leaseOwner: null,
      leaseUntil: null,
    };
    await this.track(
      this.ready.then(() =>
        this.db
          .insertInto("deliveries")
          .values({ outbox: this.name, id: record.id, mail: record.mail, ...values })
          .onConflict((oc) =>
            oc
              .columns(["outbox", "id", "mail"])
              .doUpdateSet(values)
              .where("deliveries.state", "in", OPEN),
          )
          .execute(),
      ),
    );
  }

  /**
   * Makes sure each owed e-mail has a row (pending, unless it has one already), so that any
   * process sends it if this one cannot. Those asked for together are written together.
   */
  ensure(entries: readonly Owed[]): Promise<void> {
    if (!entries.length) return Promise.resolve();
    for (const { id, mail, dueAt } of entries)
      if (!this.latest.has(mailKey(id, mail)))
        this.latest.set(mailKey(id, mail), {
          id,
          mail,
          state: "pending",
          at: new Date().toISOString(),
          ...(dueAt ? { dueAt } : {}),
        });
    return this.track(
      new Promise<void>((done, fail) => {
        this.owed.push({ entries: [...entries], done, fail });
        if (this.flushing) return;
        this.flushing = true;
        setImmediate(() => void this.flushOwed());
      }),
    );
  }

  private async flushOwed() {
    while (this.owed.length) {
      const batch = this.owed.splice(0);
      try {
        await this.ready;
        const at = new Date().toISOString();
        await this.db.transaction().execute(async (trx) => {
          for (const { entries } of batch)
            for (const { id, mail, dueAt, item } of entries)
              await trx
                .insertInto("deliveries")
                .values({
                  outbox: this.name,
                  id,
                  mail,
                  state: "pending",
                  at,
                  dueAt: dueAt ?? null,
                  item: item ?? null,
                })
                .onConflict((oc) =>
                  item === undefined
                    ? oc.doNothing()
                    : // A row from before the item was kept with it (an imported webhook's).
                      oc
                        .columns(["outbox", "id", "mail"])
                        .doUpdateSet({ item })
                        .where("deliveries.item", "is", null),
                )
                .execute();
        });
        for (const { done } of batch) done();
      } catch (error) {
        for (const { fail } of batch) fail(error);
      }
    }
    this.flushing = false;
  }

  /**
   * Takes an e-mail for `owner` for leaseMs, in one statement (so two processes cannot both
   * take it): only one not done, and not leased by another owner whose lease is still running.
   */
  async claim(id: string, mail: string, owner: string, leaseMs = LEASE_MS): Promise<Claim> {
    await this.ready;
    const now = new Date();
    const until = new Date(now.getTime() + leaseMs).toISOString();
    const taken = await this.db
      .insertInto("deliveries")
      .values({
        outbox: this.name,
        id,
        mail,
        state: "pending",
        at: now.toISOString(),
        leaseOwner: owner,
        leaseUntil: until,
      })
      .onConflict((oc) =>
        oc
          .columns(["outbox", "id", "mail"])
          .doUpdateSet({ leaseOwner: owner, leaseUntil: until })
          .where((eb) =>
            eb.and([
              eb("deliveries.state", "in", OPEN),
              eb.or([
                eb("deliveries.leaseOwner", "is", null),
                eb("deliveries.leaseOwner", "=", owner),
                eb("deliveries.leaseUntil", "<=", now.toISOString()),
              ]),
            ]),
          ),
      )
      .returning("state")
      .executeTakeFirst();
    if (taken) return { claimed: true };
    const row = await this.db
      .selectFrom("deliveries")
      .selectAll()
      .where("outbox", "=", this.name)
      .where("id", "=", id)
      .where("mail", "=", mail)
      .executeTakeFirst();
    if (row && !OPEN.includes(row.state)) {
      const done = toRecord(row);
      this.latest.set(mailKey(id, mail), done);
      return { claimed: false, done };
    }
    return { claimed: false, leasedUntil: row?.leaseUntil ?? now.toISOString() };
  }

  /**
   * The e-mails any process may take now: pending or failed, due by `now` (ISO), and not
   * leased (or their lease has run out: the process sending them stopped answering). The
   * cache learns their state, which another process may have changed (a staff re-queue).
   */
  async due(now: string, { mail, limit = 200 }: { mail?: string; limit?: number } = {}) {
    await this.ready;
    let query = this.db
      .selectFrom("deliveries")
      .selectAll()
      .where("outbox", "=", this.name)
      .where("state", "in", OPEN)
      .where((eb) => eb.or([eb("dueAt", "is", null), eb("dueAt", "<=", now)]))
      .where((eb) =>
        eb.or([eb("leaseUntil", "is", null), eb("leaseUntil", "<=", new Date().toISOString())]),
      );
    if (mail !== undefined) query = query.where("mail", "=", mail);
    const rows = await query.orderBy("at").limit(limit).execute();
    for (const row of rows) this.latest.set(mailKey(row.id, row.mail), toRecord(row));
    return rows;
  }

  /**
   * Ends the leases of processes of this machine that are gone (killed, crashed): what they
   * were sending is sent now, not once their leases run out. Returns how many.
   */
  async releaseGone() {
    await this.ready;
    const owners = await this.db
      .selectFrom("deliveries")
      .select("leaseOwner")
      .distinct()
      .where("outbox", "=", this.name)
      .where("leaseOwner", "is not", null)
      .execute();
    const gone = owners.flatMap((o) =>
      o.leaseOwner && isGoneOwner(o.leaseOwner) ? [o.leaseOwner] : [],
    );
    if (!gone.length) return 0;
    const result = await this.db
      .updateTable("deliveries")
      .set({ leaseOwner: null, leaseUntil: null })
      .where("outbox", "=", this.name)
      .where("leaseOwner", "in", gone)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Ends `owner`'s leases (a clean stop): another process may send those e-mails at once. */
  async release(owner: string) {
    await this.ready;
    await this.db
      .updateTable("deliveries")
      .set({ leaseOwner: null, leaseUntil: null })
      .where("outbox", "=", this.name)
      .where("leaseOwner", "=", owner)
      .execute();
  }

  private track<R>(write: Promise<R>) {
    const tracked = write.finally(() => this.writes.delete(tracked));
    this.writes.add(tracked);
    return tracked;
  }

  /** Resolves when every write so far is done (for a clean stop). */
  async idle() {
    while (this.writes.size) await Promise.allSettled([...this.writes]);
  }
}

/** A re-queue applies to an e-mail still flagged from before it was asked for. */
export const requeueApplies = (last: DeliveryRecord | undefined, requeue: { at: string }) =>
  last?.state === "flagged" && Date.parse(last.at) <= Date.parse(requeue.at);

/** The latest record of each e-mail of an outbox, as the staff tool sees it, by "id/mail". */
export async function latestRecords(db: Kysely<Database>, outbox: OutboxName) {
  const rows = await db
    .selectFrom("deliveries")
    .selectAll()
    .where("outbox", "=", outbox)
    .orderBy("at")
    .execute();
  return new Map(rows.map((row) => [mailKey(row.id, row.mail), toRecord(row)]));
}

/**
 * Staff's request to send flagged e-mails again (npm run enquiries -- --retry; the desk's
 * Retry, for `only` one): each one still flagged becomes pending, due now, and every server's
 * next poll takes it up; the request is kept in delivery_requeues. Returns those re-queued
 * (none when it is no longer flagged: sent, or re-queued already).
 */
export async function requeueFlagged(
  db: Kysely<Database>,
  outbox: OutboxName,
  now = new Date(),
  only?: { id: string; mail: string },
) {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom("deliveries")
      .selectAll()
      .where("outbox", "=", outbox)
      .where("state", "=", "flagged")
      .where("at", "<=", at);
    if (only) query = query.where("id", "=", only.id).where("mail", "=", only.mail);
    const flagged = await query.execute();
    for (const row of flagged) await requeueRow(trx, row, at);
    return flagged.map(toRecord);
  });
}

/** One flagged e-mail pending again, and the request recorded. */
export async function requeueRow(
  db: Kysely<Database>,
  row: Pick<DeliveryRow, "outbox" | "id" | "mail">,
  at: string,
) {
  await db
    .updateTable("deliveries")
    .set({
      state: "pending",
      at,
      reason: REQUEUED,
      attempts: 0,
      since: null,
      dueAt: null,
      leaseOwner: null,
      leaseUntil: null,
    })
    .where("outbox", "=", row.outbox)
    .where("id", "=", row.id)
    .where("mail", "=", row.mail)
    .where("state", "=", "flagged")
    .execute();
  await db
    .insertInto("deliveryRequeues")
    .values({ id: randomUUID(), outbox: row.outbox, itemId: row.id, mail: row.mail, at })
    .execute();
}
