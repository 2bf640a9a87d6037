/**
 * A copy and erasure (server/privacy/export.ts, erase.ts) on the real server, on SQLite and
 * PostgreSQL: one person with an enquiry, a past and a future consultation and an event
 * registration, beside another person with the same. The export lists each of their records
 * and nothing of the other's; the erasure cancels the future consultation and the registration
 * with their e-mails and webhooks, sends person.erased (and then keeps no address in it), and
 * leaves no trace of their address, name or phone in any table, the other untouched.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { createApp } from "../../server/app";
import { openDatabase, type DatabaseConfig } from "../../server/db";
import { SERVER_PAGES } from "../../server/service/paths";
import { headersFile } from "../../src/build/headers";
import { exportPerson, formatExport } from "../../server/privacy/export";
import { requestErasure } from "../../server/privacy/erase";
import { Leads } from "../../server/desk/leads";
import { testEngines } from "./engines";
import { eventsFile } from "./eventsFile";
import { until } from "./process";
import { newSecret, testReceiver } from "./receiver";
import { testSmtp, type TestSmtp } from "./smtp";
import { dumpAll, OTHER, PERSON, sendLeads, traces, withPastBookings } from "./privacyPeople";

const { engines } = testEngines();
let dir = "";
let dist = "";
let smtp: TestSmtp;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), "eg-privacy-"));
  dist = join(dir, "dist");
  mkdirSync(dist);
  writeFileSync(
    join(dist, "404.html"),
    `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><link rel="preload" href="/assets/font-T.woff2" as="font" type="font/woff2" crossorigin=""/></head><body><h1>Page not found</h1></body></html>`,
  );
  writeFileSync(join(dist, "_headers"), headersFile({ admin: false, serverPages: SERVER_PAGES }));
  smtp = testSmtp();
  await smtp.listen();
});
after(async () => {
  await smtp.close();
  rmSync(dir, { recursive: true, force: true });
});

for (const engine of engines)
  test(
    `export and erase on ${engine.name}: everything of one person, nothing of another`,
    { skip: engine.skip },
    async (t) => {
      const config: DatabaseConfig = await engine.fresh();
      await withPastBookings(config);

      const secret = newSecret();
      const receiver = testReceiver(secret);
      await receiver.listen(0);
      const log = console.log;
      console.log = () => {};
      const app = createApp({
        dist,
        dataFile: join(config.dataDir, "enquiries.jsonl"),
        dataDir: config.dataDir,
        databaseUrl: config.databaseUrl,
        smtpUrl: smtp.url,
        bookingSecret: "privacy-test-secret-0123456789abcdef",
        pollMs: 100,
        backoff: { baseMs: 50, capMs: 200 },
        webhooks: { urls: [receiver.url], secret, backoff: { baseMs: 50, capMs: 200 } },
        eventsFile: eventsFile(join(config.dataDir, "events"), 10),
        publicUrl: "http://privacy.test",
        retention: false,
      });
      const database = openDatabase(config);
      const { db } = database;
      try {
        await new Promise<void>((done) => app.listen(0, "127.0.0.1", done));
        await app.ready;
        const origin = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
        const ids = await sendLeads(origin, [PERSON, OTHER]);
        let open: unknown[] = [];
        // Everything sent: 3 mails each way for the enquiry and the booking, the registration's.
        await until(
          async () => {
            open = await db
              .selectFrom("deliveries")
              .select(["outbox", "id", "mail", "state"])
              .where("state", "in", ["pending", "failed"])
              .where((eb) =>
                eb.or([eb("dueAt", "is", null), eb("dueAt", "<=", new Date().toISOString())]),
              )
              .execute();
            return open.length === 0 && receiver.accepted.length >= 6;
          },
          20_000,
          () =>
            `the leads' e-mails and webhooks sent: ${JSON.stringify(open)}, ${receiver.accepted.length} accepted`,
        );

        // The export: each of their records, nothing of the other's.
        const copy = await exportPerson(db, PERSON.email.toUpperCase());
        assert.deepEqual(
          copy.enquiries.map((e) => e.id),
          [ids[PERSON.email].enquiry],
        );
        assert.deepEqual(
          copy.bookings.map((b) => b.id).sort(),
          [ids[PERSON.email].booking, "past-person"].sort(),
        );
        assert.deepEqual(
          copy.registrations.map((r) => r.id),
          [ids[PERSON.email].registration],
        );
        assert.ok(
          copy.emails.some(
            (d) => d.id === ids[PERSON.email].enquiry && d.mail === "ack" && d.state === "sent",
          ),
        );
        assert.ok(
          copy.emails.some((d) => d.id === ids[PERSON.email].booking && d.state === "sent"),
        );
        assert.ok(
          copy.emails.some((d) => d.id === ids[PERSON.email].registration && d.state === "sent"),
        );
        assert.ok(copy.webhooks.some((d) => d.type === "enquiry.received" && d.state === "sent"));
        assert.ok(copy.webhooks.some((d) => d.type === "booking.created"));
        assert.ok(copy.webhooks.some((d) => d.type === "registration.created"));
        const text = formatExport(copy);
        const json = JSON.stringify(copy);
        for (const own of [PERSON.name, PERSON.phone, "Past question from"]) {
          assert.ok(text.includes(own), `the text shows ${own}`);
          assert.ok(json.includes(own), `the JSON has ${own}`);
        }
        for (const theirs of [...traces(OTHER), ...Object.values(ids[OTHER.email])]) {
          assert.ok(!text.includes(theirs), `the text has nothing of the other's (${theirs})`);
          assert.ok(!json.includes(theirs), `the JSON has nothing of the other's (${theirs})`);
        }

        // The erasure.
        const mailsBefore = smtp.received.length;
        // The desk has looked (its inbox copies every lead) and staff noted the person's name.
        const desk = new Leads(db, { now: Date.now });
        await desk.catchUp();
        for (const [kind, id] of [
          ["enquiry", ids[PERSON.email].enquiry],
          ["booking", "past-person"],
        ] as const)
          await desk.addNote(kind, id, "staff-1", `Spoke to ${PERSON.name} on ${PERSON.phone}.`);
        const before = await dumpAll(db);
        for (const trace of traces(PERSON)) assert.ok(before.includes(trace.toLowerCase()));
        const request = await requestErasure(db, PERSON.email, { actor: "test" });
        await until(
          async () =>
            (
              await db
                .selectFrom("privacyRequests")
                .select("state")
                .where("id", "=", request)
                .executeTakeFirstOrThrow()
            ).state === "done",
          30_000,
          () => "the erasure done",
        );
        // The future consultation and the registration were cancelled, with their e-mails.
        const told = smtp.received.slice(mailsBefore);
        assert.ok(
          told.some((m) => m.to.includes(PERSON.email) && m.calendarMethod === "CANCEL"),
          `the student is sent the consultation's cancellation: ${told.map((m) => `${m.to.join()} ${m.subject}`).join("; ")}`,
        );
        assert.ok(
          told.filter((m) => m.to.includes(PERSON.email)).length >= 2,
          "the student is told of both cancellations",
        );
        assert.ok(!told.some((m) => m.to.includes(OTHER.email)), "the other is sent nothing");
        // Their webhooks: the cancellations, then person.erased with the address.
        const erased = await receiver.waitFor(1).then(() =>
          until(
            () => receiver.accepted.find((h) => h.message?.type === "person.erased"),
            20_000,
            () => "person.erased",
          ),
        );
        assert.deepEqual((erased.message as { data: { email: string } }).data.email, PERSON.email);
        const types = receiver.accepted.map((h) => h.message?.type);
        assert.ok(types.includes("booking.cancelled"));
        assert.ok(types.includes("registration.cancelled"));
        let lastDump = "";
        // Once delivered, the stored message keeps no address either.
        await until(
          async () => !(lastDump = await dumpAll(db)).includes(PERSON.email),
          10_000,
          () =>
            `the address still in: ${lastDump
              .split("\n")
              .filter((l) => l.includes(PERSON.email))
              .map((l) => l.slice(0, 60))
              .join(" | ")}`,
        );
        const after = await dumpAll(db);
        for (const trace of [...traces(PERSON), PERSON.phone.replace(/\s/g, "")])
          assert.ok(!after.includes(trace.toLowerCase()), `no ${trace} in any table`);
        for (const trace of traces(OTHER))
          assert.ok(after.includes(trace.toLowerCase()), `the other's ${trace} is kept`);
        // The search, as the note shows it: the tables that held any of it, before and after.
        const holding = (dump: string) =>
          dump
            .split("\n")
            .filter((line) => traces(PERSON).some((trace) => line.includes(trace.toLowerCase())))
            .map((line) => line.slice(0, line.indexOf(":")));
        t.diagnostic(
          `her address, name or phone before the erasure in: ${holding(before).join(", ")}; after it in: ${holding(after).join(", ") || "no table"} (${after.split("\n").length} tables searched)`,
        );
        // The audit log says it happened, when and by whom: counts, nothing of the person.
        const audit = await db
          .selectFrom("auditLog")
          .selectAll()
          .where("action", "=", "privacy.erase")
          .execute();
        assert.equal(audit.length, 1);
        assert.equal(audit[0].recordId, request);
        assert.match(audit[0].detail ?? "", /asked by test; .*"enquiries":1/);
        // The desk's copy of the booking keeps its place in the inbox, not the person.
        const copies = await db.selectFrom("leadStates").selectAll().execute();
        assert.ok(copies.some((c) => c.name === "erased" && c.kind === "booking"));
        // The other's records are as they were; the export of the erased address is empty.
        const other = await exportPerson(db, OTHER.email);
        assert.equal(other.enquiries.length, 1);
        assert.equal(other.bookings.length, 2);
        assert.ok(other.bookings.every((b) => b.current.state === "booked"));
        assert.equal(other.registrations[0].current.state, "confirmed");
        const left = await exportPerson(db, PERSON.email);
        assert.deepEqual(
          [left.enquiries.length, left.bookings.length, left.registrations.length],
          [0, 0, 0],
        );
      } finally {
        app.closeAllConnections();
        await new Promise((done) => app.close(done));
        await app.drain(5000);
        await database.close();
        await receiver.close();
        console.log = log;
      }
    },
  );
