/**
 * Each lead keeps the version of the privacy notice its form was sent under: the hidden field
 * every form carries (src/components/forms/PrivacyNote.tsx) is stored with the enquiry, the
 * booking and the event registration; a missing or malformed one is stored as none, and the lead
 * is never refused for it. On SQLite and PostgreSQL, the real server, a real mail server.
 */
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { createApp } from "../../server/app";
import { openDatabase, type DatabaseConfig } from "../../server/db";
import { noticeVersion } from "../../src/content/privacy";
import { testEngines, type TestEngine } from "./engines";
import { eventsFile } from "./eventsFile";
import { testSmtp, type TestSmtp } from "./smtp";

let dir = "";
let dist = "";
let smtp: TestSmtp;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), "eg-notice-"));
  dist = join(dir, "dist");
  mkdirSync(dist);
  writeFileSync(
    join(dist, "404.html"),
    `<!DOCTYPE html><html lang="en"><head><style>h1{color:red}</style></head><body><h1>Page not found</h1></body></html>`,
  );
  smtp = testSmtp();
  await smtp.listen();
});
after(async () => {
  await smtp.close();
  rmSync(dir, { recursive: true, force: true });
});

const { engines } = testEngines();

const person = (n: number) => ({
  fullName: `Student ${n}`,
  email: `student${n}@example.com`,
  phone: "+44 7700 900123",
  country: "Ghana",
  interest: "Pre-Masters",
  message: `Message ${n}`,
});

const post = (url: string, fields: Record<string, string>) =>
  fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: new URLSearchParams(fields).toString(),
  });

/** Each stored lead's notice: enquiries keep it with their fields, reservations in their data. */
async function storedNotices(config: DatabaseConfig) {
  const database = openDatabase(config);
  try {
    const enquiries = await database.db.selectFrom("enquiries").select(["fields"]).execute();
    const reservations = await database.db
      .selectFrom("reservations")
      .select(["kind", "data"])
      .execute();
    const notice = (json: string) => (JSON.parse(json) as { notice?: string }).notice ?? null;
    return {
      enquiries: enquiries.map((r) => notice(r.fields)),
      bookings: reservations.filter((r) => r.kind === "booking").map((r) => notice(r.data)),
      registrations: reservations
        .filter((r) => r.kind === "registration")
        .map((r) => notice(r.data)),
    };
  } finally {
    await database.close();
  }
}

function engineTests(engine: TestEngine) {
  test("the enquiry, the booking and the registration keep the notice's version; a bad one is none, never a refusal", async () => {
    const config = await engine.fresh();
    const app = createApp({
      dist,
      dataFile: join(config.dataDir, "enquiries.jsonl"),
      ...config,
      eventsFile: eventsFile(join(config.dataDir, "events"), 10),
      smtpUrl: smtp.url,
      bookingSecret: "n".repeat(40),
      pollMs: 100,
    });
    await new Promise<void>((done) => app.listen(0, "127.0.0.1", done));
    await app.ready;
    const origin = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
    try {
      const slots = (
        (await (await fetch(`${origin}/api/booking/slots?mode=video`)).json()) as {
          slots: { start: string }[];
        }
      ).slots.map((s) => s.start);
      for (const [n, notice] of [
        [1, noticeVersion],
        [2, "not-a-version"],
      ] as const) {
        const fields = { ...person(n), notice };
        const enquiry = await post(`${origin}/api/enquiry`, { form: "enquiry", ...fields });
        assert.equal(enquiry.status, 200, await enquiry.text());
        const booking = await post(`${origin}/api/booking`, {
          form: "booking",
          mode: "video",
          start: slots[n],
          zone: "Europe/London",
          ...fields,
        });
        assert.equal(booking.status, 201, await booking.text());
        const registration = await post(`${origin}/api/events/register`, {
          form: "registration",
          event: "open-day",
          ...fields,
        });
        assert.ok(registration.status < 300, await registration.text());
      }
      const stored = await storedNotices(config);
      for (const kind of ["enquiries", "bookings", "registrations"] as const)
        assert.deepEqual([...stored[kind]].sort(), [noticeVersion, null], kind);
    } finally {
      app.closeAllConnections();
      await new Promise((done) => app.close(done));
      await app.drain(5000);
    }
  });
}

for (const engine of engines)
  describe(engine.name, { skip: engine.skip }, () => engineTests(engine));
