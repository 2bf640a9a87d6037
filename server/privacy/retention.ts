/**
 * Retention that deletes (issue 53): what is past its period in content/retention.yaml goes,
 * once a day, on SQLite and PostgreSQL, by one of however many processes share the database
 * (a lease row in job_leases).
 *
 * - Enquiries, 24 months after their last activity: the latest of when they were received and
 *   the desk's work on them (an assignment or status change, lead_states' updated_at; a note,
 *   lead_notes): deleted with their delivery records, leaving an anonymous count per month, form
 *   and campaign in retained_counts (the campaign's leads a month stay countable).
 * - Bookings, after the consultation, and registrations, after the event: stripped of the
 *   person (name, e-mail, phone, message) in the record and every version of it, so a slot's
 *   and an event's counts (and a campaign's bookings) stay as they were.
 * - Delivery records, after they were settled (sent, flagged, skipped): the mail server's
 *   reply, the reason and a webhook's stored message go; the bare row (which e-mail, its state,
 *   when) stays while its record does, since it is what stops that e-mail being sent again.
 * - The desk's audit log, if the database has one (the desk's migration makes audit_log):
 *   entries past their period are deleted.
 *
 * Each run is one log line of counts, never anyone's details.
 */
import type { Kysely } from "kysely";
import { sql } from "kysely";
import { expiresAt, keptSince, loadRetention } from "../../src/content/retention";
import type { Retention } from "../../src/content/schema/retention";
import type { Database, OutboxName } from "../db/schema";
import { leaseOwner } from "../outbox/outbox";
import { log } from "../service/log";
import { dailyJob, DAY_MS } from "../service/dailyJob";
import { hasTable, releaseLease, takeLease } from "./lease";
import { ERASED, stripJson } from "./strip";

export const RETENTION_JOB = "retention";
/** The desk's audit log's table, once the desk's migration has made it. */
export const AUDIT_TABLE = "audit_log";
/** A run holds the lease this long at most (a process that died mid-run frees it then). */
const LEASE_MS = 15 * 60_000;
/** A run another process finished this recently is not run again (the daily job). */
const NOT_AGAIN_MS = 20 * 3600_000;

export interface RetentionCounts {
  enquiries: number;
  bookings: number;
  registrations: number;
  deliveries: number;
  /** undefined: the database has no audit log (yet). */
  auditLog?: number;
}

export interface RetentionOptions {
  db: Kysely<Database>;
  now: () => number;
  /** The periods (default: content/retention.yaml, read at each run). */
  periods?: Retention;
  /** This job's name in the lease (default: this machine, process and job). */
  owner?: string;
  /** Run even if another process ran it within the day (the CLI, tests). */
  force?: boolean;
}

/**
 * One run: undefined when another process holds the lease (or ran it lately), else how many
 * of each kind were deleted or stripped.
 */
export async function runRetention(
  options: RetentionOptions,
): Promise<RetentionCounts | undefined> {
  const { db } = options;
  const now = new Date(options.now());
  const owner = options.owner ?? leaseOwner();
  if (!(await takeLease(db, RETENTION_JOB, owner, now, LEASE_MS, options.force ? 0 : NOT_AGAIN_MS)))
    return undefined;
  try {
    const periods = options.periods ?? loadRetention();
    const counts: RetentionCounts = {
      enquiries: await expireEnquiries(db, keptSince(now, periods.enquiries).toISOString()),
      bookings: await expireBookings(db, keptSince(now, periods.bookings).toISOString()),
      registrations: await expireRegistrations(
        db,
        keptSince(now, periods.registrations).toISOString(),
      ),
      deliveries: await expireDeliveries(db, keptSince(now, periods.deliveries).toISOString()),
    };
    if (await hasTable(db, AUDIT_TABLE))
      counts.auditLog = await expireAuditLog(db, keptSince(now, periods.auditLog).toISOString());
    return counts;
  } finally {
    await releaseLease(db, RETENTION_JOB, owner, new Date(options.now()));
  }
}

/** Each of a record's webhook messages: their ids begin so (server/webhooks/payload.ts). */
const messagesOf = (id: string) => `msg_${id}_%`;

/**
 * Enquiries (those received before `receivedBefore`, if given) with their last activity: the
 * latest of their arrival, the desk's last change of their status or assignee, and its last
 * note on them.
 */
export async function enquiryActivity(db: Kysely<Database>, receivedBefore?: string) {
  let query = db
    .selectFrom("enquiries")
    .leftJoin("leadStates", (j) =>
      j.onRef("leadStates.id", "=", "enquiries.id").on("leadStates.kind", "=", "enquiry"),
    )
    .select([
      "enquiries.id",
      "enquiries.receivedAt",
      "enquiries.form",
      "enquiries.campaign",
      "leadStates.updatedAt",
    ]);
  if (receivedBefore) query = query.where("enquiries.receivedAt", "<", receivedBefore);
  const rows = await query.execute();
  if (!rows.length) return [];
  const notes = await db
    .selectFrom("leadNotes")
    .select(["leadId", (eb) => eb.fn.max("at").as("at")])
    .where("kind", "=", "enquiry")
    .groupBy("leadId")
    .execute();
  const noted = new Map(notes.map((n) => [n.leadId, n.at]));
  return rows.map((e) => ({
    id: e.id,
    receivedAt: e.receivedAt,
    form: e.form,
    campaign: e.campaign,
    from: [e.receivedAt, e.updatedAt ?? "", noted.get(e.id) ?? ""].reduce((a, b) =>
      b > a ? b : a,
    ),
  }));
}

async function expireEnquiries(db: Kysely<Database>, before: string) {
  // Only one received before the cut-off can have been last active before it.
  const old = (await enquiryActivity(db, before)).filter((e) => e.from < before);
  if (!old.length) return 0;
  const tally = new Map<string, { month: string; form: string; campaign: string; count: number }>();
  for (const e of old) {
    const key = [e.receivedAt.slice(0, 7), e.form, e.campaign ?? ""].join("\u0000");
    const entry = tally.get(key) ?? {
      month: e.receivedAt.slice(0, 7),
      form: e.form,
      campaign: e.campaign ?? "",
      count: 0,
    };
    entry.count++;
    tally.set(key, entry);
  }
  await db.transaction().execute(async (trx) => {
    for (const { month, form, campaign, count } of tally.values())
      await trx
        .insertInto("retainedCounts")
        .values({ kind: "enquiries", month, form, campaign, count })
        .onConflict((oc) =>
          oc
            .columns(["kind", "month", "form", "campaign"])
            .doUpdateSet((eb) => ({ count: eb("retainedCounts.count", "+", count) })),
        )
        .execute();
    for (const { id } of old) await deleteEnquiry(trx, id);
  });
  return old.length;
}

/** An enquiry and its delivery records (e-mails, webhooks) gone. */
export async function deleteEnquiry(db: Kysely<Database>, id: string) {
  await db
    .deleteFrom("deliveries")
    .where("outbox", "=", "enquiries")
    .where("id", "=", id)
    .execute();
  await db
    .deleteFrom("deliveries")
    .where("outbox", "=", "webhooks")
    .where("id", "like", messagesOf(id))
    .execute();
  await db.deleteFrom("enquiries").where("id", "=", id).execute();
  await db.deleteFrom("leadNotes").where("kind", "=", "enquiry").where("leadId", "=", id).execute();
  await db.deleteFrom("leadStates").where("kind", "=", "enquiry").where("id", "=", id).execute();
}

/**
 * A booking or registration, and each of its versions, without the person; its e-mails'
 * records without the mail server's replies; its webhooks' stored messages stripped.
 */
export async function stripReservation(db: Kysely<Database>, id: string) {
  const row = await db
    .selectFrom("reservations")
    .select(["data", "kind"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return;
  await db
    .updateTable("reservations")
    .set({ data: stripJson(row.data), email: ERASED, idempotencyKey: null })
    .where("id", "=", id)
    .execute();
  for (const version of await db
    .selectFrom("reservationVersions")
    .select(["sequence", "data"])
    .where("id", "=", id)
    .execute())
    await db
      .updateTable("reservationVersions")
      .set({ data: stripJson(version.data) })
      .where("id", "=", id)
      .where("sequence", "=", version.sequence)
      .execute();
  await db
    .updateTable("deliveries")
    .set({ reply: null, reason: null })
    .where("outbox", "=", row.kind === "booking" ? "bookings" : "registrations")
    .where("id", "=", id)
    .execute();
  await stripWebhooks(db, messagesOf(id));
  // The desk's copy keeps the lead's status and assignee (the inbox would show it new again
  // without it), not the person; staff's notes on it may name them.
  const kind = row.kind === "booking" ? "booking" : "registration";
  await db
    .updateTable("leadStates")
    .set({ name: ERASED, email: ERASED, country: "" })
    .where("kind", "=", kind)
    .where("id", "=", id)
    .execute();
  await db.deleteFrom("leadNotes").where("kind", "=", kind).where("leadId", "=", id).execute();
}

/** The stored messages of webhooks whose ids are like `pattern`, stripped of the person. */
async function stripWebhooks(db: Kysely<Database>, pattern: string) {
  const rows = await db
    .selectFrom("deliveries")
    .select(["id", "mail", "item"])
    .where("outbox", "=", "webhooks")
    .where("id", "like", pattern)
    .where("item", "is not", null)
    .execute();
  for (const r of rows) await stripDelivery(db, { outbox: "webhooks", ...r });
}

/** One delivery's stored message without the person, and the receiver's reply gone. */
export const stripDelivery = (
  db: Kysely<Database>,
  d: { outbox: OutboxName; id: string; mail: string; item: string | null },
) =>
  db
    .updateTable("deliveries")
    .set({ item: stripJson(d.item!), reply: null, reason: null })
    .where("outbox", "=", d.outbox)
    .where("id", "=", d.id)
    .where("mail", "=", d.mail)
    .execute();

async function expireBookings(db: Kysely<Database>, before: string) {
  const old = await db
    .selectFrom("reservations")
    .select("id")
    .where("kind", "=", "booking")
    .where("email", "!=", ERASED)
    .where("endsAt", "<", before)
    .execute();
  for (const { id } of old) await db.transaction().execute((trx) => stripReservation(trx, id));
  return old.length;
}

/** When each event began, as last announced (event_versions), by slug. */
async function eventStarts(db: Kysely<Database>) {
  const versions = await db
    .selectFrom("eventVersions")
    .select(["slug", "sequence", "startsAt"])
    .execute();
  const latest = new Map<string, { sequence: number; startsAt: string }>();
  for (const v of versions)
    if ((latest.get(v.slug)?.sequence ?? -1) < v.sequence) latest.set(v.slug, v);
  return new Map([...latest].map(([slug, v]) => [slug, v.startsAt]));
}

async function expireRegistrations(db: Kysely<Database>, before: string) {
  const past = [...(await eventStarts(db))].filter(([, at]) => at < before).map(([s]) => s);
  if (!past.length) return 0;
  const old = await db
    .selectFrom("reservations")
    .select("id")
    .where("kind", "=", "registration")
    .where("email", "!=", ERASED)
    .where("scope", "in", past)
    .execute();
  for (const { id } of old) await db.transaction().execute((trx) => stripReservation(trx, id));
  return old.length;
}

/** Settled deliveries (sent, flagged, skipped) that still hold a reply, a reason or a message. */
const SETTLED = ["sent", "flagged", "skipped"] as const;

async function expireDeliveries(db: Kysely<Database>, before: string) {
  const result = await db
    .updateTable("deliveries")
    .set({ reply: null, reason: null, item: null })
    .where("state", "in", SETTLED)
    .where("at", "<", before)
    .where((eb) =>
      eb.or([
        eb("reply", "is not", null),
        eb("reason", "is not", null),
        eb("item", "is not", null),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

async function expireAuditLog(db: Kysely<Database>, before: string) {
  const result =
    await sql`delete from ${sql.table(AUDIT_TABLE)} where ${sql.ref("at")} < ${before}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Per kind: the next record to go and when, and how many go within the next 30 days. */
export interface UpNext {
  kind: keyof Retention;
  /** The next one's id (a record's; for deliveries the item's) and when it goes. */
  next?: { id: string; at: string };
  within30Days: number;
}

/** What goes next and when (the desk shows it): reads only. */
export async function nextToExpire(
  db: Kysely<Database>,
  now: Date,
  periods: Retention = loadRetention(),
): Promise<UpNext[]> {
  const soon = new Date(now.getTime() + 30 * DAY_MS);
  const upNext = <T extends { id: string; from: string }>(
    kind: keyof Retention,
    rows: T[],
  ): UpNext => {
    const sorted = rows.sort((a, b) => a.from.localeCompare(b.from));
    const cutoff = keptSince(soon, periods[kind]).toISOString();
    return {
      kind,
      ...(sorted[0]
        ? {
            next: {
              id: sorted[0].id,
              at: expiresAt(new Date(sorted[0].from), periods[kind]).toISOString(),
            },
          }
        : {}),
      within30Days: sorted.filter((r) => r.from < cutoff).length,
    };
  };
  const enquiries = await enquiryActivity(db);
  const bookings = await db
    .selectFrom("reservations")
    .select(["id", "endsAt"])
    .where("kind", "=", "booking")
    .where("email", "!=", ERASED)
    .execute();
  const starts = await eventStarts(db);
  const registrations = await db
    .selectFrom("reservations")
    .select(["id", "scope"])
    .where("kind", "=", "registration")
    .where("email", "!=", ERASED)
    .execute();
  const deliveries = await db
    .selectFrom("deliveries")
    .select(["id", "at as from"])
    .where("state", "in", SETTLED)
    .where((eb) =>
      eb.or([
        eb("reply", "is not", null),
        eb("reason", "is not", null),
        eb("item", "is not", null),
      ]),
    )
    .execute();
  const result = [
    upNext("enquiries", enquiries),
    upNext(
      "bookings",
      bookings.flatMap((b) => (b.endsAt ? [{ id: b.id, from: b.endsAt }] : [])),
    ),
    upNext(
      "registrations",
      registrations.flatMap((r) => {
        const from = starts.get(r.scope);
        return from ? [{ id: r.id, from }] : [];
      }),
    ),
    upNext("deliveries", deliveries),
  ];
  if (await hasTable(db, AUDIT_TABLE)) {
    const rows = await sql<{
      id: string;
      from: string;
    }>`select cast(${sql.ref("id")} as text) as id, ${sql.ref("at")} as "from" from ${sql.table(AUDIT_TABLE)}`.execute(
      db,
    );
    result.push(upNext("auditLog", rows.rows));
  }
  return result;
}

/** The line a run logs: counts only. */
export const retentionLine = (c: RetentionCounts, ms: number) =>
  `Retention: ${c.enquiries} enquiries deleted, ${c.bookings} bookings and ${c.registrations} registrations stripped of the person, ${c.deliveries} delivery records emptied${c.auditLog === undefined ? " (no audit log in this database)" : `, ${c.auditLog} audit log entries deleted`} (${ms} ms)`;

/**
 * The daily job in the server: a first run a short while after start (`delayMs`), then once a
 * day. A run that fails is tried again the next time: nothing is half-deleted that a second run
 * does not finish.
 */
export const startRetention = (
  db: Kysely<Database>,
  prepared: Promise<unknown>,
  { now = Date.now, delayMs = 60_000, everyMs = DAY_MS } = {},
) =>
  dailyJob(
    prepared,
    async () => {
      const started = performance.now();
      const counts = await runRetention({ db, now });
      if (counts) log.info(retentionLine(counts, Math.round(performance.now() - started)));
    },
    { failed: "Retention: the run failed (tried again at the next)", delayMs, everyMs },
  );
