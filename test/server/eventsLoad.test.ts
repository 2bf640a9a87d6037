import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { sentDeliveries, storedRegistrations } from "./stored";
import { eventsFile } from "./eventsFile";
import { kill, spawnServer, untilSent } from "./process";
import { testSmtp } from "./smtp";

let dir = "";
let dist = "";

before(() => {
  dir = mkdtempSync(join(tmpdir(), "eg-events-load-"));
  dist = join(dir, "dist");
  mkdirSync(dist);
  writeFileSync(join(dist, "404.html"), "<!DOCTYPE html><title>Page not found</title>");
});
after(() => rmSync(dir, { recursive: true, force: true }));

const register = (origin: string, n: number) =>
  fetch(`${origin}/api/events/register`, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      event: "open-day",
      fullName: `Student ${n}`,
      email: `student${n}@example.com`,
      country: "Ghana",
    }),
  });

type Answer = { ok: boolean; id: string; status: "confirmed" | "waiting"; place?: number };

test("200 registrations at once for 50 places: exactly 50 confirmed, 150 waiting in arrival order, each e-mailed once", async (t) => {
  const smtp = testSmtp();
  await smtp.listen(0);
  const folder = join(dir, "burst");
  const dataFile = join(folder, "enquiries.jsonl");
  const server = await spawnServer(dist, {
    SMTP_URL: smtp.url,
    ENQUIRY_DATA_FILE: dataFile,
    EVENTS_FILE: eventsFile(folder, 50),
    BOOKING_SECRET: "k".repeat(40),
  });
  try {
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        register(server.origin, i).then(async (r) => {
          assert.equal(r.status, 200);
          return (await r.json()) as Answer;
        }),
      ),
    );
    const took = Date.now() - started;
    const confirmed = answers.filter((a) => a.status === "confirmed");
    const waiting = answers.filter((a) => a.status === "waiting");
    assert.equal(confirmed.length, 50);
    assert.equal(waiting.length, 150);
    assert.deepEqual(
      waiting.map((a) => a.place).sort((a, b) => a! - b!),
      Array.from({ length: 150 }, (_, i) => i + 1),
      "waiting places 1 to 150, each once",
    );
    // The stored order of arrival is the order of the places told.
    const stored = await storedRegistrations(dirname(dataFile));
    const byId = new Map(stored.map((r) => [r.id, r]));
    const inLine = waiting.sort((a, b) => a.place! - b.place!).map((a) => byId.get(a.id)!.arrival);
    assert.deepEqual(
      inLine,
      [...inLine].sort((a, b) => a - b),
    );
    assert.ok(
      confirmed.every((a) => byId.get(a.id)!.arrival < Math.min(...inLine)),
      "every confirmed arrived before every waiting",
    );
    await smtp.waitFor(200, 60_000);
    await new Promise((r) => setTimeout(r, 500));
    const perAddress = new Map<string, number>();
    for (const m of smtp.received)
      for (const a of m.to) perAddress.set(a, (perAddress.get(a) ?? 0) + 1);
    assert.equal(perAddress.size, 200);
    assert.ok(
      [...perAddress.values()].every((n) => n === 1),
      "each e-mailed once",
    );
    t.diagnostic(
      `200 concurrent registrations answered in ${took} ms: 50 confirmed, 150 waiting (places 1-150 in arrival order); 200 e-mails, one each`,
    );
  } finally {
    kill(server.child, "SIGKILL");
    await server.exited;
    await smtp.close();
  }
});

test("SIGKILL in the middle of a burst: every acknowledged registration is there after the restart, none over capacity, no e-mail sent twice", async (t) => {
  const smtp = testSmtp();
  await smtp.listen(0);
  const folder = join(dir, "crash");
  const dataFile = join(folder, "enquiries.jsonl");
  const env = {
    SMTP_URL: smtp.url,
    ENQUIRY_DATA_FILE: dataFile,
    EVENTS_FILE: eventsFile(folder, 20),
    BOOKING_SECRET: "k".repeat(40),
  };
  smtp.state.acceptUpTo = 3; // then the mail server stops answering: sends stay under way
  let server = await spawnServer(dist, env);
  try {
    const acknowledged: string[] = [];
    // Three first, their e-mails taken and recorded: after the restart they must not go again.
    for (let i = 0; i < 3; i++) {
      const r = await register(server.origin, i);
      assert.equal(r.status, 200);
      acknowledged.push(((await r.json()) as Answer).id);
    }
    await untilSent(smtp, dirname(dataFile), "registrations", 3);
    // Then a burst, killed a few answers in: the rest of it and every e-mail since are under way.
    const answers = Array.from({ length: 97 }, (_, i) =>
      register(server.origin, i + 3).then(
        async (r) => {
          if (r.status === 200) {
            acknowledged.push(((await r.json()) as Answer).id);
            if (acknowledged.length === 8) server.child.kill("SIGKILL");
          }
          return r.status;
        },
        () => 0,
      ),
    );
    assert.equal(await server.exited, null);
    const statuses = await Promise.all(answers);
    const stored = await storedRegistrations(dirname(dataFile));
    const ids = new Set(stored.map((r) => r.id));
    for (const id of acknowledged)
      assert.ok(ids.has(id), `acknowledged registration ${id} is on disk`);
    assert.ok(stored.filter((r) => r.state === "confirmed").length <= 20, "none over capacity");

    await smtp.heldAbandoned(); // the killed server's unanswered sends were never accepted
    smtp.release();
    server = await spawnServer(dist, env);
    const expected = stored.length; // one e-mail each: its place or its number in line
    await smtp.waitFor(expected, 60_000);
    await new Promise((r) => setTimeout(r, 500));
    const byId = new Map<string, number>();
    for (const m of smtp.received) byId.set(m.messageId, (byId.get(m.messageId) ?? 0) + 1);
    assert.equal(byId.size, expected);
    assert.ok(
      [...byId.values()].every((n) => n === 1),
      "none sent twice",
    );
    const sent = await sentDeliveries(dirname(dataFile), "registrations");
    assert.equal(new Set(sent).size, expected);
    t.diagnostic(
      `SIGKILL after ${acknowledged.length} of 100 concurrent registrations were acknowledged (${statuses.filter((s) => s === 0).length} cut off): ${stored.length} on disk, all acknowledged among them, ${stored.filter((r) => r.state === "confirmed").length} confirmed of 20; ${expected} e-mails sent once each after the restart`,
    );
  } finally {
    kill(server.child, "SIGKILL");
    await server.exited;
    await smtp.close();
  }
});
