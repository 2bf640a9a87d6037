/**
 * The desk's home, with the real server, mail server and webhook receiver on a fixed clock:
 * today's and tomorrow's consultations (an adviser's own only), the next events with places
 * left, the site's out-of-date claims on that day; an acknowledgement the mail server refused
 * shows as given up, Retry sends it exactly once and it leaves the list; a webhook the
 * receiver refused is sent again from its lead's timeline (Resend), never by an adviser the
 * lead is not theirs. On SQLite and on PostgreSQL.
 */
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { OpenDatabase } from "../../server/db";
import { receiverKey } from "../../server/webhooks";
import { wallClock } from "../../src/lib/slots";
import type { DeskClient } from "./deskClient";
import { deskSite, deskWithStaff } from "./deskServer";
import { testEngines, type TestEngine } from "./engines";
import { until } from "./process";
import { newSecret, testReceiver } from "./receiver";
import { testSmtp, type TestSmtp } from "./smtp";

let smtp: TestSmtp;
const secret = newSecret();
let receiver: ReturnType<typeof testReceiver>;
// Runs at real speed from a fixed morning (a Tuesday): the slot rules and the mail timers agree.
const offset = Date.parse("2026-12-01T08:00:00Z") - Date.now();
const now = () => Date.now() + offset;
let root = "";
let origin = "";
let desk: Awaited<ReturnType<typeof deskWithStaff>>;
let database: OpenDatabase;
let manager: DeskClient;
let adviser: DeskClient;
let managerId = "";

/** Addresses the mail server and the webhook receiver refuse for now. */
const refusedMail = new Set<string>();
const refusedHooks = new Set<string>();

/** The server, mail server and receiver on a new database of the engine's. */
async function start(engine: TestEngine) {
  smtp = testSmtp();
  receiver = testReceiver(secret);
  smtp.state.policy = (m) =>
    m.to.some((to) => refusedMail.has(to))
      ? { code: 550, message: `5.1.1 <${m.to[0]}>: mailbox unavailable` }
      : undefined;
  receiver.state.answer = (hit) =>
    [...refusedHooks].some((email) => hit.body.includes(email)) ? 410 : 200;
  await smtp.listen();
  await receiver.listen();
  root = mkdtempSync(join(tmpdir(), "eg-desk-home-"));
  const dist = deskSite(root);
  const where = await engine.fresh();
  mkdirSync(where.dataDir, { recursive: true });
  const eventsFile = join(root, "events.yaml");
  const webinar = (slug: string, title: string, start: string, capacity: number) => `
  - slug: ${slug}
    title: ${title}
    kind: webinar
    start: "${start}"
    minutes: 60
    language: en
    capacity: ${capacity}
    where: online
    host: Advisers
    summary: Questions answered.
    body: [All about it.]
    registrationCloses: "${start.slice(0, 10)}T12:00"
    status: scheduled
`;
  // Neither has its join link yet: the one within a week is a claim out of date, the other not.
  writeFileSync(
    eventsFile,
    `events:${webinar("soon-webinar", "Soon webinar", "2026-12-03T14:00", 2)}${webinar("later-webinar", "Later webinar", "2026-12-20T14:00", 5)}`,
  );
  desk = await deskWithStaff(smtp, where, {
    dist,
    bookingSecret: "test-secret-0123456789abcdef0123456789abcdef",
    pollMs: 100,
    backoff: { baseMs: 50, capMs: 200 },
    webhooks: { urls: [receiver.url], secret, backoff: { baseMs: 50, capMs: 200 } },
    eventsFile,
    now,
  });
  ({ origin, database, manager, adviser, managerId } = desk);
}

async function stop() {
  await desk.close();
  await smtp.close();
  await receiver.close();
  rmSync(root, { recursive: true, force: true });
}

const form = (path: string, fields: Record<string, string>) =>
  fetch(`${origin}${path}`, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });

async function enquire(n: number) {
  const answer = await form("/api/enquiry", {
    form: "enquiry",
    fullName: `Student ${n}`,
    email: `student${n}@example.com`,
    phone: "+44 7700 900123",
    country: "Ghana",
    interest: "Pre-Masters",
    message: `Enquiry ${n}`,
  });
  assert.equal(answer.status, 200, await answer.clone().text());
  return ((await answer.json()) as { id: string }).id;
}

async function book(n: number, start: string) {
  const answer = await form("/api/booking", {
    form: "booking",
    mode: "office",
    start,
    zone: "Europe/London",
    fullName: `Student ${n}`,
    email: `student${n}@example.com`,
    phone: "+91 98765 43210",
    country: "India",
    interest: "Taught Masters",
    message: "",
  });
  assert.equal(answer.status, 201, await answer.clone().text());
  return ((await answer.json()) as { booking: { id: string } }).booking.id;
}

/** A page without React's markers between two pieces of text. */
const plain = (html: string) => html.replaceAll("<!-- -->", "");

/** The part of a page under one of home's headings, up to the next section. */
const section = (html: string, id: string) => {
  const start = html.indexOf(`id="${id}"`);
  assert.ok(start > 0, `no section ${id}`);
  const end = html.indexOf("</section>", start);
  return plain(html.slice(start, end));
};

/** The e-mails the mail server accepted to an address. */
const accepted = (to: string) => smtp.received.filter((m) => m.to.includes(to));

async function homeParts() {
  const slots = (
    (await (await fetch(`${origin}/api/booking/slots?mode=office`)).json()) as {
      slots: { start: string }[];
    }
  ).slots.map((s) => s.start);
  const on = (date: string) => slots.filter((s) => wallClock(s, "Europe/London").date === date);
  const tomorrow = on("2026-12-02");
  const later = on("2026-12-08");
  assert.ok(tomorrow.length >= 2 && later.length, "slots tomorrow and next week");
  const mine = await book(1, tomorrow[0]);
  const others = await book(2, tomorrow[1]);
  await book(3, later[0]);
  // The manager takes Student 2's: no longer the adviser's to see.
  await manager.get(`/desk/leads/booking/${others}`);
  assert.equal(
    (await manager.post(`/desk/leads/booking/${others}/assign`, { assignee: managerId })).status,
    303,
  );
  const registered = await form("/api/events/register", {
    form: "registration",
    event: "soon-webinar",
    fullName: "Student 4",
    email: "student4@example.com",
    country: "Nepal",
    interest: "",
    zone: "Asia/Kathmandu",
  });
  assert.ok(registered.ok, await registered.clone().text());

  const home = await manager.get("/desk");
  assert.equal(home.status, 200);
  const consultations = section(home.text, "consultations");
  assert.match(consultations, /Today, Tuesday, 1 December 2026/);
  assert.match(consultations, /href="\/desk\/consultations\?day=2026-12-02"/);
  assert.match(consultations, new RegExp(`/desk/leads/booking/${mine}" dir="auto">Student 1`));
  assert.match(consultations, /Student 2/);
  assert.doesNotMatch(consultations, /Student 3/, "next week's is not today's or tomorrow's");
  const advisers = section((await adviser.get("/desk")).text, "consultations");
  assert.match(advisers, /Student 1/);
  assert.doesNotMatch(advisers, /Student 2/, "the manager's, not the adviser's");

  const events = section(home.text, "next-events");
  // Soonest first; capacity, registered, places left.
  assert.match(
    events,
    /href="\/desk\/events\/soon-webinar">Soon webinar<\/a><\/th><td>.*?<\/td><td>2<\/td><td>1<\/td><td>1<\/td>.*later-webinar.*?<td>5<\/td><td>0<\/td><td>5<\/td>/s,
  );

  const claims = section(home.text, "claims");
  // On 1 December 2026 the promoted January 2026 intake has started; the webinar in two days
  // has no join link; the one in three weeks has time yet.
  assert.match(claims, /<code>content\/site.yaml<\/code>, <code>promotedIntake<\/code>/);
  assert.match(claims, /href="\/admin\/#\/collections\/site\/entries\/site"/);
  assert.match(claims, /soon-webinar.joinLink/);
  assert.doesNotMatch(claims, /later-webinar/);
}

async function retryOnHome() {
  refusedMail.add("student9@example.com");
  const id = await enquire(9);
  const failed = await until(
    async () => {
      const page = await manager.get("/desk");
      const part = section(page.text, "failed");
      return part.includes(`/desk/leads/enquiry/${id}`) && part;
    },
    15_000,
    () => "the refused acknowledgement on home",
  );
  assert.match(
    failed,
    /Acknowledgement to the student<\/strong> for <a href="\/desk\/leads\/enquiry\/[^"]+" dir="auto">Student 9/,
  );
  assert.match(failed, /given up/);
  assert.match(failed, /mailbox unavailable/, "the stored reason");
  assert.doesNotMatch(failed, /student9@example\.com/, "no address in the reason");
  assert.match(failed, /\(address\)/);
  assert.equal(accepted("student9@example.com").length, 0);

  refusedMail.delete("student9@example.com");
  const fields = { outbox: "enquiries", id, mail: "ack", back: "home" };
  assert.equal((await manager.post("/desk/deliveries/retry", fields, { csrf: false })).status, 403);
  const retried = await manager.post("/desk/deliveries/retry", fields);
  assert.equal(retried.status, 303, retried.text);
  assert.equal(retried.headers.get("location"), "/desk?done=retried");
  await until(
    () => accepted("student9@example.com").length > 0,
    10_000,
    () => "the acknowledgement sent again",
  );
  // Several of the worker's polls later: still once.
  await new Promise((done) => setTimeout(done, 800));
  assert.equal(accepted("student9@example.com").length, 1);
  const home = await manager.get("/desk?done=retried");
  assert.match(home.text, /It is re-queued/);
  assert.doesNotMatch(section(home.text, "failed"), new RegExp(id));
  const again = await manager.post("/desk/deliveries/retry", fields);
  assert.equal(again.status, 409, "delivered: nothing to send again");
  assert.match(again.text, /delivered since/);
  await new Promise((done) => setTimeout(done, 300));
  assert.equal(accepted("student9@example.com").length, 1);

  const entries = await database.db
    .selectFrom("auditLog")
    .select(["action", "recordKind", "recordId", "detail"])
    .where("action", "=", "delivery.retry")
    .execute();
  assert.deepEqual(entries, [
    { action: "delivery.retry", recordKind: "enquiry", recordId: id, detail: "enquiries ack" },
  ]);
}

async function resendOnLead() {
  refusedHooks.add("student10@example.com");
  const id = await enquire(10);
  const lead = `/desk/leads/enquiry/${id}`;
  const key = receiverKey(receiver.url);
  const page = await until(
    async () => {
      const text = plain((await manager.get(lead)).text);
      return text.includes("given up") && text;
    },
    15_000,
    () =>
      `the refused webhook in the timeline; receiver's answers ${receiver.hits.map((h) => h.status).join(" ")}`,
  );
  assert.match(page, new RegExp(`Webhook to ${key.replace(/[.#]/g, "\\$&")}: given up`));
  assert.match(page, /Resend<span class="visually-hidden"> Webhook to/);
  assert.equal(receiver.accepted.filter((h) => h.body.includes("student10@")).length, 0);
  refusedHooks.delete("student10@example.com");

  // The manager takes the lead: the adviser may neither see it nor send its webhook again.
  await manager.post(`${lead}/assign`, { assignee: managerId });
  const hook = (await database.db
    .selectFrom("deliveries")
    .select(["id", "mail"])
    .where("outbox", "=", "webhooks")
    .where("state", "=", "flagged")
    .executeTakeFirst())!;
  const fields = { outbox: "webhooks", id: hook.id, mail: hook.mail, back: "lead" };
  await adviser.get("/desk");
  assert.doesNotMatch(section((await adviser.get("/desk")).text, "failed"), new RegExp(id));
  assert.equal((await adviser.post("/desk/deliveries/retry", fields)).status, 403);
  assert.match(section((await manager.get("/desk")).text, "failed"), new RegExp(id));

  await manager.get(lead);
  const resent = await manager.post("/desk/deliveries/retry", fields);
  assert.equal(resent.status, 303, resent.text);
  assert.equal(resent.headers.get("location"), `${lead}?done=resent`);
  await until(
    () => receiver.accepted.some((h) => h.id === hook.id),
    10_000,
    () => "the webhook sent again",
  );
  await new Promise((done) => setTimeout(done, 800));
  assert.equal(receiver.accepted.filter((h) => h.id === hook.id).length, 1);
  const after = await until(
    async () => {
      const text = plain((await manager.get(`${lead}?done=resent`)).text);
      return text.includes(`Webhook to ${key}: sent`) && text;
    },
    5000,
    () => "the webhook sent in the timeline",
  );
  assert.match(after, /It is re-queued/);
  assert.doesNotMatch(after, /Resend/);
  const actions = (
    await database.db
      .selectFrom("auditLog")
      .select("action")
      .where("action", "in", ["delivery.retry", "delivery.refused"])
      .execute()
  ).map((e) => e.action);
  assert.deepEqual(actions.sort(), ["delivery.refused", "delivery.retry", "delivery.retry"]);
}

describe("the desk's home", () => {
  const { engines } = testEngines();
  for (const engine of engines)
    describe(engine.name, { skip: engine.skip }, () => {
      before(() => start(engine));
      after(stop);
      test(
        "home: today's and tomorrow's consultations (an adviser's own), the next events with places left, the claims out of date",
        homeParts,
      );
      test(
        "a refused acknowledgement shows on home as given up; Retry sends it once and it leaves the list",
        retryOnHome,
      );
      test(
        "a refused webhook is sent again from its lead's timeline; not by an adviser it is not theirs",
        resendOnLead,
      );
    });
});
