/**
 * The desk's work beyond leads, with the real server and mail server: a week of consultations
 * shows a booking; a manager cancels it from the desk and the student gets the cancellation the
 * staff tool's request brings; an adviser may not cancel. An event's counts and registrations
 * with places in line; a manager cancels one (the first in line gets the place), an adviser may
 * not.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { OpenDatabase } from "../../server/db";
import { slotLabel, wallClock } from "../../src/lib/slots";
import type { DeskClient } from "./deskClient";
import { deskSite, deskWithStaff } from "./deskServer";
import { newSecret, testReceiver } from "./receiver";
import { testSmtp, type Received } from "./smtp";

const smtp = testSmtp();
const hookSecret = newSecret();
const receiver = testReceiver(hookSecret);
// Runs at real speed from a fixed morning: the slot rules and the mail timers agree.
const offset = Date.parse("2026-12-01T08:00:00Z") - Date.now();
const now = () => Date.now() + offset;
let root = "";
let origin = "";
let desk: Awaited<ReturnType<typeof deskWithStaff>>;
let app: typeof desk.app;
let database: OpenDatabase;
let manager: DeskClient;
let adviser: DeskClient;

before(async () => {
  await smtp.listen();
  await receiver.listen();
  root = mkdtempSync(join(tmpdir(), "eg-desk-work-"));
  const dist = deskSite(root);
  const dataDir = join(root, "data");
  mkdirSync(dataDir, { recursive: true });
  const eventsFile = join(root, "events.yaml");
  writeFileSync(
    eventsFile,
    `events:
  - slug: visa-webinar
    title: Visa webinar
    kind: webinar
    start: "2026-12-10T14:00"
    minutes: 60
    language: en
    capacity: 2
    where: online
    host: Advisers
    summary: Visa questions.
    body: [All about visas.]
    registrationCloses: "2026-12-09T12:00"
    joinLink: https://meet.example.org/visa-room
    status: scheduled
`,
  );
  desk = await deskWithStaff(
    smtp,
    { dataDir },
    {
      dist,
      bookingSecret: "test-secret-0123456789abcdef0123456789abcdef",
      pollMs: 100,
      backoff: { baseMs: 50, capMs: 200 },
      ack: false,
      eventsFile,
      now,
      webhooks: { urls: [receiver.url], secret: hookSecret, backoff: { baseMs: 50, capMs: 200 } },
    },
  );
  ({ app, origin, database, manager, adviser } = desk);
});

after(async () => {
  await desk.close();
  await smtp.close();
  await receiver.close();
  rmSync(root, { recursive: true, force: true });
});

async function mailTo(address: string, match: (m: Received) => boolean) {
  const until = Date.now() + 15_000;
  for (;;) {
    const found = smtp.received.find((m) => m.to.includes(address) && match(m));
    if (found) return found;
    assert.ok(Date.now() < until, `no such e-mail to ${address}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

async function book(n: number) {
  const slots = (await (await fetch(`${origin}/api/booking/slots?mode=office`)).json()) as {
    slots: { start: string }[];
  };
  const start = slots.slots[5 + n].start;
  const answer = await fetch(`${origin}/api/booking`, {
    method: "POST",
    headers: {
      Accept: "application/json",
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({
      form: "booking",
      mode: "office",
      start,
      zone: "Asia/Kolkata",
      fullName: `Student ${n}`,
      email: `student${n}@example.com`,
      phone: "+91 98765 43210",
      country: "India",
      interest: "Taught Masters",
      message: "",
    }),
  });
  assert.equal(answer.status, 201, await answer.clone().text());
  const { booking } = (await answer.json()) as { booking: { id: string; manage: string } };
  return { id: booking.id, start, manage: new URL(booking.manage).searchParams };
}

test("consultations: a week shows a booking; a manager cancels it, an adviser may not", async () => {
  const { id, start } = await book(1);

  const week = await manager.get(`/desk/consultations?week=${start.slice(0, 10)}`);
  assert.equal(week.status, 200);
  assert.match(week.text, /Student 1/);
  assert.match(week.text, new RegExp(`/desk/consultations/${id}/cancel`));
  const day = await adviser.get(`/desk/consultations?day=${start.slice(0, 10)}`);
  assert.match(day.text, /Student 1/, "an unassigned booking is the adviser's too");
  assert.doesNotMatch(day.text, /\/cancel"/);

  assert.equal((await adviser.get(`/desk/consultations/${id}/cancel`)).status, 403);
  assert.equal((await adviser.post(`/desk/consultations/${id}/cancel`)).status, 403);

  const confirm = await manager.get(`/desk/consultations/${id}/cancel`);
  assert.equal(confirm.status, 200);
  assert.match(confirm.text, /Cancel this consultation\?/);
  assert.equal(
    (await manager.post(`/desk/consultations/${id}/cancel`, {}, { csrf: false })).status,
    403,
  );
  const done = await manager.post(`/desk/consultations/${id}/cancel`);
  assert.equal(done.status, 303);
  assert.equal(done.headers.get("location"), "/desk/consultations?done=cancelled");

  const told = await mailTo("student1@example.com", (m) => m.calendarMethod === "CANCEL");
  assert.match(told.text, /cancelled by our team/);
  assert.equal((await app.bookings.store.get(id))?.cancelledBy, "staff");
  const again = await manager.get(`/desk/consultations?week=${start.slice(0, 10)}`);
  assert.match(again.text, /cancelled by staff/);
  assert.equal((await manager.post(`/desk/consultations/${id}/cancel`)).status, 409);

  const entries = await database.db
    .selectFrom("auditLog")
    .select(["action", "recordId"])
    .where("action", "in", ["booking.cancel", "booking.refused"])
    .execute();
  assert.deepEqual(entries.map((e) => e.action).sort(), [
    "booking.cancel",
    "booking.refused",
    "booking.refused",
  ]);
});

test("a manager moves a booking from the desk: the very e-mails, invite and webhook of the student's manage link", async () => {
  const byLink = await book(3);
  const byDesk = await book(4);
  const slots = (await (await fetch(`${origin}/api/booking/slots?mode=office`)).json()) as {
    slots: { start: string }[];
  };
  const [linkTo, deskTo] = [slots.slots[30].start, slots.slots[31].start];
  // Both bookings' own e-mails (each to the student and to the advisers) and webhooks first:
  // one arriving late would be counted below as the move's.
  const about = (n: number) => (m: Received) =>
    m.to.includes(`student${n}@example.com`) || m.text.includes(`Student ${n}`);
  for (const n of [3, 4]) {
    const until = Date.now() + 15_000;
    while (smtp.received.filter(about(n)).length < 2) {
      assert.ok(Date.now() < until, `booking ${n}'s two e-mails`);
      await new Promise((done) => setTimeout(done, 50));
    }
  }
  const hookedFor = (id: string) =>
    receiver.accepted.some((h) => (h.message?.data as { id?: string } | undefined)?.id === id);
  const hooksUntil = Date.now() + 15_000;
  while (!hookedFor(byLink.id) || !hookedFor(byDesk.id)) {
    assert.ok(Date.now() < hooksUntil, "both bookings' webhooks");
    await new Promise((done) => setTimeout(done, 50));
  }
  const mailsBefore = smtp.received.length;
  const hooksBefore = receiver.accepted.length;

  // The student moves theirs with the manage link (London date and time, as without JavaScript).
  const at = wallClock(linkTo, "Europe/London");
  const moved = await fetch(`${origin}/book/manage`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      b: byLink.id,
      t: byLink.manage.get("t")!,
      action: "move",
      mode: "office",
      date: at.date,
      time: at.time,
    }),
  });
  assert.equal(moved.status, 200);
  await smtp.waitFor(mailsBefore + 2);
  await receiver.waitFor(hooksBefore + 1);

  // A manager moves the other from the desk; an adviser may not.
  const week = await manager.get(`/desk/consultations?week=${byDesk.start.slice(0, 10)}`);
  assert.match(week.text, new RegExp(`/desk/consultations/${byDesk.id}/move`));
  assert.doesNotMatch(
    (await adviser.get(`/desk/consultations?week=${byDesk.start.slice(0, 10)}`)).text,
    /\/move"/,
  );
  assert.equal((await adviser.get(`/desk/consultations/${byDesk.id}/move`)).status, 403);
  assert.equal(
    (await adviser.post(`/desk/consultations/${byDesk.id}/move`, { start: deskTo })).status,
    403,
  );
  const form = await manager.get(`/desk/consultations/${byDesk.id}/move`);
  assert.equal(form.status, 200);
  assert.match(form.text, new RegExp(`<option value="${deskTo}">`));
  assert.doesNotMatch(form.text, new RegExp(`<option value="${byDesk.start}">`), "not its own");
  const done = await manager.post(`/desk/consultations/${byDesk.id}/move`, { start: deskTo });
  assert.equal(done.status, 303, done.text);
  assert.equal(
    done.headers.get("location"),
    `/desk/consultations?day=${wallClock(deskTo, "Europe/London").date}&done=moved`,
  );
  assert.equal((await app.bookings.store.get(byDesk.id))?.start, deskTo);
  await smtp.waitFor(mailsBefore + 4);
  await receiver.waitFor(hooksBefore + 2);
  await new Promise((done) => setTimeout(done, 500)); // nothing more comes

  // The same: to whom, which e-mail, the invite's method and SEQUENCE; the webhook's type.
  // (Only theirs: another test's e-mail may still be arriving.)
  const mails = smtp.received.slice(mailsBefore).filter((m) => about(3)(m) || about(4)(m));
  assert.equal(mails.length, 4);
  const shape = (n: number) =>
    mails
      .filter((m) => m.to.includes(`student${n}@example.com`) || m.text.includes(`Student ${n}`))
      .map((m) => ({
        to: m.to.includes(`student${n}@example.com`) ? "student" : "advisers",
        subject: m.subject.replace(/:.*$/, ""),
        method: m.calendarMethod,
        sequence: /^SEQUENCE:(\d+)/m.exec(m.calendar)?.[1],
      }))
      .sort((a, b) => a.to.localeCompare(b.to));
  assert.equal(shape(3).length, 2);
  assert.deepEqual(shape(4), shape(3));
  assert.deepEqual(
    shape(4).map((m) => [m.method, m.sequence]),
    [
      ["REQUEST", "1"],
      ["REQUEST", "1"],
    ],
  );
  const hooks = receiver.accepted.slice(hooksBefore).map((h) => h.message!);
  const hookOf = (id: string) =>
    hooks
      .filter((h) => (h.data as { id?: string }).id === id)
      .map((h) => ({ type: h.type, sequence: (h.data as { sequence?: number }).sequence }));
  assert.deepEqual(hookOf(byDesk.id), [{ type: "booking.moved", sequence: 1 }]);
  assert.deepEqual(hookOf(byDesk.id), hookOf(byLink.id));
  const entry = await database.db
    .selectFrom("auditLog")
    .select(["detail", "recordId"])
    .where("action", "=", "booking.move")
    .executeTakeFirstOrThrow();
  assert.equal(entry.recordId, byDesk.id);
  assert.equal(entry.detail, `${byDesk.start} → ${deskTo}`);
});

test("an adviser's own time zone: set on Your sign-in, its time beside London's on the consultations' pages", async () => {
  const { start } = await book(5);
  const day = `/desk/consultations?day=${wallClock(start, "Europe/London").date}`;
  const london = slotLabel(start, "Europe/London", "en-GB").time;
  const plain = await adviser.get(day);
  assert.match(plain.text, /Times are London time\./);
  assert.match(plain.text, new RegExp(`>${london}</time> <!-- -->At our London office`));

  const account = await adviser.get("/desk/account");
  assert.match(account.text, /<option value="Europe\/London" selected="">Europe\/London<\/option>/);
  assert.match(account.text, /<option value="America\/New_York">America\/New York<\/option>/);
  assert.equal((await adviser.post("/desk/account/zone", { zone: "Mars/Olympus" })).status, 400);
  const saved = await adviser.post("/desk/account/zone", { zone: "America/New_York" });
  assert.equal(saved.status, 303);
  assert.equal(saved.headers.get("location"), "/desk/account?done=zone");
  assert.match(
    (await adviser.get("/desk/account")).text,
    /<option value="America\/New_York" selected="">/,
  );

  const both = await adviser.get(day);
  assert.match(both.text, /Times are London time, with yours \(New York\) beside them/);
  const there = slotLabel(start, "America/New_York", "en-GB").time;
  assert.notEqual(there, london);
  assert.match(
    both.text,
    new RegExp(`>${london}</time><span class="quiet"> \\(${there} in New York\\)</span>`),
  );
  // Only theirs: the manager still sees London's alone.
  assert.doesNotMatch((await manager.get(day)).text, /in New York/);
  const entry = await database.db
    .selectFrom("auditLog")
    .select("detail")
    .where("action", "=", "account.zone")
    .executeTakeFirstOrThrow();
  assert.equal(entry.detail, "America/New_York");
  await adviser.post("/desk/account/zone", { zone: "Europe/London" });
  assert.match((await adviser.get(day)).text, /Times are London time\./);
});

async function register(n: number) {
  const answer = await fetch(`${origin}/api/events/register`, {
    method: "POST",
    headers: {
      Accept: "application/json",
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({
      form: "registration",
      event: "visa-webinar",
      fullName: `Student ${n}`,
      email: `student${n}@example.com`,
      country: "Nepal",
      interest: "",
      zone: "Asia/Kathmandu",
    }),
  });
  assert.ok(answer.ok, await answer.clone().text());
  return ((await answer.json()) as { id: string }).id;
}

let registrations: string[] = [];

test("events: counts, the list with places in line, a cancellation that promotes the first in line", async () => {
  const ids: string[] = [];
  for (const n of [11, 12, 13, 14]) ids.push(await register(n));
  registrations = ids;
  const list = await manager.get("/desk/events");
  assert.equal(list.status, 200);
  assert.match(list.text, /Visa webinar/);
  // Capacity, registered, waiting.
  assert.match(list.text, /<td>2<\/td><td>2<\/td><td>2<\/td>/);

  const page = await manager.get("/desk/events/visa-webinar");
  assert.equal(page.status, 200);
  assert.match(page.text, /Student 13.*?number 1/s);
  assert.match(page.text, /Student 14.*?number 2/s);
  assert.equal((await manager.get("/desk/events/no-such-event")).status, 404);

  const cancel = `/desk/events/visa-webinar/registrations/${ids[0]}/cancel`;
  await adviser.get("/desk/events/visa-webinar");
  assert.equal((await adviser.post(cancel)).status, 403);
  assert.equal((await adviser.post("/desk/events/visa-webinar/promote")).status, 403);
  assert.equal((await manager.get(cancel)).status, 200);
  const done = await manager.post(cancel);
  assert.equal(done.status, 303);
  assert.equal(done.headers.get("location"), "/desk/events/visa-webinar?done=cancelled");

  assert.equal((await app.events.store.get(ids[0]))?.cancelledBy, "staff");
  assert.equal((await app.events.store.get(ids[2]))?.state, "confirmed", "the first in line");
  await mailTo("student11@example.com", (m) => m.calendarMethod === "CANCEL");
  const after = await manager.get("/desk/events/visa-webinar");
  assert.match(after.text, /Student 14.*?number 1/s);
  assert.equal((await manager.post(cancel)).status, 409);
  assert.equal((await manager.post("/desk/events/visa-webinar/promote")).status, 303);

  const actions = (
    await database.db
      .selectFrom("auditLog")
      .select("action")
      .where("action", "in", ["registration.cancel", "event.refused", "event.promote"])
      .execute()
  ).map((e) => e.action);
  assert.deepEqual(actions.sort(), [
    "event.promote",
    "event.refused",
    "event.refused",
    "registration.cancel",
  ]);
});

test("check-in: an adviser ticks people as they arrive; the ticks persist, undo removes one", async () => {
  // After the cancellation above: Student 12 and Student 13 hold the places.
  const [cancelled, first, second] = registrations;
  const list = "/desk/events/visa-webinar/check-in";
  const page = await adviser.get(list);
  assert.equal(page.status, 200);
  assert.match(page.text, /0 of 2 arrived/);
  assert.doesNotMatch(page.text, /Student 11/);
  assert.equal(
    (await adviser.post(list, { registration: first, arrived: "1" }, { csrf: false })).status,
    403,
  );
  const ticked = await adviser.post(list, { registration: first, arrived: "1" });
  assert.equal(ticked.status, 303);
  assert.equal(ticked.headers.get("location"), list);
  await adviser.post(list, { registration: second, arrived: "1" });
  assert.equal((await adviser.post(list, { registration: cancelled, arrived: "1" })).status, 404);

  const rows = await database.db.selectFrom("checkIns").selectAll().execute();
  assert.deepEqual(rows.map((r) => r.registrationId).sort(), [first, second].sort());
  assert.match((await manager.get(list)).text, /2 of 2 arrived/);

  await adviser.post(list, { registration: second, arrived: "0" });
  assert.match((await adviser.get(list)).text, /1 of 2 arrived/);
  const left = await database.db.selectFrom("checkIns").select("registrationId").execute();
  assert.deepEqual(
    left.map((r) => r.registrationId),
    [first],
  );
});
