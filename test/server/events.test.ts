import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { AddressInfo } from "node:net";
import ICAL from "ical.js";
import { createApp, type AppOptions } from "../../server/app";
import { storedRegistrations, withStaffRequests } from "./stored";
import { requestEventCancel } from "../../server/events/report";
import { testSmtp, type Received, type TestSmtp } from "./smtp";
import { formWords } from "../../src/content/forms";

const FORM_TYPE = "application/x-www-form-urlencoded";

let dir = "";
let dist = "";
let smtp: TestSmtp;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), "eg-events-"));
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

let serial = 0;
const freshDir = () => join(dir, `run-${++serial}`);

/** An events file with one event: London wall-clock times, as staff write them. */
function eventsFile(
  folder: string,
  e: {
    start: string;
    closes: string;
    capacity: number;
    where?: "online" | "office";
    status?: string;
  },
) {
  mkdirSync(folder, { recursive: true });
  const file = join(folder, "events.yaml");
  writeFileSync(
    file,
    `events:
  - slug: visa-webinar
    title: Visa webinar
    kind: webinar
    start: "${e.start}"
    minutes: 60
    language: ar
    capacity: ${e.capacity}
    where: ${e.where ?? "online"}
    host: Advisers
    summary: Visa questions.
    body: [All about visas.]
    registrationCloses: "${e.closes}"
    joinLink: https://meet.example.org/visa-room
    status: ${e.status ?? "scheduled"}
`,
  );
  return file;
}

/** A clock that starts at `iso` and runs at real speed. */
const clockFrom = (iso: string) => {
  const offset = Date.parse(iso) - Date.now();
  return () => Date.now() + offset;
};

async function serve(
  options: Partial<AppOptions> & { dataFile: string; eventsFile: string; now: () => number },
) {
  const app = createApp({
    dist,
    smtpUrl: smtp.url,
    bookingSecret: "test-secret-0123456789abcdef0123456789abcdef",
    pollMs: 100,
    backoff: { baseMs: 50, capMs: 200 },
    publicUrl: "http://events.test",
    ...options,
  });
  await new Promise<void>((done) => app.listen(0, "127.0.0.1", done));
  await app.ready;
  const origin = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  return {
    app,
    origin,
    local: (url: string) => url.replace("http://events.test", origin),
    register: (
      n: number,
      extra: Record<string, string> = {},
      headers: Record<string, string> = {},
    ) =>
      fetch(`${origin}/api/events/register`, {
        method: "POST",
        headers: {
          Accept: "application/json",
          "Content-Type": "application/x-www-form-urlencoded",
          ...headers,
        },
        body: new URLSearchParams({
          form: "registration",
          event: "visa-webinar",
          fullName: `Student ${n}`,
          email: `student${n}@example.com`,
          country: "Nepal",
          interest: "",
          zone: "Asia/Kathmandu",
          ...extra,
        }),
      }),
    places: async () =>
      (
        (await (await fetch(`${origin}/api/events/places`)).json()) as {
          events: Record<
            string,
            { confirmed: number; waiting: number; left: number; state: string }
          >;
        }
      ).events["visa-webinar"],
    async close() {
      app.closeAllConnections();
      await new Promise((done) => app.close(done));
      await app.drain(5000);
    },
  };
}

const quiet = async <T>(run: () => Promise<T>) => {
  const log = console.log;
  console.log = () => {};
  try {
    return await run();
  } finally {
    console.log = log;
  }
};
const to = (address: string) => (m: Received) => m.to.includes(address);
const invite = (m: Received) => {
  const calendar = new ICAL.Component(ICAL.parse(m.calendar) as unknown[]);
  return { calendar, event: new ICAL.Event(calendar.getFirstSubcomponent("vevent")!) };
};
async function until<T>(get: () => T | undefined | false, what: string, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = get();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
const mailsTo = (n: number, since: number) =>
  smtp.received.slice(since).filter(to(`student${n}@example.com`));

test("register, wait, cancel, promote: places hold, each is e-mailed once with a real invite at the right instant (Kathmandu, after London's clocks go forward)", async () => {
  await quiet(async () => {
    const folder = freshDir();
    // 28 March 2027: London is on summer time from 01:00 UTC, so 10:00 London is 09:00 UTC.
    const file = eventsFile(folder, {
      start: "2027-03-28T10:00",
      closes: "2027-03-28T08:00",
      capacity: 2,
    });
    const server = await serve({
      dataFile: join(folder, "enquiries.jsonl"),
      eventsFile: file,
      now: clockFrom("2027-03-20T12:00:00Z"),
    });
    const base = smtp.received.length;
    try {
      const answers = [];
      for (const n of [1, 2, 3, 4])
        answers.push(
          (await (await server.register(n)).json()) as {
            status: string;
            place?: number;
            id: string;
          },
        );
      assert.deepEqual(
        answers.map((a) => [a.status, a.place]),
        [
          ["confirmed", undefined],
          ["confirmed", undefined],
          ["waiting", 1],
          ["waiting", 2],
        ],
      );
      assert.deepEqual(await server.places(), {
        capacity: 2,
        confirmed: 2,
        waiting: 2,
        left: 0,
        state: "full",
      });

      const confirmed = await until(() => mailsTo(1, base)[0], "the confirmation");
      assert.equal(confirmed.calendarMethod, "REQUEST");
      const { event, calendar } = invite(confirmed);
      assert.equal(calendar.getFirstPropertyValue("method"), "REQUEST");
      assert.equal(event.startDate.toJSDate().toISOString(), "2027-03-28T09:00:00.000Z");
      assert.equal(event.endDate.toJSDate().toISOString(), "2027-03-28T10:00:00.000Z");
      // In the student's zone (+05:45) with London's beside it.
      assert.match(confirmed.text, /14:45.*Kathmandu.*10:00.*London/s);
      assert.ok(!confirmed.text.includes("meet.example.org"), "no join link before the reminders");
      const waiting = await until(() => mailsTo(3, base)[0], "the waiting-list e-mail");
      assert.match(waiting.text, /number 1 on the waiting list/);
      assert.equal(waiting.calendar, "", "no invite for a place not held");

      // Opening the manage link changes nothing; posting cancel frees the place for number 3.
      const manage = /Manage your registration: (\S+)/.exec(confirmed.text)![1];
      const page = await fetch(server.local(manage));
      assert.equal(page.status, 200);
      assert.equal((await server.places()).confirmed, 2);
      const { searchParams } = new URL(manage);
      const cancelled = await fetch(`${server.origin}/events/manage`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          r: searchParams.get("r")!,
          t: searchParams.get("t")!,
          action: "cancel",
        }),
      });
      assert.equal(cancelled.status, 200);
      const cancel = await until(() => mailsTo(1, base)[1], "the cancellation");
      assert.equal(cancel.calendarMethod, "CANCEL");
      assert.equal(invite(cancel).event.uid, event.uid, "the same UID");
      assert.ok(invite(cancel).event.sequence > event.sequence, "SEQUENCE up");
      const promoted = await until(() => mailsTo(3, base)[1], "the promotion");
      assert.match(promoted.subject, /A place is yours/);
      assert.equal(promoted.calendarMethod, "REQUEST");
      assert.deepEqual(await server.places(), {
        capacity: 2,
        confirmed: 2,
        waiting: 1,
        left: 0,
        state: "full",
      });
      await new Promise((r) => setTimeout(r, 500));
      assert.equal(mailsTo(3, base).length, 2, "number 3 is e-mailed once for the promotion");
      const stored = await storedRegistrations(folder);
      assert.deepEqual(stored.map((r) => r.state).sort(), [
        "cancelled",
        "confirmed",
        "confirmed",
        "waiting",
      ]);

      // The same address again: no second registration; the same key: the same answer.
      const again = (await (await server.register(2)).json()) as { existing?: boolean; id: string };
      assert.equal(again.existing, true);
      const key = { "Idempotency-Key": "k-0123456789abcdef" };
      const first = (await (await server.register(9, {}, key)).json()) as { id: string };
      const retry = (await (await server.register(9, {}, key)).json()) as { id: string };
      assert.equal(first.id, retry.id);
    } finally {
      await server.close();
    }
  });
});

test("bad input and closed events are answered clearly, in JSON and as pages", async () => {
  await quiet(async () => {
    const folder = freshDir();
    const file = eventsFile(folder, {
      start: "2027-03-28T10:00",
      closes: "2027-03-28T08:00",
      capacity: 5,
    });
    const server = await serve({
      dataFile: join(folder, "enquiries.jsonl"),
      eventsFile: file,
      now: clockFrom("2027-03-28T07:30:00Z"),
    });
    try {
      const bad = await server.register(1, { email: "not-an-address", fullName: "" });
      assert.equal(bad.status, 422);
      const { errors } = (await bad.json()) as { errors: Record<string, string> };
      assert.deepEqual(Object.keys(errors).sort(), ["email", "fullName"]);
      const unknown = await server.register(1, { event: "no-such-event" });
      assert.equal(unknown.status, 404);
      // 07:30 UTC is 08:30 London: registration closed at 08:00.
      const closed = await server.register(1);
      assert.equal(closed.status, 409);
      assert.equal(((await closed.json()) as { reason: string }).reason, "closed");
      const page = await fetch(`${server.origin}/api/events/register`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          event: "visa-webinar",
          fullName: "A",
          email: "a@example.com",
          country: "Nepal",
        }),
      });
      assert.equal(page.status, 409);
      assert.match(await page.text(), /Registration for this event has closed/);
    } finally {
      await server.close();
    }
  });
});

test("a registration the server cannot read: 405, 415, 413 and 400 in the page's words, nothing stored", async () => {
  await quiet(async () => {
    const folder = freshDir();
    const server = await serve({
      dataFile: join(folder, "enquiries.jsonl"),
      eventsFile: eventsFile(folder, {
        start: "2027-03-28T10:00",
        closes: "2027-03-28T08:00",
        capacity: 5,
      }),
      now: clockFrom("2027-03-20T07:30:00Z"),
    });
    try {
      const send = async (method: string, type: string | undefined, body?: string) => {
        const res = await fetch(`${server.origin}/api/events/register`, {
          method,
          headers: { Accept: "application/json", ...(type ? { "Content-Type": type } : {}) },
          body,
        });
        const { errors } = (await res.json()) as { errors: { form: string } };
        return [res.status, errors.form, res.headers.get("allow")];
      };
      const form = new URLSearchParams({ event: "visa-webinar", fullName: "A" }).toString();
      assert.deepEqual(await send("GET", undefined), [
        405,
        "Register with the form on the event's page.",
        "POST",
      ]);
      const [typeStatus, typeWords] = await send("POST", "text/plain", form);
      assert.deepEqual([typeStatus, typeWords], [415, formWords.problems.type]);
      const [bigStatus, bigWords] = await send(
        "POST",
        FORM_TYPE,
        `${form}&message=${"x".repeat(20_000)}`,
      );
      assert.equal(bigStatus, 413);
      assert.match(
        String(bigWords),
        /^Your registration is longer than we can take \(over 16 kB\)/,
      );
      const [badStatus, badWords] = await send("POST", "application/json", "{nope");
      assert.deepEqual([badStatus, badWords], [400, formWords.problems.malformed]);
      assert.equal((await server.app.events.store.all()).length, 0);
    } finally {
      await server.close();
    }
  });
});

test("the join link goes a day and an hour before, once each across a restart; a moved event sends an update, a cancelled one a CANCEL to all", async () => {
  await quiet(async () => {
    const folder = freshDir();
    const dataFile = join(folder, "enquiries.jsonl");
    const file = eventsFile(folder, {
      start: "2027-01-13T17:00",
      closes: "2027-01-13T15:00",
      capacity: 5,
    });
    const base = smtp.received.length;
    // Two seconds before the day's reminder is due.
    let server = await serve({
      dataFile,
      eventsFile: file,
      now: clockFrom("2027-01-12T16:59:58Z"),
    });
    await server.register(1);
    await server.register(2);
    const day = await until(
      () => mailsTo(1, base).find((m) => /Tomorrow/.test(m.subject)),
      "the day's reminder",
    );
    assert.match(day.text, /https:\/\/meet\.example\.org\/visa-room/);
    await until(
      () => mailsTo(2, base).find((m) => /Tomorrow/.test(m.subject)),
      "the second day's reminder",
    );
    await server.close();
    // Restarted a second before the hour's reminder: the day's is not sent again.
    server = await serve({ dataFile, eventsFile: file, now: clockFrom("2027-01-13T15:59:59Z") });
    const hour = await until(
      () => mailsTo(1, base).find((m) => /In one hour/.test(m.subject)),
      "the hour's reminder",
    );
    assert.match(hour.text, /meet\.example\.org\/visa-room/);
    await new Promise((r) => setTimeout(r, 400));
    assert.equal(mailsTo(1, base).filter((m) => /Tomorrow/.test(m.subject)).length, 1);
    assert.equal(mailsTo(1, base).filter((m) => /In one hour/.test(m.subject)).length, 1);
    const uid = invite(mailsTo(1, base)[0]).event.uid;

    // The agency moves it by half an hour: an updated invite, same UID, higher SEQUENCE.
    eventsFile(folder, { start: "2027-01-13T17:30", closes: "2027-01-13T15:00", capacity: 5 });
    const moved = await until(
      () => mailsTo(1, base).find((m) => /New time/.test(m.subject)),
      "the update",
    );
    assert.equal(moved.calendarMethod, "REQUEST");
    assert.equal(invite(moved).event.uid, uid);
    assert.equal(
      invite(moved).event.startDate.toJSDate().toISOString(),
      "2027-01-13T17:30:00.000Z",
    );

    // Staff cancel it: everyone gets a CANCEL.
    assert.equal(
      await withStaffRequests(dirname(dataFile), (requests) =>
        requestEventCancel(requests, "visa-webinar", file),
      ),
      undefined,
    );
    for (const n of [1, 2]) {
      const cancel = await until(
        () => mailsTo(n, base).find((m) => /^Cancelled/.test(m.subject)),
        "the cancellation",
      );
      assert.equal(cancel.calendarMethod, "CANCEL");
    }
    assert.equal((await server.places()).state, "cancelled");
    assert.equal((await server.register(3)).status, 409);
    await server.close();
  });
});
