import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { testSmtp, type Received } from "./smtp";
import { kill, spawnServer as spawnIn, until } from "./process";
import { sentDeliveries, storedEnquiries } from "./stored";

let dir = "";
let dist = "";

before(() => {
  dir = mkdtempSync(join(tmpdir(), "eg-crash-"));
  dist = join(dir, "dist");
  mkdirSync(dist);
  writeFileSync(join(dist, "404.html"), "<!DOCTYPE html><title>Page not found</title>");
});
after(() => rmSync(dir, { recursive: true, force: true }));

const spawnServer = (env: Record<string, string>) => spawnIn(dist, env);

const post = (origin: string, n: number) =>
  fetch(`${origin}/api/enquiry`, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      form: "enquiry",
      fullName: `Student ${n}`,
      email: `student${n}@example.com`,
      phone: "+44 7700 900123",
      country: "Ghana",
      interest: "Pre-Masters",
      message: `Enquiry ${n}`,
    }),
  }).then((r) => {
    assert.equal(r.status, 200);
  });

const counts = (messages: Received[]) => {
  const byId = new Map<string, number>();
  for (const m of messages) byId.set(m.messageId, (byId.get(m.messageId) ?? 0) + 1);
  return byId;
};

const sentIn = async (dataFile: string) =>
  (await sentDeliveries(dirname(dataFile), "enquiries")).length;

test("SIGKILL with deliveries pending: after a restart every e-mail is sent, each once", async (t) => {
  const smtp = testSmtp();
  await smtp.listen(0);
  const dataFile = join(dir, "kill", "enquiries.jsonl");
  const env = { SMTP_URL: smtp.url, ENQUIRY_DATA_FILE: dataFile };
  // Six e-mails go through; the mail server then stops answering, leaving sends under way.
  smtp.state.acceptUpTo = 6;
  let server = await spawnServer(env);
  try {
    await Promise.all(Array.from({ length: 20 }, (_, i) => post(server.origin, i)));
    await until(async () => (await sentIn(dataFile)) === 6 && smtp.held > 0, 20_000);
    const underWay = smtp.held;
    server.child.kill("SIGKILL");
    assert.equal(await server.exited, null);
    assert.equal(
      (await storedEnquiries(dirname(dataFile))).length,
      20,
      "every accepted enquiry is committed",
    );
    const pending = 40 - (await sentIn(dataFile));
    assert.equal(pending, 34);
    // The sends that were under way never got their answer: they were not accepted. (One more
    // may have reached the mail server between counting them and the kill.)
    await until(
      () => smtp.abandoned.length >= underWay,
      10_000,
      () => `${smtp.abandoned.length} of ${underWay} abandoned`,
    );

    await smtp.heldAbandoned(); // the killed server's unanswered sends were never accepted
    smtp.release();
    const restart = Date.now();
    server = await spawnServer(env);
    await smtp.waitFor(40, 60_000);
    const resumedMs = Date.now() - restart;
    await new Promise((r) => setTimeout(r, 500)); // nothing more arrives
    const byId = counts(smtp.received);
    assert.equal(smtp.received.length, 40);
    assert.equal(byId.size, 40);
    assert.ok([...byId.values()].every((n) => n === 1));
    assert.equal(await sentIn(dataFile), 40);
    assert.match(server.output, /34 e-mails pending from before/);
    // A mail server that had kept those (its answer lost with the client) would now hold them
    // twice, under one Message-ID: recognisable as the same message.
    for (const m of smtp.abandoned) assert.equal(byId.get(m.messageId), 1);
    t.diagnostic(
      `SIGKILL with ${pending} e-mails pending (${underWay} mid-send): all sent ${resumedMs} ms after the restart began, 0 lost, 0 doubled`,
    );
  } finally {
    kill(server.child, "SIGKILL");
    await server.exited;
    await smtp.close();
  }
});

test("SIGTERM under load: sends under way finish and are recorded, the rest resume at the next start", async (t) => {
  const smtp = testSmtp();
  await smtp.listen(0);
  smtp.state.delayMs = 400; // a slow mail server: sends are always under way
  const dataFile = join(dir, "term", "enquiries.jsonl");
  const env = { SMTP_URL: smtp.url, ENQUIRY_DATA_FILE: dataFile };
  let server = await spawnServer(env);
  try {
    await Promise.all(Array.from({ length: 20 }, (_, i) => post(server.origin, i)));
    await until(() => smtp.received.length >= 5 && smtp.state.answering > 0, 20_000);
    const acceptedAtStop = smtp.received.length;
    const underWay = smtp.state.answering;
    const stopAt = Date.now();
    server.child.kill("SIGTERM");
    assert.equal(await server.exited, 0);
    const stopMs = Date.now() - stopAt;
    const sent = await sentIn(dataFile);
    // Whatever the mail server accepted before the exit is recorded as sent: no resend.
    assert.equal(sent, smtp.received.length);
    assert.equal(smtp.abandoned.length, 0, "no send was cut off");
    assert.ok(sent >= acceptedAtStop + underWay, "the stop waited for the sends under way");
    assert.ok(sent < 40, "the stop did not wait for the whole queue");

    smtp.state.delayMs = 0;
    server = await spawnServer(env);
    await smtp.waitFor(40, 60_000);
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(smtp.received.length, 40);
    assert.equal(counts(smtp.received).size, 40);
    t.diagnostic(
      `SIGTERM with sends under way (400 ms each): exited 0 after ${stopMs} ms; ${acceptedAtStop} accepted and ${underWay} awaiting the answer at the signal, ${sent} by the exit, ${40 - sent} after the restart, 0 doubled`,
    );
  } finally {
    kill(server.child, "SIGTERM");
    await server.exited;
    await smtp.close();
  }
});
