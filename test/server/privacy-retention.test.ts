/**
 * The retention job (server/privacy/retention.ts) with a fixed clock, on SQLite and
 * PostgreSQL: of each kind, a record one day short of its period stays and one a day past it
 * goes (deleted, or stripped of the person where counts must stay); two jobs started at once on
 * one database do it once. Enquiries count from their last activity on the desk (a note, an
 * assignment, a status change), not from when the desk first listed them (migration 0015 sets
 * back what an older desk stamped).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Kysely } from "kysely";
import { migrate, openDatabase } from "../../server/db";
import type { Database } from "../../server/db/schema";
import { nextToExpire, runRetention } from "../../server/privacy/retention";
import { Leads } from "../../server/desk/leads";
import { up as leadActivity } from "../../server/db/migrations/0015_lead_activity";
import { expiresAt, keptSince, loadRetention } from "../../src/content/retention";
import { testEngines } from "./engines";

const { engines } = testEngines();
const periods = loadRetention();
const NOW = new Date("2027-03-15T12:00:00.000Z");
const DAY = 86_400_000;
/** One day short of the kind's period (stays), one day past it (goes). */
const cut = (kind: keyof typeof periods) => keptSince(NOW, periods[kind]).getTime();
const short = (kind: keyof typeof periods) => new Date(cut(kind) + DAY).toISOString();
const past = (kind: keyof typeof periods) => new Date(cut(kind) - DAY).toISOString();

async function seed(db: Kysely<Database>) {
  for (const [id, at, who] of [
    ["enq-stays", short("enquiries"), "stays"],
    ["enq-goes", past("enquiries"), "goes"],
  ] as const)
    await db
      .insertInto("enquiries")
      .values({
        id,
        receivedAt: at,
        form: "contact",
        lang: null,
        idempotencyKey: null,
        campaign: "spring",
        fields: JSON.stringify({
          fullName: `Enquirer ${who}`,
          email: `enq-${who}@example.com`,
          phone: "+44 7700 900001",
          message: "Hello",
        }),
      })
      .execute();
  const reservation = async (
    id: string,
    kind: "booking" | "registration",
    who: string,
    extra: { endsAt?: string; scope?: string; pool?: string },
  ) => {
    const data = JSON.stringify({
      id,
      sequence: 0,
      state: kind === "booking" ? "booked" : "confirmed",
      fullName: `Student ${who}`,
      email: `${who}@example.com`,
      phone: "+44 7700 900002",
      message: "About foundation",
      country: "Oman",
      interest: "foundation",
      ...(kind === "booking" ? { start: extra.endsAt, end: extra.endsAt } : { event: extra.scope }),
    });
    await db
      .insertInto("reservations")
      .values({
        id,
        kind,
        pool: extra.pool ?? null,
        line: null,
        scope: extra.scope ?? "",
        email: `${who}@example.com`,
        active: 1,
        endsAt: extra.endsAt ?? null,
        arrival: 0,
        sequence: 0,
        idempotencyKey: `key-${id}`,
        data,
        campaign: null,
      })
      .execute();
    await db
      .insertInto("reservationVersions")
      .values({ id, sequence: 0, kind, serial: 0, data })
      .execute();
  };
  await reservation("book-stays", "booking", "book-stays", {
    endsAt: short("bookings"),
    pool: "video|a",
  });
  await reservation("book-goes", "booking", "book-goes", {
    endsAt: past("bookings"),
    pool: "video|b",
  });
  for (const [slug, startsAt] of [
    ["event-stays", short("registrations")],
    ["event-goes", past("registrations")],
  ])
    await db
      .insertInto("eventVersions")
      .values({ slug, sequence: 0, startsAt, endsAt: startsAt, cancelled: 0, at: startsAt })
      .execute();
  await reservation("reg-stays", "registration", "reg-stays", {
    scope: "event-stays",
    pool: "event-stays",
  });
  await reservation("reg-goes", "registration", "reg-goes", {
    scope: "event-goes",
    pool: "event-goes",
  });
  for (const [id, at] of [
    ["msg_book-stays_booking.created.0", short("deliveries")],
    ["msg_book-stays_booking.moved.1", past("deliveries")],
  ])
    await db
      .insertInto("deliveries")
      .values({
        outbox: "webhooks",
        id,
        mail: "tools.test#abcd",
        state: "sent",
        at,
        reply: "200",
        reason: null,
        since: null,
        dueAt: null,
        leaseOwner: null,
        leaseUntil: null,
        item: JSON.stringify({ id, body: { data: { email: "book-stays@example.com" } } }),
      })
      .execute();
}

/** The desk's audit log, an entry a day short of its period and one a day past. */
async function seedAudit(db: Kysely<Database>) {
  for (const [id, at] of [
    ["audit-stays", short("auditLog")],
    ["audit-goes", past("auditLog")],
  ])
    await db
      .insertInto("auditLog")
      .values({
        id,
        at,
        staffId: null,
        action: "lead.view",
        recordKind: "enquiry",
        recordId: "enq-stays",
        client: "127.0.0.1",
        detail: null,
      })
      .execute();
}

/** Every row of the tables the job touches, as text: what a search for an address reads. */
async function dump(db: Kysely<Database>) {
  const tables = [
    "enquiries",
    "reservations",
    "reservationVersions",
    "deliveries",
    "retainedCounts",
  ] as const;
  const all: string[] = [];
  for (const table of tables)
    all.push(JSON.stringify(await db.selectFrom(table).selectAll().execute()));
  return all.join("\n");
}

for (const engine of engines)
  test(
    `retention on ${engine.name}: a day short stays, a day past goes, once with two jobs`,
    { skip: engine.skip },
    async () => {
      const database = openDatabase(await engine.fresh());
      try {
        const { db } = database;
        await migrate(db);
        await seed(db);
        await seedAudit(db);
        const before = await dump(db);
        for (const who of ["enq-goes", "book-goes", "reg-goes"]) assert.ok(before.includes(who));

        // Two jobs on one database at once (two processes' leases): one runs, the other does not.
        const runs = await Promise.all(
          ["one", "two"].map((owner) =>
            runRetention({ db, now: () => NOW.getTime(), periods, owner }),
          ),
        );
        const done = runs.filter((r) => r !== undefined);
        assert.equal(done.length, 1, "exactly one of two jobs at once runs");
        assert.deepEqual(done[0], {
          enquiries: 1,
          bookings: 1,
          registrations: 1,
          deliveries: 1,
          auditLog: 1,
        });
        // A third run the same day (another process): nothing, by the lease's last finish.
        assert.equal(
          await runRetention({ db, now: () => NOW.getTime() + 3600_000, periods }),
          undefined,
        );
        // Forced (the CLI): finds nothing more to do.
        assert.deepEqual(
          await runRetention({ db, now: () => NOW.getTime(), periods, force: true }),
          {
            enquiries: 0,
            bookings: 0,
            registrations: 0,
            deliveries: 0,
            auditLog: 0,
          },
        );

        const after = await dump(db);
        // The ones past their period: no name, address or phone left anywhere.
        for (const gone of [
          "Enquirer goes",
          "enq-goes@example.com",
          "Student book-goes",
          "book-goes@example.com",
          "Student reg-goes",
          "reg-goes@example.com",
          "key-book-goes",
        ])
          assert.ok(!after.includes(gone), `${gone} is gone`);
        // The ones a day short: whole.
        for (const stays of [
          "Enquirer stays",
          "enq-stays@example.com",
          "Student book-stays",
          "book-stays@example.com",
          "reg-stays@example.com",
        ])
          assert.ok(after.includes(stays), `${stays} stays`);
        // The enquiry is deleted, counted anonymously in its month.
        assert.deepEqual(
          (await db.selectFrom("enquiries").select("id").execute()).map((e) => e.id),
          ["enq-stays"],
        );
        assert.deepEqual(await db.selectFrom("retainedCounts").selectAll().execute(), [
          {
            kind: "enquiries",
            month: past("enquiries").slice(0, 7),
            form: "contact",
            campaign: "spring",
            count: 1,
          },
        ]);
        // The booking and registration stay, stripped: their slot and event still count them.
        const stripped = await db
          .selectFrom("reservations")
          .select(["id", "pool", "email"])
          .where("id", "in", ["book-goes", "reg-goes"])
          .orderBy("id")
          .execute();
        assert.deepEqual(stripped, [
          { id: "book-goes", pool: "video|b", email: "erased" },
          { id: "reg-goes", pool: "event-goes", email: "erased" },
        ]);
        const goneData = JSON.parse(
          (
            await db
              .selectFrom("reservations")
              .select("data")
              .where("id", "=", "book-goes")
              .executeTakeFirstOrThrow()
          ).data,
        ) as Record<string, unknown>;
        assert.equal(goneData.country, "Oman");
        assert.equal(goneData.erased, true);
        // The delivery settled a day past its period is emptied; its row stays (never sent twice).
        const deliveries = await db
          .selectFrom("deliveries")
          .select(["id", "item", "reply"])
          .orderBy("id")
          .execute();
        assert.deepEqual(
          deliveries.map((d) => [d.id, d.item === null, d.reply]),
          [
            ["msg_book-stays_booking.created.0", false, "200"],
            ["msg_book-stays_booking.moved.1", true, null],
          ],
        );

        // What goes next: the enquiry a day short goes a day from now; nothing else held goes sooner.
        const next = await nextToExpire(db, NOW, periods);
        const enquiries = next.find((n) => n.kind === "enquiries")!;
        assert.deepEqual(enquiries.next, {
          id: "enq-stays",
          at: expiresAt(new Date(short("enquiries")), periods.enquiries).toISOString(),
        });
        assert.equal(enquiries.within30Days, 1);
        assert.ok(Date.parse(enquiries.next.at) - NOW.getTime() <= DAY + 1000);
        assert.equal(next.find((n) => n.kind === "bookings")!.next?.id, "book-stays");
        assert.equal(next.find((n) => n.kind === "registrations")!.next?.id, "reg-stays");
        // The desk's audit log: the entry a day short is the next to go.
        assert.equal(next.find((n) => n.kind === "auditLog")!.next?.id, "audit-stays");
        const audit = await db.selectFrom("auditLog").select("id").execute();
        assert.deepEqual(
          audit.map((a) => a.id),
          ["audit-stays"],
        );
      } finally {
        await database.close();
      }
    },
  );

/** An enquiry received at `at` from `who`. */
const enquiry = (db: Kysely<Database>, id: string, at: string) =>
  db
    .insertInto("enquiries")
    .values({
      id,
      receivedAt: at,
      form: "enquiry",
      lang: null,
      idempotencyKey: null,
      campaign: null,
      fields: JSON.stringify({ fullName: `Student ${id}`, email: `${id}@example.com` }),
    })
    .execute();

for (const engine of engines)
  test(
    `retention on ${engine.name}: an enquiry goes 24 months after its last activity on the desk`,
    { skip: engine.skip },
    async () => {
      const database = openDatabase(await engine.fresh());
      try {
        const { db } = database;
        await migrate(db);
        const monthsAgo = (n: number) => keptSince(NOW, { keep: n, unit: "months" }).toISOString();
        const cutAt = cut("enquiries");
        for (const id of ["noted", "assigned", "listed", "worked-goes", "worked-stays"])
          await enquiry(db, id, id.startsWith("worked") ? monthsAgo(30) : monthsAgo(25));
        // The desk, on its own clock, at each moment staff worked on them.
        let deskNow = 0;
        const desk = new Leads(db, { now: () => deskNow });
        deskNow = Date.parse(monthsAgo(1));
        await desk.catchUp();
        await desk.addNote("enquiry", "noted", "staff-1", "Called back.");
        await desk.assign("enquiry", "assigned", "staff-1");
        // Worked on last 24 months and a day ago: goes; a day short of 24 months: stays.
        deskNow = cutAt - DAY;
        await desk.setStatus("enquiry", "worked-goes", "in progress");
        await desk.addNote("enquiry", "worked-stays", "staff-1", "Sent the forms.");
        deskNow = cutAt + DAY;
        await desk.setStatus("enquiry", "worked-stays", "closed");
        // "listed": first seen by the desk a day ago, never worked on: its arrival counts.
        deskNow = NOW.getTime() - DAY;
        await desk.catchUp();
        // As an older desk stamped it (when it first listed it), then migration 0015 once more:
        // back to its arrival; a lead worked on (its assignment in the audit log) keeps its time.
        await db
          .updateTable("leadStates")
          .set({ updatedAt: new Date(deskNow).toISOString() })
          .where("id", "=", "listed")
          .execute();
        // The desk's handlers write each change to the audit log.
        for (const [id, action, at] of [
          ["assigned", "lead.assign", monthsAgo(1)],
          ["worked-goes", "lead.status", new Date(cutAt - DAY).toISOString()],
          ["worked-stays", "lead.status", new Date(cutAt + DAY).toISOString()],
        ])
          await db
            .insertInto("auditLog")
            .values({
              id: `${id}-entry`,
              at,
              staffId: "staff-1",
              action,
              recordKind: "enquiry",
              recordId: id,
              client: "127.0.0.1",
              detail: null,
            })
            .execute();
        await leadActivity(db as Kysely<unknown>);
        const stamped = await db
          .selectFrom("leadStates")
          .select(["id", "receivedAt", "updatedAt"])
          .where("id", "in", ["listed", "assigned"])
          .orderBy("id")
          .execute();
        assert.deepEqual(
          stamped.map((r) => [r.id, r.updatedAt === r.receivedAt]),
          [
            ["assigned", false],
            ["listed", true],
          ],
        );

        const next = await nextToExpire(db, NOW, periods);
        assert.deepEqual(
          next.find((n) => n.kind === "enquiries")!.next?.id,
          "listed",
          "the one received 25 months ago and not worked on is the first to go",
        );
        const counts = await runRetention({ db, now: () => NOW.getTime(), periods, force: true });
        assert.equal(counts?.enquiries, 2);
        const left = (await db.selectFrom("enquiries").select("id").orderBy("id").execute()).map(
          (e) => e.id,
        );
        assert.deepEqual(left, ["assigned", "noted", "worked-stays"]);
        // The desk's copies of the deleted ones go with them (name, notes).
        const states = await db.selectFrom("leadStates").select("id").orderBy("id").execute();
        assert.deepEqual(
          states.map((s) => s.id),
          left,
        );
        // What goes next: the one worked on a day short of 24 months, a day from now.
        const upNext = (await nextToExpire(db, NOW, periods)).find((n) => n.kind === "enquiries")!;
        assert.equal(upNext.next?.id, "worked-stays");
        assert.equal(
          upNext.next?.at,
          expiresAt(new Date(cutAt + DAY), periods.enquiries).toISOString(),
        );
        assert.equal(upNext.within30Days, 1);
      } finally {
        await database.close();
      }
    },
  );
