import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { AddressInfo } from "node:net";
import { request, type IncomingHttpHeaders } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import ICAL from "ical.js";
import { createApp, type AppOptions } from "../../server/app";
import { SERVER_PAGES } from "../../server/service/paths";
import { headersFile, metaPolicy } from "../../src/build/headers";
import { requestCancel } from "../../server/booking/report";
import { slotLabel } from "../../src/lib/slots";
import { testSmtp, type Received, type TestSmtp } from "./smtp";
import { withStaffRequests } from "./stored";

let dir = "";
let dist = "";
let smtp: TestSmtp;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), "eg-booking-"));
  dist = join(dir, "dist");
  mkdirSync(dist);
  // A stand-in for a built site: the server's pages only need 404.html's asset URLs.
  writeFileSync(
    join(dist, "404.html"),
    `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><meta http-equiv="Content-Security-Policy" content="default-src 'self'"/><link rel="preload" href="/assets/font-T.woff2" as="font" type="font/woff2" crossorigin=""/><style>h1{color:red}</style><noscript data-after-load><link rel="stylesheet" href="/assets/main-T.css"/></noscript></head><body><h1>Page not found</h1><script data-src="/assets/page-site-T.js">(loader)</script></body></html>`,
  );
  writeFileSync(join(dist, "_headers"), headersFile({ admin: false, serverPages: SERVER_PAGES }));
  smtp = testSmtp();
  await smtp.listen();
});
after(async () => {
  await smtp.close();
  rmSync(dir, { recursive: true, force: true });
});

let serial = 0;
const freshDataFile = () => join(dir, `run-${++serial}`, "enquiries.jsonl");

/** A clock that starts at `iso` and runs at real speed (mail timers and the slot rules agree). */
const clockFrom = (iso: string) => {
  const offset = Date.parse(iso) - Date.now();
  return () => Date.now() + offset;
};

const SECRET = "test-secret-0123456789abcdef0123456789abcdef";

/** The real server on a free port; e-mail links point back to it. */
async function serve(options: Partial<AppOptions> & { dataFile: string; now: () => number }) {
  const app = createApp({
    dist,
    smtpUrl: smtp.url,
    bookingSecret: SECRET,
    pollMs: 100,
    backoff: { baseMs: 50, capMs: 200 },
    ...options,
    publicUrl: "http://booking.test",
  });
  await new Promise<void>((done) => app.listen(0, "127.0.0.1", done));
  await app.ready;
  const origin = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  const local = (url: string) => url.replace("http://booking.test", origin);
  return {
    app,
    origin,
    local,
    slots: async (mode: string) =>
      (
        (await (await fetch(`${origin}/api/booking/slots?mode=${mode}`)).json()) as {
          slots: { start: string; free: number }[];
        }
      ).slots,
    book: (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      fetch(`${origin}/api/booking`, {
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

const student = (n: number, extra: Record<string, string> = {}) => ({
  form: "booking",
  mode: "video",
  zone: "Asia/Kolkata",
  fullName: `Student ${n}`,
  email: `student${n}@example.com`,
  phone: "+91 98765 43210",
  country: "India",
  interest: "Taught Masters",
  message: "",
  ...extra,
});

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

test("book, receive, move, cancel: invites read back by a real parser, every instant the one shown", async () => {
  await quiet(async () => {
    const server = await serve({
      dataFile: freshDataFile(),
      now: clockFrom("2026-03-26T12:00:00Z"),
    });
    const base = smtp.received.length;
    try {
      const slots = await server.slots("video");
      // The Monday after the clock change: 09:00 London is 08:00 UTC, 13:30 in Kolkata.
      const slot = slots.find((s) => s.start === "2026-03-30T08:00:00.000Z");
      assert.ok(slot, "the slot is offered");
      const reply = await server.book(student(1, { start: slot.start }));
      assert.equal(reply.status, 201);
      const { booking } = (await reply.json()) as {
        booking: { id: string; start: string; manage: string; ics: string };
      };
      assert.equal(booking.start, slot.start);
      const stored = await server.app.bookings.store.all();
      assert.equal(stored[0].start, slot.start, "stored as the same instant (UTC)");

      const mails = await smtp.waitFor(base + 2);
      const mine = mails.slice(base);
      const studentMail = mine.find(to("student1@example.com"))!;
      const adviserMail = mine.find(to("admissions@eastgate-education.example"))!;
      assert.match(
        studentMail.subject,
        /^Your consultation is booked: Monday 30 March, 13:30 in Kolkata \(09:00 in London\)$/,
      );
      assert.equal(studentMail.calendarMethod, "REQUEST");
      const a = invite(studentMail);
      assert.equal(a.calendar.getFirstPropertyValue("method"), "REQUEST");
      assert.equal(a.event.startDate.toJSDate().toISOString(), slot.start, "the invite's instant");
      assert.equal(a.event.sequence, 0);
      assert.equal(
        slotLabel(a.event.startDate.toJSDate().toISOString(), "Asia/Kolkata").time,
        "13:30",
      );
      assert.match(
        studentMail.text,
        /Move or cancel this booking: http:\/\/booking.test\/book\/manage\?b=/,
      );
      assert.match(studentMail.html, /prefers-color-scheme: dark/, "the agency's template");
      assert.match(
        adviserMail.subject,
        /^Booked consultation: Student 1 \(Video call, Monday 30 March, 09:00 \(London time\)\)$/,
      );
      assert.match(adviserMail.headers.get("reply-to") ?? "", /student1@example.com/);
      assert.equal(invite(adviserMail).event.uid, a.event.uid, "one event for both");

      // The .ics download is the same instant.
      const ics = await (await fetch(server.local(booking.ics))).text();
      assert.match(ics, /METHOD:PUBLISH/);
      assert.match(ics, /DTSTART:20260330T080000Z/);

      // Opening the manage link changes nothing (mail scanners open links).
      const manage = server.local(booking.manage);
      const page = await fetch(manage);
      assert.equal(page.status, 200);
      const html = await page.text();
      assert.match(html, /Choose another time/);
      assert.match(html, /Cancel this consultation/);
      assert.equal((await server.app.bookings.store.all()).length, 1);
      assert.equal(smtp.received.length, base + 2, "no e-mail from opening the link");

      // Move: the same UID, SEQUENCE 1, the new instant.
      const t = new URL(manage).searchParams.get("t")!;
      const moved = await fetch(`${server.origin}/book/manage`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          b: booking.id,
          t,
          action: "move",
          mode: "phone",
          date: "2026-03-31",
          time: "14:15",
        }),
      });
      assert.equal(moved.status, 200);
      assert.match(await moved.text(), /Moved\. We have e-mailed/);
      await smtp.waitFor(base + 4);
      const update = smtp.received.slice(base + 2).find(to("student1@example.com"))!;
      assert.match(
        update.subject,
        /^Your consultation has moved: Tuesday 31 March, 18:45 in Kolkata \(14:15 in London\)$/,
      );
      const u = invite(update);
      assert.equal(u.event.uid, a.event.uid);
      assert.equal(u.event.sequence, 1);
      assert.equal(u.event.startDate.toJSDate().toISOString(), "2026-03-31T13:15:00.000Z");
      assert.equal(
        (await server.slots("video")).find((s) => s.start === slot.start)?.free,
        2,
        "the old place is free again",
      );

      // Cancel: METHOD:CANCEL to the student and the advisers, the place freed, the link closed.
      const cancelled = await fetch(`${server.origin}/book/manage`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ b: booking.id, t, action: "cancel" }),
      });
      assert.match(await cancelled.text(), /Your consultation is cancelled/);
      await smtp.waitFor(base + 6);
      const cancels = smtp.received.slice(base + 4);
      for (const m of cancels) {
        assert.equal(m.calendarMethod, "CANCEL");
        const c = invite(m);
        assert.equal(c.event.uid, a.event.uid);
        assert.equal(c.event.sequence, 2);
      }
      assert.deepEqual(cancels.map((m) => m.to[0]).sort(), [
        "admissions@eastgate-education.example",
        "student1@example.com",
      ]);
      assert.equal(
        (await server.slots("phone")).find((s) => s.start === "2026-03-31T13:15:00.000Z")?.free,
        2,
      );
      assert.equal((await fetch(manage)).status, 410, "a cancelled booking's link: a clear page");
    } finally {
      await server.close();
    }
  });
});

test("manage links: a wrong or tampered token gets a clear page and no detail", async () => {
  await quiet(async () => {
    const server = await serve({
      dataFile: freshDataFile(),
      now: clockFrom("2026-12-01T08:00:00Z"),
    });
    try {
      const start = (await server.slots("office"))[0].start;
      const { booking } = (await (
        await server.book(student(2, { mode: "office", start }))
      ).json()) as {
        booking: { id: string; manage: string };
      };
      const url = new URL(server.local(booking.manage));
      const t = url.searchParams.get("t")!;
      // Change the first character (the last may be "A" already, or only padding bits).
      const tampered = `${t[0] === "A" ? "B" : "A"}${t.slice(1)}`;
      for (const bad of [tampered, "", "x".repeat(43)]) {
        const reply = await fetch(
          `${server.origin}/book/manage?b=${booking.id}&t=${encodeURIComponent(bad)}`,
        );
        assert.equal(reply.status, 404);
        const html = await reply.text();
        assert.match(html, /This link does not open a booking/);
        assert.doesNotMatch(html, /Student 2|student2@/);
      }
      const post = await fetch(`${server.origin}/book/manage`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ b: booking.id, t: tampered, action: "cancel" }),
      });
      assert.equal(post.status, 404);
      assert.equal((await server.app.bookings.store.get(booking.id))?.state, "booked");
    } finally {
      await server.close();
    }
  });
});

test("capacity: 100 concurrent bookings of a slot two advisers take give exactly 2, and 98 refusals with alternatives", async () => {
  await quiet(async () => {
    const server = await serve({
      dataFile: freshDataFile(),
      now: clockFrom("2026-12-01T08:00:00Z"),
      smtpUrl: undefined,
    });
    try {
      const start = (await server.slots("video"))[3].start;
      const replies = await Promise.all(
        Array.from({ length: 100 }, (_, i) => server.book(student(100 + i, { start }))),
      );
      const statuses = replies.map((r) => r.status);
      assert.equal(statuses.filter((s) => s === 201).length, 2);
      assert.equal(statuses.filter((s) => s === 409).length, 98);
      const refusal = (await replies.find((r) => r.status === 409)!.json()) as {
        reason: string;
        errors: { start: string };
        alternatives: { start: string }[];
      };
      assert.equal(refusal.reason, "taken");
      assert.match(refusal.errors.start, /Someone booked that time/);
      assert.equal(refusal.alternatives.length, 4);
      assert.ok(!refusal.alternatives.some((s) => s.start === start));
      const stored = (await server.app.bookings.store.all()).filter((b) => b.start === start);
      assert.equal(stored.length, 2);
    } finally {
      await server.close();
    }
  });
});

test("one booking per key and per address; bad slots and bad input are refused with reasons", async () => {
  await quiet(async () => {
    const server = await serve({
      dataFile: freshDataFile(),
      now: clockFrom("2026-12-21T08:00:00Z"),
    });
    const base = smtp.received.length;
    try {
      const [first, second] = await server.slots("phone");
      const key = { "Idempotency-Key": "3b0d8c1e-0000-4000-8000-00000000abcd" };
      const a = (await (
        await server.book(student(7, { mode: "phone", start: first.start }), key)
      ).json()) as { booking: { id: string } };
      const again = await server.book(student(7, { mode: "phone", start: first.start }), key);
      assert.equal(again.status, 201);
      assert.equal(
        ((await again.json()) as { booking: { id: string } }).booking.id,
        a.booking.id,
        "the same key books once",
      );
      assert.equal((await server.app.bookings.store.all()).length, 1);

      // The same address again: 409, and the manage link is e-mailed to that address only.
      const existing = await server.book(student(7, { mode: "phone", start: second.start }));
      assert.equal(existing.status, 409);
      assert.match(
        ((await existing.json()) as { errors: { form: string } }).errors.form,
        /already has a consultation booked/,
      );
      await until(
        () =>
          smtp.received.slice(base).some((m) => /Move or cancel your consultation/.test(m.subject)),
        "the manage-link e-mail",
      );
      const link = smtp.received
        .slice(base)
        .find((m) => /Move or cancel your consultation/.test(m.subject))!;
      assert.deepEqual(link.to, ["student7@example.com"]);
      assert.match(link.text, /book\/manage\?b=/);

      const refused = async (fields: Record<string, string>, status: number, pattern: RegExp) => {
        const reply = await server.book(student(8, fields));
        assert.equal(reply.status, status, JSON.stringify(fields));
        assert.match(JSON.stringify(await reply.json()), pattern);
      };
      await refused(
        { start: "2026-12-21T16:00:00.000Z" },
        422,
        /cannot be booked.*"alternatives":\[\{/,
      ); // inside the notice
      await refused({ start: "2026-12-25T10:00:00.000Z" }, 422, /cannot be booked/); // Christmas Day
      await refused({ start: "2026-12-22T18:00:00.000Z" }, 422, /cannot be booked/); // after hours
      await refused({ start: "2027-01-29T10:00:00.000Z" }, 422, /cannot be booked/); // past the horizon
      await refused(
        { start: first.start, mode: "helicopter" },
        400,
        /Please choose how you would like to talk/,
      );
      await refused({ start: "" }, 400, /Please choose a time/);
      await refused(
        { start: second.start, fullName: "Ada\u0007" },
        400,
        /invisible control characters/,
      );
      await refused({ start: second.start, email: "not-an-address" }, 400, /e-mail address like/);
      await refused({ start: second.start, website: "http://spam" }, 400, /garbled/);
      const big = await server.book(
        student(9, { start: second.start, message: "x".repeat(20_000) }),
      );
      assert.equal(big.status, 413);
      assert.equal((await server.app.bookings.store.all()).length, 1, "nothing refused was stored");
    } finally {
      await server.close();
    }
  });
});

test("the enquiry rate limit applies to bookings: 429 with Retry-After", async () => {
  await quiet(async () => {
    const server = await serve({
      dataFile: freshDataFile(),
      now: clockFrom("2026-12-01T08:00:00Z"),
      smtpUrl: undefined,
      rateLimit: { max: 2, windowMs: 60_000 },
    });
    try {
      const slots = await server.slots("video");
      assert.equal((await server.book(student(20, { start: slots[0].start }))).status, 201);
      assert.equal((await server.book(student(21, { start: slots[1].start }))).status, 201);
      const limited = await server.book(student(22, { start: slots[2].start }));
      assert.equal(limited.status, 429);
      assert.ok(Number(limited.headers.get("retry-after")) > 0);
    } finally {
      await server.close();
    }
  });
});

test("reminders: one a day before, through the outbox, even across a restart; none when booked under a day ahead", async () => {
  await quiet(async () => {
    const dataFile = freshDataFile();
    const base = smtp.received.length;
    let server = await serve({ dataFile, now: clockFrom("2026-12-01T08:00:00Z") });
    let early: { id: string };
    let late: { id: string };
    try {
      const slots = await server.slots("video");
      const soon = slots[0]; // 2026-12-01 20:00 London or so: under a day ahead
      const later = slots.find((s) => s.start === "2026-12-03T10:30:00.000Z")!;
      late = (
        (await (await server.book(student(30, { start: soon.start }))).json()) as {
          booking: { id: string };
        }
      ).booking;
      early = (
        (await (await server.book(student(31, { start: later.start }))).json()) as {
          booking: { id: string };
        }
      ).booking;
      await smtp.waitFor(base + 4);
    } finally {
      await server.close();
    }
    assert.ok(!smtp.received.slice(base).some((m) => /^Tomorrow/.test(m.subject)));
    // A day and a half later, after a restart: the reminder of the booking two days ahead goes.
    server = await serve({ dataFile, now: clockFrom("2026-12-02T11:00:00Z") });
    try {
      const reminder = await until(
        () => smtp.received.slice(base).find((m) => /^Tomorrow: your consultation/.test(m.subject)),
        "the reminder",
      );
      assert.deepEqual(reminder.to, ["student31@example.com"]);
      assert.match(reminder.text, /Thursday 3 December, 16:00 in Kolkata \(10:30 in London\)/);
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(
        smtp.received.slice(base).filter((m) => /^Tomorrow/.test(m.subject)).length,
        1,
        "one reminder, not one per restart",
      );
      assert.ok(early! && late!);
    } finally {
      await server.close();
    }
  });
});

test("staff cancel with npm run bookings' request: the student and the advisers are told", async () => {
  await quiet(async () => {
    const dataFile = freshDataFile();
    const server = await serve({ dataFile, now: clockFrom("2026-12-01T08:00:00Z") });
    const base = smtp.received.length;
    try {
      const start = (await server.slots("office"))[5].start;
      const { booking } = (await (
        await server.book(student(40, { mode: "office", start }))
      ).json()) as { booking: { id: string } };
      await smtp.waitFor(base + 2);
      assert.equal(
        await withStaffRequests(dirname(dataFile), (requests) =>
          requestCancel(
            server.app.bookings.store,
            requests,
            booking.id,
            new Date("2026-12-01T08:00:00Z"),
          ),
        ),
        undefined,
      );
      await smtp.waitFor(base + 4);
      const told = smtp.received.slice(base + 2);
      assert.ok(told.every((m) => m.calendarMethod === "CANCEL"));
      assert.match(told.find(to("student40@example.com"))!.text, /cancelled by our team/);
      assert.equal((await server.app.bookings.store.get(booking.id))?.cancelledBy, "staff");
    } finally {
      await server.close();
    }
  });
});

test("free times: compressed as the client accepts, with a data answer's headers, not a page's", async (t) => {
  const server = await serve({ dataFile: freshDataFile(), now: clockFrom("2026-12-01T08:00:00Z") });
  try {
    const get = (encoding: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((done, fail) => {
        const req = request(`${server.origin}/api/booking/slots?mode=video`, {
          headers: { "Accept-Encoding": encoding },
        });
        req.on("response", (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => done({ headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on("error", fail);
        req.end();
      });
    const plain = await get("identity");
    const br = await get("gzip;q=0.5, br");
    const gz = await get("gzip");
    assert.equal(plain.headers["content-encoding"], undefined);
    assert.equal(br.headers["content-encoding"], "br");
    assert.equal(gz.headers["content-encoding"], "gzip");
    assert.equal(brotliDecompressSync(br.body).toString(), plain.body.toString());
    assert.equal(gunzipSync(gz.body).toString(), plain.body.toString());
    assert.ok((JSON.parse(plain.body.toString()) as { slots: unknown[] }).slots.length > 10);
    for (const { headers } of [plain, br]) {
      assert.equal(headers.vary, "Accept-Encoding");
      assert.equal(headers["x-content-type-options"], "nosniff");
      assert.equal(headers["cross-origin-resource-policy"], "same-origin");
      assert.match(String(headers["cache-control"]), /^public, max-age=\d+$/);
      assert.equal(
        headers["content-security-policy"],
        "frame-ancestors 'none'",
        "no page's policy",
      );
    }
    // A booking's pages carry a page's policy in their head, isolated from other sites' windows.
    const manage = await fetch(`${server.origin}/book/manage?b=x&t=y`);
    assert.equal(metaPolicy(await manage.text()), "default-src 'self'");
    assert.equal(manage.headers.get("cross-origin-opener-policy"), "same-origin");
    t.diagnostic(
      `free times: ${plain.body.length} B plain, ${gz.body.length} B gzip, ${br.body.length} B brotli`,
    );
  } finally {
    await server.close();
  }
});
