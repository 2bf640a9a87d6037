/**
 * The desk's privacy pages on the real server, on SQLite and PostgreSQL, as a manager uses them
 * in a browser without JavaScript: everything held about an address (POSTed, never in a URL)
 * as a page and as JSON, the same as `npm run privacy -- export`; a student's request for a
 * copy from the acknowledgement's link, answered; the erasure from the copy's page after a
 * confirmation naming what is cancelled first, carried out by the server: the future
 * consultation's cancellation e-mailed (real SMTP server), person.erased delivered, no trace of
 * the person in any table, another person untouched; a student's erasure request confirmed;
 * what retention deletes next. An adviser is refused each.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DatabaseConfig } from "../../server/db";
import { exportPerson } from "../../server/privacy/export";
import { deskSite, deskWithStaff } from "./deskServer";
import { testEngines } from "./engines";
import { eventsFile } from "./eventsFile";
import { until } from "./process";
import { newSecret, testReceiver } from "./receiver";
import { testSmtp, type TestSmtp } from "./smtp";
import {
  dumpAll,
  OTHER,
  PERSON,
  sendLeads,
  traces,
  withPastBookings,
  type Person,
} from "./privacyPeople";

const { engines } = testEngines();
let dir = "";
let dist = "";
let smtp: TestSmtp;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), "eg-desk-privacy-"));
  dist = deskSite(dir);
  smtp = testSmtp();
  await smtp.listen();
});
after(async () => {
  await smtp.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Asks for erasure from the link in their acknowledgement. */
const ASKER: Person = {
  name: "Priya Vantongeren",
  email: "priya.vt@example.net",
  phone: "+44 7700 900333",
};

/** The request link in the newest acknowledgement to `p`, on this server. */
async function privacyLink(origin: string, p: Person) {
  const ack = await until(
    () => smtp.received.find((m) => m.to.includes(p.email) && m.text.includes("/privacy-request?")),
    15_000,
    () => `the acknowledgement to ${p.email}`,
  );
  const link = /http:\/\/localhost\/privacy-request\?\S+/.exec(ack.text)?.[0];
  assert.ok(link, ack.text);
  return new URL(link.replace("http://localhost", origin));
}

/** The student asks from their link: the page's form, POSTed. */
async function ask(origin: string, p: Person, kind: "copy" | "erase") {
  const url = await privacyLink(origin, p);
  const answer = await fetch(`${origin}/privacy-request`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...Object.fromEntries(url.searchParams), kind }),
  });
  assert.equal(answer.status, 200);
}

for (const engine of engines)
  test(
    `the desk's privacy pages on ${engine.name}: a copy, requests answered, an erasure`,
    { skip: engine.skip },
    async () => {
      const config: DatabaseConfig = await engine.fresh();
      await withPastBookings(config);

      const secret = newSecret();
      const receiver = testReceiver(secret);
      await receiver.listen(0);
      const log = console.log;
      console.log = () => {};
      const desk = await deskWithStaff(smtp, config, {
        dist,
        bookingSecret: "desk-privacy-secret-0123456789abcdef",
        pollMs: 100,
        backoff: { baseMs: 50, capMs: 200 },
        webhooks: { urls: [receiver.url], secret, backoff: { baseMs: 50, capMs: 200 } },
        eventsFile: eventsFile(join(config.dataDir, "events"), 10),
        retention: false,
      });
      const { origin, manager, adviser, managerId } = desk;
      const { db } = desk.database;
      try {
        const ids = await sendLeads(origin, [PERSON, OTHER, ASKER], [ASKER]);

        // An adviser is refused every privacy page.
        assert.doesNotMatch((await adviser.get("/desk")).text, /href="\/desk\/privacy"/);
        assert.equal((await adviser.get("/desk/privacy")).status, 403);
        assert.equal((await adviser.get("/desk/privacy/retention")).status, 403);
        for (const path of ["export", "export.json", "erase/check", "erase"])
          assert.equal(
            (await adviser.post(`/desk/privacy/${path}`, { email: PERSON.email, checked: "yes" }))
              .status,
            403,
            path,
          );

        // The copy: a page of everything held, POSTed; the address in no URL.
        const home = await manager.get("/desk/privacy");
        assert.equal(home.status, 200);
        assert.match(home.text, /href="\/desk\/privacy" aria-current="page">Privacy/);
        assert.match(home.text, /No request is waiting/);
        const page = await manager.post("/desk/privacy/export", {
          email: ` ${PERSON.email.toUpperCase()} `,
        });
        assert.equal(page.status, 200, page.text);
        for (const own of [
          PERSON.name,
          PERSON.phone,
          `A question from ${PERSON.name}`,
          `Past question from ${PERSON.name}`,
          ids[PERSON.email].enquiry,
          ids[PERSON.email].booking,
          ids[PERSON.email].registration,
          "past-person",
        ])
          assert.ok(page.text.includes(own), `the page shows ${own}`);
        for (const theirs of [...traces(OTHER), ...Object.values(ids[OTHER.email])])
          assert.ok(!page.text.includes(theirs), `nothing of the other's (${theirs})`);
        assert.match(page.text, /Download JSON/);
        assert.match(page.text, /Erase everything about this person/);
        const json = await manager.post("/desk/privacy/export", { email: "not an address" });
        assert.equal(json.status, 400);
        assert.match(json.text, /Enter an e-mail address/);
        // The JSON: what npm run privacy -- export --json prints, as an attachment.
        const download = await manager.post("/desk/privacy/export.json", { email: PERSON.email });
        assert.equal(download.status, 200);
        assert.match(download.headers.get("content-type") ?? "", /^application\/json/);
        assert.match(download.headers.get("content-disposition") ?? "", /^attachment; filename=/);
        assert.doesNotMatch(download.headers.get("content-disposition") ?? "", /zara/);
        const copy = JSON.parse(download.text) as Awaited<ReturnType<typeof exportPerson>>;
        const cli = await exportPerson(db, PERSON.email);
        assert.deepEqual({ ...copy, exportedAt: "" }, { ...cli, exportedAt: "" });
        // Audited, with counts and never the address.
        const exports = await db
          .selectFrom("auditLog")
          .selectAll()
          .where("action", "=", "privacy.export")
          .execute();
        assert.equal(exports.length, 2);
        for (const e of exports) {
          assert.equal(e.staffId, managerId);
          assert.match(e.detail ?? "", /1 enquiry, 2 consultation bookings, 1 event registration/);
          assert.ok(!JSON.stringify(e).toLowerCase().includes("zara"));
        }

        // A student's request for a copy, from their acknowledgement: answered on the desk.
        await ask(origin, PERSON, "copy");
        const waiting = await manager.get("/desk/privacy");
        assert.match(waiting.text, /A copy of their data/);
        assert.ok(waiting.text.includes(PERSON.email));
        const [copyRequest] = await db
          .selectFrom("privacyRequests")
          .selectAll()
          .where("state", "=", "pending")
          .execute();
        const due = new Date(copyRequest.at);
        due.setUTCMonth(due.getUTCMonth() + 1);
        assert.ok(waiting.text.includes(`dateTime="${due.toISOString()}"`), "due in a month");
        const answer = await manager.get(`/desk/privacy/requests/${copyRequest.id}`);
        assert.equal(answer.status, 200);
        assert.match(answer.text, /Open the copy/);
        const opened = await manager.post("/desk/privacy/export", { request: copyRequest.id });
        assert.ok(opened.text.includes(PERSON.phone));
        const confirmUrl = `/desk/privacy/requests/${copyRequest.id}/confirm`;
        assert.equal((await manager.post(confirmUrl, {})).status, 400, "not ticked");
        assert.equal((await manager.post(confirmUrl, { checked: "yes" })).status, 303);
        const answered = await db
          .selectFrom("privacyRequests")
          .selectAll()
          .where("id", "=", copyRequest.id)
          .executeTakeFirstOrThrow();
        assert.deepEqual([answered.state, answered.actor], ["done", managerId]);
        // Finished: as npm run privacy -- confirm answers it.
        const again = await manager.post(confirmUrl, { checked: "yes" });
        assert.equal(again.status, 409);
        assert.match(again.text, /is done, not pending/);

        // Everything sent before the erasure (it waits for what is due otherwise).
        await until(
          async () =>
            (
              await db
                .selectFrom("deliveries")
                .select("id")
                .where("state", "in", ["pending", "failed"])
                .where((eb) =>
                  eb.or([eb("dueAt", "is", null), eb("dueAt", "<=", new Date().toISOString())]),
                )
                .execute()
            ).length === 0,
          20_000,
          () => "the leads' e-mails and webhooks sent",
        );

        // The erasure, from the copy's page: first what it will do, then the deliberate step.
        const check = await manager.post("/desk/privacy/erase/check", { email: PERSON.email });
        assert.equal(check.status, 200);
        assert.match(check.text, /Erase everything about this person\?/);
        assert.match(check.text, /First cancelled \(<!-- -->2<!-- -->\)/, "both still to come");
        assert.match(check.text, /Consultation \(Video call\)/);
        assert.match(check.text, /Event: Open day/);
        assert.match(check.text, /1 enquiry/);
        assert.match(check.text, /2 consultation bookings/);
        assert.equal((await manager.get("/desk/privacy/erase")).status, 404, "never on a GET");
        const unticked = await manager.post("/desk/privacy/erase", { email: PERSON.email });
        assert.equal(unticked.status, 400);
        assert.equal(
          (
            await db
              .selectFrom("privacyRequests")
              .select("id")
              .where("kind", "=", "erase")
              .execute()
          ).length,
          0,
          "nothing asked without the tick",
        );
        const mailsBefore = smtp.received.length;
        const erased = await manager.post("/desk/privacy/erase", {
          email: PERSON.email,
          checked: "yes",
        });
        assert.equal(erased.status, 303);
        assert.equal(erased.headers.get("location"), "/desk/privacy?done=erasing");
        const request = await db
          .selectFrom("privacyRequests")
          .selectAll()
          .where("kind", "=", "erase")
          .executeTakeFirstOrThrow();
        assert.equal(request.actor, managerId);
        await until(
          async () =>
            (
              await db
                .selectFrom("privacyRequests")
                .select("state")
                .where("id", "=", request.id)
                .executeTakeFirstOrThrow()
            ).state === "done",
          30_000,
          () => "the erasure done",
        );
        // The future consultation's cancellation went to them, with the calendar's cancellation.
        const told = smtp.received.slice(mailsBefore);
        assert.ok(
          told.some((m) => m.to.includes(PERSON.email) && m.calendarMethod === "CANCEL"),
          `the consultation's cancellation: ${told.map((m) => m.subject).join("; ")}`,
        );
        // (Their own booking's and registration's e-mails may still be arriving under load.)
        assert.ok(
          !told.some(
            (m) =>
              m.to.includes(OTHER.email) &&
              (m.calendarMethod === "CANCEL" || /cancel/i.test(m.subject)),
          ),
          "the other is sent no cancellation",
        );
        const gone = await until(
          () => receiver.accepted.find((h) => h.message?.type === "person.erased"),
          20_000,
          () => "person.erased",
        );
        assert.equal((gone.message as { data: { email: string } }).data.email, PERSON.email);
        let last = "";
        await until(
          async () => !(last = await dumpAll(db)).includes(PERSON.email),
          10_000,
          () =>
            `the address still in: ${last
              .split("\n")
              .filter((l) => l.includes(PERSON.email))
              .map((l) => l.slice(0, 60))
              .join(" | ")}`,
        );
        const dump = await dumpAll(db);
        for (const trace of [...traces(PERSON), PERSON.phone.replace(/\s/g, "")])
          assert.ok(!dump.includes(trace.toLowerCase()), `no ${trace} in any table`);
        for (const trace of traces(OTHER))
          assert.ok(dump.includes(trace.toLowerCase()), `the other's ${trace} is kept`);
        const other = await exportPerson(db, OTHER.email);
        assert.equal(other.enquiries.length, 1);
        assert.ok(other.bookings.every((b) => b.current.state === "booked"));
        assert.equal(other.registrations[0].current.state, "confirmed");
        // Audited as who asked it, with counts only.
        const entry = await db
          .selectFrom("auditLog")
          .selectAll()
          .where("action", "=", "privacy.erase")
          .executeTakeFirstOrThrow();
        assert.equal(entry.staffId, managerId);
        assert.equal(entry.recordId, request.id);
        const done = await manager.get("/desk/privacy?done=erasing");
        assert.match(done.text, /Erasure.*?done/s);

        // A student's erasure request: the confirmation names what goes; confirmed, it is done.
        await ask(origin, ASKER, "erase");
        const [asked] = await db
          .selectFrom("privacyRequests")
          .selectAll()
          .where("state", "=", "pending")
          .execute();
        const shown = await manager.get(`/desk/privacy/requests/${asked.id}`);
        assert.equal(shown.status, 200);
        assert.match(shown.text, /Erase everything about this person\?/);
        assert.match(shown.text, /First cancelled \(<!-- -->0<!-- -->\)/);
        assert.match(shown.text, /1 enquiry/);
        const confirmed = await manager.post(`/desk/privacy/requests/${asked.id}/confirm`, {
          checked: "yes",
        });
        assert.equal(confirmed.status, 303);
        await until(
          async () =>
            (
              await db
                .selectFrom("privacyRequests")
                .select("state")
                .where("id", "=", asked.id)
                .executeTakeFirstOrThrow()
            ).state === "done",
          30_000,
          () => "the student's erasure done",
        );
        assert.equal((await exportPerson(db, ASKER.email)).enquiries.length, 0);

        // What retention deletes next: each kind with its period.
        const next = await manager.get("/desk/privacy/retention");
        assert.equal(next.status, 200);
        const words = next.text.replace(/<!-- -->/g, "");
        assert.match(words, /24 months after the enquiry&#x27;s last activity/);
        assert.match(words, /90 days after the e-mail or webhook was delivered/);
        assert.ok(next.text.includes(`/desk/leads/enquiry/${ids[OTHER.email].enquiry}`));
        // Two people erased one after the other are nobody, not one person: the second's
        // stripped consultation links to none of the first's stripped records.
        assert.equal(
          (await manager.post("/desk/privacy/erase", { email: OTHER.email, checked: "yes" }))
            .status,
          303,
        );
        await until(
          async () =>
            (await db.selectFrom("privacyRequests").select("state").execute()).every(
              (r) => r.state === "done",
            ),
          30_000,
          () => "the second erasure done",
        );
        const second = await manager.get(`/desk/leads/booking/${ids[OTHER.email].booking}`);
        assert.equal(second.status, 200);
        for (const id of Object.values(ids[PERSON.email]))
          assert.ok(!second.text.includes(id), `no link to the first erased person's ${id}`);
        assert.doesNotMatch(second.text, /The same person&#x27;s other leads/);
        // ...says it was erased instead of its fields, and offers nothing to do.
        assert.match(
          second.text.replace(/<!-- -->/g, ""),
          /Erased on .*? at the person&#x27;s request/,
        );
        assert.doesNotMatch(second.text, /Work on it|\/assign"|\/status"|\/note"/);
        const base = `/desk/leads/booking/${ids[OTHER.email].booking}`;
        for (const [action, body] of [
          ["assign", { assignee: managerId }],
          ["status", { status: "closed" }],
          ["note", { note: "A note about nobody" }],
        ] as const)
          assert.equal((await manager.post(`${base}/${action}`, body)).status, 409, action);
        assert.equal(
          await db
            .selectFrom("leadNotes")
            .select("id")
            .where("leadId", "=", ids[OTHER.email].booking)
            .execute()
            .then((r) => r.length),
          0,
        );
        // Erased records are in no list, count or CSV.
        const erasedIds = [...Object.values(ids[PERSON.email]), ...Object.values(ids[OTHER.email])];
        const inbox = await manager.get("/desk/inbox");
        const csv = await manager.get("/desk/inbox/export");
        assert.equal(csv.status, 200);
        for (const id of erasedIds) {
          assert.ok(!inbox.text.includes(id), `the inbox lists no erased ${id}`);
          assert.ok(!csv.text.includes(id), `the CSV has no erased ${id}`);
        }
        assert.doesNotMatch(csv.text, /(^|,)erased,erased/m);
        // Each view and change is in the audit log, as the manager's; the adviser's refusals too.
        const actions = await db
          .selectFrom("auditLog")
          .select(["action", "staffId"])
          .where("action", "like", "privacy.%")
          .execute();
        for (const action of [
          "privacy.view",
          "privacy.export",
          "privacy.request.view",
          "privacy.confirm",
          "privacy.erase-asked",
          "privacy.erase",
          "privacy.retention.view",
        ])
          assert.ok(
            actions.some((a) => a.action === action && a.staffId === managerId),
            `${action} in the audit log`,
          );
        const refused = await db
          .selectFrom("auditLog")
          .select("detail")
          .where("action", "=", "page.refused")
          .execute();
        assert.equal(refused.length, 6, "the adviser's six attempts");
      } finally {
        await desk.close();
        await receiver.close();
        console.log = log;
      }
    },
  );
