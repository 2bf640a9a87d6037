import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { requestEventCancel } from "../../server/events/report";
import { signLink } from "../../server/reservations/token";
import { wallClock } from "../../src/lib/slots";
import {
  createWebhooks,
  enquiryMessage,
  receiverKey,
  registrationMessage,
} from "../../server/webhooks";
import { migrate, openDatabase } from "../../server/db";
import { parseBackoff } from "../../server/webhooks/config";
import { classifyHttp, WebhookRefused } from "../../server/webhooks/transport";
import { kill, serverEntry, spawnServer, until } from "./process";
import { newSecret, testReceiver, type Hit } from "./receiver";
import { storedDeliveries, withStaffRequests } from "./stored";

let dir = "";
let dist = "";

before(() => {
  dir = mkdtempSync(join(tmpdir(), "eg-webhooks-"));
  dist = join(dir, "dist");
  // Arabic and Chinese built too: the server takes a form's lang only for a built locale.
  for (const prefix of ["", "ar", "zh"]) {
    mkdirSync(join(dist, prefix), { recursive: true });
    writeFileSync(join(dist, prefix, "404.html"), "<!DOCTYPE html><title>Page not found</title>");
  }
});
after(() => rmSync(dir, { recursive: true, force: true }));

const BOOKING_SECRET = "b".repeat(40);
const SHORT = "50ms/200ms";

const form = (origin: string, path: string, fields: Record<string, string>) =>
  fetch(`${origin}${path}`, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });

const enquire = async (origin: string, n: number, lang = "en") => {
  const r = await form(origin, "/api/enquiry", {
    form: "enquiry",
    lang,
    fullName: `Student ${n}`,
    email: `student${n}@example.com`,
    phone: "+44 7700 900123",
    country: "Ghana",
    interest: "Pre-Masters",
    message: `Enquiry ${n}`,
  });
  assert.equal(r.status, 200);
  return ((await r.json()) as { id: string }).id;
};

const freeSlots = async (origin: string) =>
  (
    (await (await fetch(`${origin}/api/booking/slots?mode=video`)).json()) as {
      slots: { start: string }[];
    }
  ).slots.map((s) => s.start);

const book = async (origin: string, n: number, start: string, lang = "en") => {
  const r = await form(origin, "/api/booking", {
    form: "booking",
    lang,
    mode: "video",
    start,
    zone: "Africa/Lagos",
    fullName: `Booker ${n}`,
    email: `booker${n}@example.com`,
    phone: "+234 803 123 4567",
    country: "Nigeria",
    interest: "Taught Masters",
    message: "Funding?",
  });
  assert.equal(r.status, 201);
  const { booking } = (await r.json()) as { booking: { id: string; manage: string } };
  return { id: booking.id, t: new URL(booking.manage).searchParams.get("t")! };
};

const manage = (origin: string, fields: Record<string, string>) =>
  fetch(`${origin}/book/manage`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });

const countIds = (hits: Hit[]) => {
  const byId = new Map<string, number>();
  for (const h of hits) byId.set(h.id, (byId.get(h.id) ?? 0) + 1);
  return byId;
};

const sentIds = async (dataFile: string, url: string) =>
  (await storedDeliveries(dirname(dataFile), "webhooks"))
    .filter((r) => r.state === "sent" && r.mail === receiverKey(url))
    .map((r) => r.id);

test("an enquiry and a booking booked, moved and cancelled: each arrives once at both URLs, signed, typed, in its language", async () => {
  const secret = newSecret();
  const a = testReceiver(secret);
  const b = testReceiver(secret);
  await a.listen(0);
  await b.listen(0);
  const dataFile = join(dir, "leads", "enquiries.jsonl");
  const server = await spawnServer(dist, {
    ENQUIRY_DATA_FILE: dataFile,
    BOOKING_SECRET,
    WEBHOOK_URL: `${a.url}, ${b.url}`,
    WEBHOOK_SECRET: secret,
    WEBHOOK_BACKOFF: SHORT,
  });
  try {
    // The start lines may come in more than one chunk.
    await until(
      () => /Webhooks:/.test(server.output),
      5000,
      () => server.output,
    );
    assert.match(server.output, /Webhooks: every lead is POSTed, signed, to 127\.0\.0\.1:\d+, 127/);
    const enquiry = await enquire(server.origin, 1, "zh");
    const slots = await freeSlots(server.origin);
    assert.ok(slots.length > 2, "free slots to book and move to");
    const booking = await book(server.origin, 2, slots[0], "ar");
    assert.equal(
      (
        await manage(server.origin, {
          b: booking.id,
          t: booking.t,
          action: "move",
          mode: "video",
          start: slots[2],
        })
      ).status,
      200,
    );
    assert.equal(
      (await manage(server.origin, { b: booking.id, t: booking.t, action: "cancel" })).status,
      200,
    );
    for (const receiver of [a, b]) {
      await receiver.waitFor(4);
      await new Promise((r) => setTimeout(r, 300)); // nothing more arrives
      assert.equal(receiver.hits.length, 4, "each sent once");
      assert.ok(
        receiver.hits.every((h) => h.message),
        "every one verifies",
      );
      const byType = new Map(receiver.hits.map((h) => [h.message!.type, h]));
      const received = byType.get("enquiry.received")!;
      assert.equal(received.id, `msg_${enquiry}_enquiry.received`);
      assert.deepEqual(received.message!.data, {
        id: enquiry,
        form: "enquiry",
        receivedAt: received.message!.timestamp,
        lang: "zh",
        name: "Student 1",
        email: "student1@example.com",
        phone: "+44 7700 900123",
        country: "Ghana",
        interest: "Pre-Masters",
        message: "Enquiry 1",
        campaign: null,
      });
      const created = byType.get("booking.created")!.message!;
      const moved = byType.get("booking.moved")!.message!;
      const cancelled = byType.get("booking.cancelled")!.message!;
      assert.equal(byType.get("booking.created")!.id, `msg_${booking.id}_booking.created.0`);
      assert.equal(byType.get("booking.moved")!.id, `msg_${booking.id}_booking.moved.1`);
      assert.equal(byType.get("booking.cancelled")!.id, `msg_${booking.id}_booking.cancelled.2`);
      assert.equal(created.type, "booking.created");
      if (created.type !== "booking.created") assert.fail("type");
      assert.deepEqual(
        { ...created.data, createdAt: undefined },
        {
          id: booking.id,
          sequence: 0,
          state: "booked",
          mode: "video",
          start: slots[0],
          end: new Date(Date.parse(slots[0]) + 30 * 60_000).toISOString(),
          zone: "Africa/Lagos",
          lang: "ar",
          name: "Booker 2",
          email: "booker2@example.com",
          phone: "+234 803 123 4567",
          country: "Nigeria",
          interest: "Taught Masters",
          message: "Funding?",
          cancelledBy: null,
          createdAt: undefined,
          campaign: null,
        },
      );
      if (moved.type !== "booking.moved" || cancelled.type !== "booking.cancelled")
        assert.fail("types");
      assert.equal(moved.data.start, slots[2]);
      assert.equal(moved.data.sequence, 1);
      assert.equal(cancelled.data.state, "cancelled");
      assert.equal(cancelled.data.cancelledBy, "student");
      assert.equal(cancelled.data.sequence, 2);
      assert.equal(cancelled.data.lang, "ar");
      for (const h of receiver.hits) {
        assert.match(h.headers["webhook-signature"] as string, /^v1,/);
        assert.ok(Math.abs(Number(h.timestamp) * 1000 - h.at) < 5000, "signed when sent");
      }
    }
  } finally {
    kill(server.child, "SIGKILL");
    await server.exited;
    await a.close();
    await b.close();
  }
});

test("a receiver that is down comes back: delivered after, once; one answering 500 then 200: retried with the same webhook-id, accepted once", async () => {
  const secret = newSecret();
  const down = testReceiver(secret);
  await down.listen(0);
  const downUrl = down.url;
  await down.close(); // the port is closed: connections are refused
  const flaky = testReceiver(secret);
  await flaky.listen(0);
  flaky.state.answer = (_hit, attempt) => (attempt === 1 ? 500 : 200);
  const dataFile = join(dir, "down", "enquiries.jsonl");
  const server = await spawnServer(dist, {
    ENQUIRY_DATA_FILE: dataFile,
    WEBHOOK_URL: `${downUrl},${flaky.url}`,
    WEBHOOK_SECRET: secret,
    WEBHOOK_BACKOFF: SHORT,
  });
  try {
    const id = await enquire(server.origin, 1, "ar");
    const webhookId = `msg_${id}_enquiry.received`;
    // The flaky one: the 500 is retried; the one down does not hold it back.
    await flaky.waitFor(1);
    assert.deepEqual(
      flaky.hits.map((h) => [h.id, h.status]),
      [
        [webhookId, 500],
        [webhookId, 200],
      ],
    );
    assert.ok(flaky.hits.every((h) => h.message?.data.lang === "ar"));
    // The one down: failed tries recorded, nothing sent.
    await until(
      async () =>
        (await storedDeliveries(dirname(dataFile), "webhooks")).some(
          (r) => r.mail === receiverKey(downUrl) && r.state === "failed" && (r.attempts ?? 0) >= 2,
        ),
      10_000,
    );
    assert.match(server.output, /Webhooks to 127\.0\.0\.1:\d+: 127\.0\.0\.1:\d+ is unreachable/);
    await down.listen(); // back, on the same port
    await down.waitFor(1, 5000);
    await new Promise((r) => setTimeout(r, 500));
    assert.deepEqual(
      down.hits.map((h) => [h.id, h.status]),
      [[webhookId, 200]],
      "once, after it came back",
    );
    assert.equal(flaky.accepted.length, 1);
    assert.deepEqual(await sentIds(dataFile, downUrl), [webhookId]);
    assert.deepEqual(await sentIds(dataFile, flaky.url), [webhookId]);
  } finally {
    kill(server.child, "SIGKILL");
    await server.exited;
    await down.close();
    await flaky.close();
  }
});

test("SIGKILL mid-delivery: after the restart every lead arrives; nothing recorded as sent is sent again, only the requests in flight are repeated", async (t) => {
  const secret = newSecret();
  const receiver = testReceiver(secret);
  await receiver.listen(0);
  // Three go through; the rest are held unanswered: requests in flight at the kill.
  receiver.state.answer = () => (receiver.accepted.length < 3 ? 200 : "hold");
  const dataFile = join(dir, "kill", "enquiries.jsonl");
  const env = {
    ENQUIRY_DATA_FILE: dataFile,
    BOOKING_SECRET,
    WEBHOOK_URL: receiver.url,
    WEBHOOK_SECRET: secret,
    WEBHOOK_BACKOFF: SHORT,
  };
  let server = await spawnServer(dist, env);
  try {
    const enquiries = await Promise.all(
      Array.from({ length: 8 }, (_, i) => enquire(server.origin, i)),
    );
    const [slot] = await freeSlots(server.origin);
    const booking = await book(server.origin, 9, slot);
    const expected = [
      ...enquiries.map((id) => `msg_${id}_enquiry.received`),
      `msg_${booking.id}_booking.created.0`,
    ];
    await until(
      async () => (await sentIds(dataFile, receiver.url)).length === 3 && receiver.held > 0,
      20_000,
      () => `${receiver.held} held`,
    );
    server.child.kill("SIGKILL");
    assert.equal(await server.exited, null);
    // Taken once the process is gone: it may start another request between a look and the kill.
    const inFlight = new Set(receiver.hits.filter((h) => h.status === 0).map((h) => h.id));
    const sentBefore = new Set(await sentIds(dataFile, receiver.url));
    const hitsBefore = receiver.hits.length;
    assert.equal(sentBefore.size, 3);

    receiver.state.answer = () => 200;
    server = await spawnServer(dist, env);
    await until(
      () => expected.every((id) => receiver.accepted.some((h) => h.id === id)),
      20_000,
      () => `${receiver.accepted.length} accepted`,
    );
    await new Promise((r) => setTimeout(r, 500)); // nothing more arrives
    const after = receiver.hits.slice(hitsBefore);
    for (const id of sentBefore)
      assert.ok(!after.some((h) => h.id === id), `${id}, recorded as sent, is not sent again`);
    const byId = countIds(receiver.hits);
    assert.deepEqual([...byId.keys()].sort(), [...expected].sort(), "every lead, nothing else");
    for (const [id, n] of byId)
      assert.ok(n === 1 || (n === 2 && inFlight.has(id)), `${id} sent ${n} times`);
    assert.ok(
      receiver.hits.every((h) => h.message),
      "every request verifies",
    );
    assert.equal(new Set(await sentIds(dataFile, receiver.url)).size, expected.length);
    assert.match(server.output, /webhooks pending from before/);
    t.diagnostic(
      `SIGKILL with ${inFlight.size} webhooks in flight and ${expected.length - 3 - inFlight.size} queued: all ${expected.length} delivered after the restart; ${[...byId.values()].filter((n) => n > 1).length} in-flight ones repeated with their id, 0 recorded ones resent`,
    );
  } finally {
    kill(server.child, "SIGKILL");
    await server.exited;
    await receiver.close();
  }
});

/** The server's start, to its exit or its first line saying it listens. */
async function start(env: Record<string, string>) {
  const child = spawn(process.execPath, serverEntry(), {
    cwd: resolve(import.meta.dirname, "../.."),
    env: {
      ...process.env,
      PORT: "0",
      DIST_DIR: dist,
      ENQUIRY_DATA_FILE: join(dir, "cfg", "e.jsonl"),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  const code = await Promise.race([
    exited,
    until(() => /webhooks are off|Webhooks:/.test(output) && "listening", 20_000),
  ]);
  kill(child, "SIGKILL");
  await exited;
  return { code, output };
}

test("configuration: unset WEBHOOK_URL says webhooks are off; a malformed secret, or a URL without one, refuses to start", async () => {
  const off = await start({ WEBHOOK_URL: "", WEBHOOK_SECRET: "" });
  assert.equal(off.code, "listening");
  assert.match(off.output, /WEBHOOK_URL is not set: webhooks are off/);

  const [bad, missing, url] = await Promise.all([
    start({ WEBHOOK_URL: "https://crm.example/hook", WEBHOOK_SECRET: "not-a-secret" }),
    start({ WEBHOOK_URL: "https://crm.example/hook", WEBHOOK_SECRET: "" }),
    start({ WEBHOOK_URL: "crm.example/hook", WEBHOOK_SECRET: newSecret() }),
  ]);
  assert.equal(bad.code, 1);
  assert.match(
    bad.output,
    /Not starting: WEBHOOK_SECRET is not a Standard Webhooks secret: whsec_ followed by/,
  );
  assert.equal(missing.code, 1);
  assert.match(missing.output, /Not starting: WEBHOOK_URL is set but WEBHOOK_SECRET is not/);
  assert.equal(url.code, 1);
  assert.match(
    url.output,
    /Not starting: WEBHOOK_URL "crm.example\/hook" is not an absolute http\(s\) address/,
  );
});

test("a receiver refusing with 4xx is flagged at once; one failing for longer than the give-up time is flagged as given up", async () => {
  const secret = newSecret();
  const refusing = testReceiver(secret);
  const failing = testReceiver(secret);
  await refusing.listen(0);
  await failing.listen(0);
  refusing.state.answer = () => 410;
  failing.state.answer = () => 503;
  const dataFile = join(dir, "giveup", "enquiries.jsonl");
  const lines: string[] = [];
  const database = openDatabase({ dataDir: dirname(dataFile) });
  await migrate(database.db);
  const webhooks = createWebhooks({
    database: database.db,
    urls: [refusing.url, failing.url],
    secret,
    backoff: { baseMs: 50, capMs: 100 },
    giveUpAfterMs: 600,
    log: (line) => lines.push(line),
  });
  const message = enquiryMessage({
    id: "e1",
    receivedAt: new Date().toISOString(),
    form: "consultation",
    name: "Ada",
    email: "ada@example.com",
    message: "Hello",
  });
  await webhooks.publish(message);
  await webhooks.publish(message); // the same message again: still one delivery per URL
  await webhooks.start();
  try {
    const records = new Map<string, Awaited<ReturnType<typeof storedDeliveries>>[number]>();
    const latest = (url: string) => records.get(receiverKey(url));
    await until(async () => {
      for (const r of await storedDeliveries(dirname(dataFile), "webhooks")) records.set(r.mail, r);
      return latest(refusing.url)?.state === "flagged" && latest(failing.url)?.state === "flagged";
    }, 10_000);
    assert.equal(refusing.hits.length, 1, "a 4xx is not retried");
    assert.match(latest(refusing.url)!.reason!, /^HTTP 410/);
    assert.ok(failing.hits.length >= 2, "a 503 is retried");
    assert.match(latest(failing.url)!.reason!, /^gave up after 600 milliseconds: HTTP 503/);
    assert.equal(webhooks.pending, 0);
    assert.ok(failing.hits.every((h) => h.message?.type === "enquiry.received"));
    const data = failing.hits[0].message!.data;
    assert.ok("form" in data && data.form === "consultation" && data.phone === null);
    assert.ok(lines.some((l) => /flagged for staff/.test(l)));
  } finally {
    await webhooks.stop(1000);
    await database.close();
    await refusing.close();
    await failing.close();
  }
});

test("retry policy by answer, ids by lead and version, backoff from the environment", () => {
  const refused = (status: number) => classifyHttp(new WebhookRefused(status, ""));
  assert.equal(classifyHttp(new TypeError("fetch failed")), "outage");
  assert.equal(classifyHttp(new DOMException("timed out", "TimeoutError")), "outage");
  for (const status of [502, 503, 504]) assert.equal(refused(status), "outage");
  for (const status of [408, 429, 500, 507]) assert.equal(refused(status), "transient");
  for (const status of [301, 400, 401, 404, 410, 422]) assert.equal(refused(status), "permanent");
  const registration = {
    id: "r1",
    event: { slug: "open-evening", title: "Open evening", start: "2026-04-16T17:00:00.000Z" },
    name: "Kwame",
    email: "k@example.com",
    country: "Ghana",
    interest: "Pre-Masters",
    lang: "en" as const,
    status: "waiting" as const,
    waitingPlace: 2,
  };
  const message = registrationMessage("registration.created", registration, {
    version: 0,
    at: "2026-03-10T12:00:00.000Z",
  });
  assert.equal(message.id, "msg_r1_registration.created.0");
  assert.deepEqual(message.body, {
    type: "registration.created",
    timestamp: "2026-03-10T12:00:00.000Z",
    data: registration,
  });
  assert.deepEqual(parseBackoff(undefined), { baseMs: 1000, capMs: 900_000 });
  assert.deepEqual(parseBackoff("50ms/2s"), { baseMs: 50, capMs: 2000 });
  assert.throws(() => parseBackoff("2s/1s"), /WEBHOOK_BACKOFF "2s\/1s" should be like 1s\/15m/);
});

test("event registrations: created (a place, then a number in line), cancelled, promoted from the waiting list, cancelled with the event: each once, signed", async () => {
  const secret = newSecret();
  const receiver = testReceiver(secret);
  await receiver.listen();
  const dataFile = join(dir, "registrations", "enquiries.jsonl");
  mkdirSync(dirname(dataFile), { recursive: true });
  const eventsFile = join(dirname(dataFile), "events.yaml");
  const london = (ms: number) => {
    const w = wallClock(Date.now() + ms, "Europe/London");
    return `${w.date}T${w.time}`;
  };
  writeFileSync(
    eventsFile,
    `events:
  - slug: visa-talk
    title: Visa talk
    kind: webinar
    start: "${london(10 * 86_400_000)}"
    minutes: 60
    language: en
    capacity: 1
    where: online
    host: Advisers
    summary: Visas.
    body: [Visas.]
    registrationCloses: "${london(9 * 86_400_000)}"
`,
  );
  const server = await spawnServer(dist, {
    ENQUIRY_DATA_FILE: dataFile,
    EVENTS_FILE: eventsFile,
    BOOKING_SECRET,
    WEBHOOK_URL: receiver.url,
    WEBHOOK_SECRET: secret,
    WEBHOOK_BACKOFF: SHORT,
  });
  try {
    const register = async (n: number, lang: string) =>
      (await (
        await form(server.origin, "/api/events/register", {
          event: "visa-talk",
          fullName: `Student ${n}`,
          email: `student${n}@example.com`,
          country: "Ghana",
          lang,
        })
      ).json()) as { id: string; status: string };
    const first = await register(1, "ar");
    const second = await register(2, "zh");
    assert.deepEqual([first.status, second.status], ["confirmed", "waiting"]);
    const token = signLink(Buffer.from(BOOKING_SECRET, "utf8"), "registration", first.id);
    const cancelled = await form(server.origin, "/events/manage", {
      r: first.id,
      t: token,
      action: "cancel",
    });
    assert.equal(cancelled.status, 200);
    await receiver.waitFor(4);
    assert.equal(
      await withStaffRequests(dirname(dataFile), (requests) =>
        requestEventCancel(requests, "visa-talk", eventsFile),
      ),
      undefined,
    );
    await receiver.waitFor(5);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(receiver.hits.length, 5, "each sent once");
    assert.ok(receiver.hits.every((h) => h.message));
    const seen = receiver.hits.map((h) => {
      const m = h.message!;
      if (!m.type.startsWith("registration.")) assert.fail(m.type);
      const data = m.data as {
        id: string;
        status: string;
        waitingPlace: number | null;
        lang: string;
      };
      return `${m.type} ${data.id === first.id ? "first" : "second"} ${data.status} ${data.waitingPlace} ${data.lang}`;
    });
    assert.deepEqual(seen.sort(), [
      "registration.cancelled first confirmed null ar",
      "registration.cancelled second confirmed null zh",
      "registration.created first confirmed null ar",
      "registration.created second waiting 1 zh",
      "registration.promoted second confirmed null zh",
    ]);
  } finally {
    kill(server.child, "SIGKILL");
    await server.exited;
    await receiver.close();
  }
});
