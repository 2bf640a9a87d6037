import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { readBookings, readBookingVersions } from "../../server/booking/store";
import { readRegistrations, readRegistrationVersions } from "../../server/events/store";
import { mailKey, type DeliveryRecord, type OutboxName } from "../../server/outbox/outbox";
import { readOutboxFile } from "../../server/db/import";
import { signLink } from "../../server/reservations/token";
import { readEnquiryFile } from "../../server/enquiries/store";
import { kill, spawnServer, until } from "./process";
import { testReceiver } from "./receiver";
import { testSmtp } from "./smtp";
import { storedDeliveries } from "./stored";

// An agency upgrading: today's server started on a data folder the version before the database
// wrote (test/fixtures/data-before-database, and its README for how it was made).

const root = resolve(import.meta.dirname, "../..");
const fixture = join(root, "test/fixtures/data-before-database");
const BOOKING_SECRET = "fixture-secret-".padEnd(40, "x");
const WEBHOOK_SECRET = `whsec_${Buffer.from("f".repeat(32)).toString("base64")}`;
/** The fixture's WEBHOOK_URL was http://127.0.0.1:41921/hooks/eastgate. */
const FIXTURE_RECEIVER_PORT = 41921;
let dir = "";

before(() => {
  dir = mkdtempSync(join(tmpdir(), "eg-upgrade-"));
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** The latest record of each message in an old outbox file, by "id/mail". */
function latest(file: string) {
  const byKey = new Map<string, DeliveryRecord>();
  for (const r of readOutboxFile(file)) byKey.set(mailKey(r.id, r.mail), r);
  return byKey;
}

/** The latest record of each message in the deliveries table now, by "id/mail". */
const stored = async (data: string, outbox: OutboxName) =>
  new Map((await storedDeliveries(data, outbox)).map((r) => [mailKey(r.id, r.mail), r]));

const OUTBOXES: OutboxName[] = ["enquiries", "bookings", "registrations"];

test("a data folder of the version before the database: every record imported once, every link still opens, nothing sent goes again, nothing pending is dropped", async (t) => {
  const data = join(dir, "data");
  cpSync(fixture, data, { recursive: true });
  const before = Object.fromEntries(
    [...OUTBOXES, "webhooks"].map((n) => [n, latest(join(data, `${n}.outbox.jsonl`))]),
  );
  const enquiries = readEnquiryFile(join(data, "enquiries.jsonl"));
  const bookings = readBookings(join(data, "bookings.jsonl"));
  const registrations = readRegistrations(join(data, "registrations.jsonl"));
  const smtp = testSmtp();
  await smtp.listen(0);
  // On the port the fixture's receiver had: the outbox knows a receiver by its address.
  const hooks = testReceiver(WEBHOOK_SECRET);
  await hooks.listen(FIXTURE_RECEIVER_PORT);
  const env = {
    ENQUIRY_DATA_FILE: join(data, "enquiries.jsonl"),
    DATABASE_URL: "",
    SMTP_URL: smtp.url,
    WEBHOOK_URL: hooks.url,
    WEBHOOK_SECRET,
    BOOKING_SECRET,
    EVENTS_FILE: join(data, "events.yaml"),
  };
  // The built site's manage pages: npm test's build (TEST_DIST), so test:quick leaves this out.
  const server = await spawnServer(process.env.TEST_DIST ?? join(root, "dist"), env);
  try {
    await until(async () => (await fetch(`${server.origin}/readyz`)).status === 200, 20_000);
    for (const [what, n] of [
      ["enquiries", enquiries.length],
      ["bookings", bookings.length],
      ["registrations", registrations.length],
    ] as const) {
      assert.match(server.output, new RegExp(`Imported ${n} of ${n} ${what} from `), what);
      assert.ok(existsSync(join(data, `${what}.jsonl.imported`)), `${what}.jsonl set aside`);
    }

    // What was pending goes out once; what was sent or delivered does not go again. Pending:
    // recorded as failed when the mail server or receiver went down, or never tried at all (the
    // last booking's letters and webhook waited behind the outage).
    const bookingVersions = readBookingVersions(join(data, "bookings.jsonl.imported"));
    const registrationVersions = readRegistrationVersions(
      join(data, "registrations.jsonl.imported"),
    );
    const unsent = (m: Map<string, DeliveryRecord>) =>
      [...m].filter(([, r]) => r.state !== "sent").map(([key]) => key);
    const owed = [
      ...unsent(before.enquiries),
      ...unsent(before.bookings),
      ...unsent(before.registrations),
      ...bookingVersions
        .flatMap((v) => [`${v.id}/adviser.${v.sequence}`, `${v.id}/student.${v.sequence}`])
        .filter((key) => !before.bookings.has(key)),
    ];
    const leads = enquiries.length + bookingVersions.length + registrationVersions.length;
    assert.ok(owed.length >= 4, "the fixture has e-mails pending");
    const mailNow = async () =>
      new Map((await Promise.all(OUTBOXES.map((n) => stored(data, n)))).flatMap((m) => [...m]));
    const delivered = async () =>
      [...(await stored(data, "webhooks")).values()].filter((r) => r.state === "sent");
    let deliveredCount = 0;
    await until(
      async () => {
        const mail = await mailNow();
        deliveredCount = (await delivered()).length;
        return owed.every((key) => mail.get(key)?.state === "sent") && deliveredCount === leads;
      },
      30_000,
      () => `owed ${owed.join(" ")}; ${deliveredCount} of ${leads} leads delivered`,
    );
    for (const n of [...OUTBOXES, "webhooks"])
      assert.ok(
        existsSync(join(data, `${n}.outbox.jsonl.imported`)),
        `${n}.outbox.jsonl set aside`,
      );
    await new Promise((r) => setTimeout(r, 2000)); // anything more would come within this
    let newlySent = 0;
    for (const name of [...OUTBOXES, "webhooks"] as const) {
      const now = await stored(data, name);
      for (const [key, is] of now) {
        const was = before[name].get(key);
        if (was?.state === "sent")
          assert.deepEqual(is, was, `${name} ${key}: sent before, untouched`);
        else if (is.state === "sent" && name !== "webhooks") newlySent++;
      }
    }
    assert.equal(smtp.received.length, newlySent, "each e-mail sent now is one that was owed");
    assert.equal(
      new Set(smtp.received.map((m) => m.messageId)).size,
      smtp.received.length,
      "none sent twice",
    );
    const hookIds = new Set(hooks.hits.map((h) => h.id));
    const deliveredBefore = [...before.webhooks.values()].filter((r) => r.state === "sent");
    for (const r of deliveredBefore) assert.ok(!hookIds.has(r.id), `webhook ${r.id} not again`);
    assert.equal(hooks.hits.length, leads - deliveredBefore.length, "the owed webhooks, once each");

    // Every booking's links open it: its invite (any time) and its manage page (to come: the
    // page; over: a page that says so, never "no such booking").
    for (const b of bookings) {
      const token = signLink(Buffer.from(BOOKING_SECRET), "booking", b.id);
      const ics = await fetch(`${server.origin}/api/booking/ics?b=${b.id}&t=${token}`);
      assert.equal(ics.status, 200, `booking ${b.id}'s invite`);
      assert.match(await ics.text(), new RegExp(`UID:booking-${b.id}@`));
      const manage = await fetch(`${server.origin}/book/manage?b=${b.id}&t=${token}`);
      const open = b.state === "booked" && Date.parse(b.start) > Date.now();
      assert.equal(manage.status, open ? 200 : 410, `booking ${b.id}'s manage page`);
    }
    for (const r of registrations) {
      const token = signLink(Buffer.from(BOOKING_SECRET), "registration", r.id);
      const manage = await fetch(`${server.origin}/events/manage?r=${r.id}&t=${token}`);
      assert.equal(manage.status, 200, `registration ${r.id}'s manage page`);
    }
    const places = (await (await fetch(`${server.origin}/api/events/places`)).json()) as {
      events: Record<string, { confirmed: number; waiting: number }>;
    };
    assert.deepEqual(
      [places.events["open-day-2031"].confirmed, places.events["open-day-2031"].waiting],
      [
        registrations.filter((r) => r.state === "confirmed").length,
        registrations.filter((r) => r.state === "waiting").length,
      ],
    );

    // The staff tools read what the server imported.
    const tool = (script: string, args: string[] = []) =>
      promisify(execFile)(process.execPath, ["--import", "tsx", `scripts/${script}`, ...args], {
        cwd: root,
        env: { ...process.env, ...env },
      }).then((r) => r.stdout);
    const listed = await tool("enquiries.ts", ["--all"]);
    for (const e of enquiries) assert.ok(listed.includes(`(${e.id})`), `enquiry ${e.id} listed`);
    const booked = await tool("bookings.ts", ["--all"]);
    for (const b of bookings) assert.ok(booked.includes(`[${b.id}]`), `booking ${b.id} listed`);
    assert.match(await tool("events.ts"), /2 \/ 2 registered\s+1 waiting\s+open-day-2031/);
    t.diagnostic(
      `imported ${enquiries.length} enquiries, ${bookings.length} bookings, ${registrations.length} registrations; sent the ${smtp.received.length} owed e-mails and ${hooks.hits.length} webhooks, nothing else`,
    );
  } finally {
    kill(server.child, "SIGTERM");
    await server.exited;
    await smtp.close();
    await hooks.close();
  }
});
