import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { createApp, type AppOptions } from "../../server/app";
import type { DeliveryRecord } from "../../server/outbox/outbox";
import { rateLimitMessage } from "../../src/lib/enquiry";
import { freePort, testSmtp, type Received } from "./smtp";
import { storedDeliveries } from "./stored";

const root = resolve(import.meta.dirname, "../..");
let dir = "";
let dist = "";

before(() => {
  dir = mkdtempSync(join(tmpdir(), "eg-delivery-"));
  dist = join(dir, "dist");
  mkdirSync(dist);
  // The server only needs 404.html from a built site.
  writeFileSync(join(dist, "404.html"), "<!DOCTYPE html><title>Page not found</title>");
});
after(() => rmSync(dir, { recursive: true, force: true }));

let serial = 0;
const freshDataFile = () => join(dir, `run-${++serial}`, "enquiries.jsonl");

/** The real server (createApp) on a free port; quiet unless a test wants its log. */
async function serve(options: Partial<AppOptions> & { dataFile: string }) {
  const app = createApp({ dist, ...options });
  await new Promise<void>((done) => app.listen(0, "127.0.0.1", done));
  await app.ready;
  const origin = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  return {
    app,
    origin,
    dataFile: options.dataFile,
    post: (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      fetch(`${origin}/api/enquiry`, {
        method: "POST",
        headers: {
          Accept: "application/json",
          "Content-Type": "application/x-www-form-urlencoded",
          ...headers,
        },
        body: new URLSearchParams(fields),
      }),
    async close() {
      app.closeAllConnections();
      await new Promise((done) => app.close(done));
      await app.drain(5000);
    },
  };
}

const enquiry = (n: number, extra: Record<string, string> = {}) => ({
  form: "enquiry",
  fullName: `Student ${n}`,
  email: `student${n}@example.com`,
  phone: "+44 7700 900123",
  country: "Nigeria",
  interest: "Masters in Research",
  message: `Enquiry number ${n}.`,
  ...extra,
});

const quiet = <T>(run: () => Promise<T>) => {
  const log = console.log;
  console.log = () => {};
  return run().finally(() => (console.log = log));
};

const byId = (messages: Received[]) => {
  const counts = new Map<string, number>();
  for (const m of messages) counts.set(m.messageId, (counts.get(m.messageId) ?? 0) + 1);
  return counts;
};

/** The outbox records `pick` chooses, once `ready` holds for them (records follow the answers). */
async function outboxWhen(
  dataFile: string,
  pick: (records: DeliveryRecord[]) => DeliveryRecord[],
  ready: (records: DeliveryRecord[]) => boolean,
) {
  for (let i = 0; ; i++) {
    const records = pick(await storedDeliveries(dirname(dataFile), "enquiries"));
    if (ready(records) || i === 250) return records;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

test("200 concurrent enquiries: 200 notifications and 200 acknowledgements, none lost or doubled", async (t) => {
  const smtp = testSmtp();
  await smtp.listen(0);
  const server = await serve({ dataFile: freshDataFile(), smtpUrl: smtp.url });
  try {
    const accepted = new Map<string, number>();
    await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const response = await server.post(enquiry(i));
        assert.equal(response.status, 200);
        const { id } = (await response.json()) as { id: string };
        accepted.set(id, Date.now());
      }),
    );
    const messages = await smtp.waitFor(400, 60_000);
    await new Promise((r) => setTimeout(r, 300)); // nothing more arrives
    assert.equal(smtp.received.length, 400);
    const counts = byId(messages);
    assert.equal(counts.size, 400, "400 distinct Message-IDs");
    for (const [id] of accepted) {
      assert.equal(counts.get(`<enquiry-${id}.notify@eastgate-education.example>`), 1);
      assert.equal(counts.get(`<enquiry-${id}.ack@eastgate-education.example>`), 1);
    }
    const latencies = (kind: string) =>
      messages
        .filter((m) => m.messageId.includes(`.${kind}@`))
        .map((m) => m.at - accepted.get(/enquiry-([\w-]+)\./.exec(m.messageId)![1])!);
    const [notify, ack] = [latencies("notify"), latencies("ack")];
    t.diagnostic(
      `latency accepted -> accepted by SMTP, 200 concurrent: notification p50 ${percentile(notify, 50)} ms, p99 ${percentile(notify, 99)} ms; acknowledgement p50 ${percentile(ack, 50)} ms, p99 ${percentile(ack, 99)} ms`,
    );
    const outbox = await outboxWhen(
      server.dataFile,
      (all) => all,
      (all) => all.length === 400,
    );
    assert.equal(outbox.filter((r) => r.state === "sent").length, 400);
    assert.ok(outbox.every((r) => r.reply?.startsWith("250")));
  } finally {
    await server.close();
    await smtp.close();
  }
});

test("the notification: Reply-To the student, triage subject, escaped HTML, London time, Message-ID; the acknowledgement", async () => {
  const smtp = testSmtp();
  await smtp.listen(0);
  const server = await serve({
    dataFile: freshDataFile(),
    smtpUrl: smtp.url,
    mailTo: "Inbox <advisers@agency.example>",
    mailFrom: "Website <web@agency.example>",
  });
  try {
    const sneaky = `<script>alert("x")</script> & 'quotes'\nSecond line`;
    const response = await server.post(enquiry(1, { fullName: "Zoë <b>Ade</b>", message: sneaky }));
    const { id } = (await response.json()) as { id: string };
    const [a, b] = await smtp.waitFor(2);
    const notify = [a, b].find((m) => m.to.includes("advisers@agency.example"))!;
    const ack = [a, b].find((m) => m.to.includes("student1@example.com"))!;
    assert.ok(notify && ack);
    assert.equal(notify.messageId, `<enquiry-${id}.notify@agency.example>`);
    assert.equal(ack.messageId, `<enquiry-${id}.ack@agency.example>`);
    assert.match(notify.headers.get("reply-to") ?? "", /student1@example\.com/);
    assert.equal(notify.from, "web@agency.example");
    assert.equal(notify.subject, "Enquiry: Zoë <b>Ade</b> (Masters in Research, Nigeria)");
    assert.match(notify.text, /Message:\n<script>alert\("x"\)<\/script> & 'quotes'\nSecond line/);
    assert.match(notify.text, /Phone Number: \+44 7700 900123/);
    assert.ok(!notify.html.includes("<script>") && !notify.html.includes("<b>Ade"));
    assert.match(
      notify.html,
      /&lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt; &amp; &#x27;quotes&#x27;<br\/>Second line/,
    );
    assert.match(notify.html, /Zoë &lt;b&gt;Ade&lt;\/b&gt;/);
    const london = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/London",
      dateStyle: "full",
      timeStyle: "short",
    }).format(new Date());
    assert.match(notify.text, new RegExp(`Received: ${london.slice(0, 10)}.*\\(London time\\)`));
    // The acknowledgement: thanks, what next, a copy, phone, WhatsApp and office hours.
    assert.match(ack.headers.get("reply-to") ?? "", /advisers@agency\.example/);
    assert.match(ack.text, /^Dear Zoë,/);
    assert.match(ack.text, /replies within one business day/);
    assert.match(ack.text, /Second line/);
    // Numbers are isolated (U+2066 ... U+2069) so they read left to right in Arabic too.
    assert.match(ack.text, /Phone: \u2066\+44 20 7946 0321\u2069/);
    assert.match(ack.text, /WhatsApp: \u2066\+44 7700 900456\u2069/);
    assert.match(ack.text, /Monday to Friday: 9:00 AM to 6:00 PM/);
    assert.ok(!ack.html.includes("<script>"));
  } finally {
    await server.close();
    await smtp.close();
  }
});

test("ENQUIRY_ACK off: the agency is told, the student is not written to", async () => {
  const smtp = testSmtp();
  await smtp.listen(0);
  const server = await serve({ dataFile: freshDataFile(), smtpUrl: smtp.url, ack: false });
  try {
    await server.post(enquiry(1));
    await server.post({
      form: "consultation",
      name: "Ada",
      email: "ada@example.com",
      message: "Hi",
    });
    await smtp.waitFor(2);
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(smtp.received.length, 2);
    assert.ok(smtp.received.every((m) => m.to.join() === "admissions@eastgate-education.example"));
    assert.ok(smtp.received.some((m) => m.subject === "Consultation request: Ada"));
  } finally {
    await server.close();
    await smtp.close();
  }
});

test("a 421 temporary reply is retried, then the message goes through once", async () => {
  const smtp = testSmtp();
  await smtp.listen(0);
  smtp.state.policy = (m) =>
    m.messageId.includes(".notify@") && smtp.state.refused < 2
      ? { code: 421, message: "Try again later" }
      : undefined;
  const server = await serve({ dataFile: freshDataFile(), smtpUrl: smtp.url });
  try {
    const { id } = (await (await server.post(enquiry(1))).json()) as { id: string };
    await smtp.waitFor(2, 20_000);
    assert.equal(smtp.state.refused, 2, "refused twice, accepted the third time");
    // The mail server has it; the record of the answer follows (the table keeps the latest).
    const records = await outboxWhen(
      server.dataFile,
      (all) => all.filter((r) => r.id === id && r.mail === "notify"),
      (mine) => mine.at(-1)?.state === "sent",
    );
    assert.deepEqual(
      records.map((r) => r.state),
      ["sent"],
    );
    assert.match(records[0].reply ?? "", /^250/);
  } finally {
    await server.close();
    await smtp.close();
  }
});

test("a 550 permanent reply is flagged, not retried; staff see it and --retry sends it", async () => {
  const smtp = testSmtp();
  await smtp.listen(0);
  smtp.state.policy = (m) =>
    m.messageId.includes(".ack@") ? { code: 550, message: "No such mailbox" } : undefined;
  const dataFile = freshDataFile();
  const server = await quiet(() => serve({ dataFile, smtpUrl: smtp.url, pollMs: 200 }));
  const run = (...args: string[]) =>
    promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/enquiries.ts", ...args], {
      cwd: root,
      env: { ...process.env, ENQUIRY_DATA_FILE: dataFile },
    });
  try {
    const { id } = (await (await quiet(() => server.post(enquiry(1)))).json()) as { id: string };
    await smtp.waitFor(1);
    await new Promise((r) => setTimeout(r, 3000));
    assert.equal(smtp.state.refused, 1, "refused once, never tried again");
    const flagged = (await storedDeliveries(dirname(dataFile), "enquiries")).filter(
      (r) => r.state === "flagged",
    );
    assert.equal(flagged.length, 1);
    assert.match(flagged[0].reason ?? "", /550 No such mailbox/);

    const { stdout } = await run();
    assert.match(stdout, /1 enquiries/);
    assert.match(stdout, new RegExp(`acknowledgement: flagged: .*550 No such mailbox`));
    assert.match(stdout, new RegExp(id));

    smtp.state.policy = undefined;
    const retry = await run("--retry");
    assert.match(retry.stdout, /Re-queued 1 flagged/);
    await quiet(() => smtp.waitFor(2, 10_000));
    assert.ok(smtp.received.some((m) => m.messageId.includes(`${id}.ack@`)));
    const after = await outboxWhen(
      dataFile,
      (all) => all.filter((r) => r.mail === "ack"),
      (acks) => acks.at(-1)?.state === "sent",
    );
    assert.equal(after.at(-1)?.state, "sent");

    const { stdout: csv } = await run("--csv");
    const [header, row, end] = csv.split("\r\n");
    assert.ok(header.startsWith("\uFEFFid,receivedAt,form,fullName,email,phone,country,"));
    assert.match(row, new RegExp(`^${id},`));
    // Both e-mails sent, then the campaign (none here), the last column.
    assert.match(row, /,sent: 250 [^,]*,sent: 250 [^,]*,$/);
    assert.equal(end, "");
  } finally {
    await quiet(() => server.close());
    await smtp.close();
  }
});

test("mail server down at first: enquiries are accepted, and all go out within 15 s of it coming back (60 s allowed)", async (t) => {
  const port = await freePort();
  const smtp = testSmtp();
  const dataFile = freshDataFile();
  const server = await quiet(() => serve({ dataFile, smtpUrl: `smtp://127.0.0.1:${port}` }));
  try {
    for (let i = 0; i < 20; i++) assert.equal((await server.post(enquiry(i))).status, 200);
    await new Promise((r) => setTimeout(r, 6000));
    const failed = (await storedDeliveries(dirname(dataFile), "enquiries")).filter(
      (r) => r.state === "failed",
    );
    assert.ok(failed.length >= 1);
    assert.match(failed[0].reason ?? "", /ECONNREFUSED|connect/i);
    assert.equal(server.app.delivery?.pending, 40);
    await smtp.listen(port);
    const back = Date.now();
    await quiet(() => smtp.waitFor(40, 60_000));
    const drained = Date.now() - back;
    t.diagnostic(`drained 40 e-mails ${drained} ms after the mail server came back`);
    // The issue allows 60 s; the probe waits at most 10 s (DEFAULT_BACKOFF), the rest follow it.
    assert.ok(drained < 15_000, `drained ${drained} ms after the mail server came back`);
    assert.equal(byId(smtp.received).size, 40);
    // The mail server has the last message a moment before the worker records it as sent.
    for (let i = 0; i < 50 && server.app.delivery?.pending; i++)
      await new Promise((r) => setTimeout(r, 20));
    assert.equal(server.app.delivery?.pending, 0);
  } finally {
    await quiet(() => server.close());
    await smtp.close();
  }
});

test("stored while SMTP_URL was unset: mailed once it is set (an acknowledgement over 72 h old is skipped)", async () => {
  const dataFile = freshDataFile();
  const plain = await serve({ dataFile });
  await plain.post(enquiry(1));
  await plain.close();
  // An old enquiry, as if stored a week ago by the version that kept them in this file.
  const old = {
    ...enquiry(2),
    id: "old-one",
    receivedAt: new Date(Date.now() - 7 * 864e5).toISOString(),
  };
  writeFileSync(dataFile, `${JSON.stringify(old)}\n`);
  const smtp = testSmtp();
  await smtp.listen(0);
  const server = await quiet(() => serve({ dataFile, smtpUrl: smtp.url }));
  try {
    await smtp.waitFor(3);
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(smtp.received.length, 3);
    assert.ok(smtp.received.some((m) => m.messageId.includes("old-one.notify")));
    assert.ok(!smtp.received.some((m) => m.messageId.includes("old-one.ack")));
    const skipped = (await storedDeliveries(dirname(dataFile), "enquiries")).find(
      (r) => r.state === "skipped",
    );
    assert.equal(skipped?.id, "old-one");
  } finally {
    await quiet(() => server.close());
    await smtp.close();
  }
});

test("the same Idempotency-Key twice, also across a restart: one enquiry, one delivery, same id", async () => {
  const smtp = testSmtp();
  await smtp.listen(0);
  const dataFile = freshDataFile();
  const key = "0b7c6a52-1f7e-4a57-9a9a-3f1f6d0c2b11";
  let server = await serve({ dataFile, smtpUrl: smtp.url });
  try {
    const [first, second] = await Promise.all([
      server.post(enquiry(1), { "Idempotency-Key": key }),
      server.post(enquiry(1), { "Idempotency-Key": key }),
    ]);
    const a = (await first.json()) as { id: string };
    const b = (await second.json()) as { id: string };
    assert.equal(a.id, b.id);
    await smtp.waitFor(2);
    await server.close();
    server = await serve({ dataFile, smtpUrl: smtp.url });
    const again = (await (await server.post(enquiry(1), { "Idempotency-Key": key })).json()) as {
      id: string;
    };
    assert.equal(again.id, a.id);
    const other = (await (
      await server.post(enquiry(1), { "Idempotency-Key": "another-key-123" })
    ).json()) as { id: string };
    assert.notEqual(other.id, a.id);
    await smtp.waitFor(4);
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(smtp.received.length, 4);
    assert.equal((await server.app.enquiries.all()).length, 2);
    const bad = await server.post(enquiry(1), { "Idempotency-Key": "bad key!" });
    assert.equal(bad.status, 400);
  } finally {
    await server.close();
    await smtp.close();
  }
});

test("rate limit: the 4th enquiry in the window gets 429, Retry-After and a message; per client", async () => {
  const dataFile = freshDataFile();
  const server = await serve({
    dataFile,
    rateLimit: { max: 3, windowMs: 60_000 },
    trustProxy: true,
  });
  try {
    for (let i = 0; i < 3; i++) assert.equal((await server.post(enquiry(i))).status, 200);
    const limited = await server.post(enquiry(4));
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get("retry-after"), "20");
    assert.deepEqual(await limited.json(), {
      ok: false,
      errors: { form: rateLimitMessage(20) },
    });
    assert.match(
      rateLimitMessage(20),
      /try again in a minute, or send it on WhatsApp or by e-mail/,
    );
    // A page for a plain form post, with the other ways to send it.
    const page = await fetch(`${server.origin}/api/enquiry`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(enquiry(5)),
    });
    assert.equal(page.status, 429);
    assert.match(await page.text(), /several enquiries in a short time[\s\S]*wa\.me/);
    // Another client (behind the trusted proxy) has its own allowance.
    const other = await server.post(enquiry(6), { "X-Forwarded-For": "203.0.113.9, 10.0.0.1" });
    assert.equal(other.status, 200);
    assert.equal((await server.app.enquiries.all()).length, 4);
  } finally {
    await server.close();
  }
});

test("control characters: refused with the field's message; the message keeps line breaks and tabs", async () => {
  const server = await serve({ dataFile: freshDataFile() });
  try {
    const bad = await server.post(enquiry(1, { fullName: "Ada\u0007Lovelace" }));
    assert.equal(bad.status, 400);
    const { errors } = (await bad.json()) as { errors: Record<string, string> };
    assert.deepEqual(Object.keys(errors), ["fullName"]);
    assert.match(errors.fullName, /control characters/);
    const nul = await server.post(enquiry(1, { message: "hello\u0000there" }));
    assert.equal(nul.status, 400);
    const ok = await server.post(enquiry(1, { message: "line one\n\tindented\r\nline three" }));
    assert.equal(ok.status, 200);
  } finally {
    await server.close();
  }
});
