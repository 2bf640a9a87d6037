/**
 * A staff page's campaign (`?campaign=` on its calls to action) reaches the enquiry or booking it
 * leads to: from the forms' hidden field (JavaScript on) or the Referer's query (JavaScript off),
 * stored in its own column, in the webhook and in the advisers' e-mail; an invalid one dropped
 * without refusing anything. On SQLite and PostgreSQL, with a real mail server and receiver.
 */
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { request } from "node:http";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { createApp } from "../../server/app";
import { openDatabase, type DatabaseConfig } from "../../server/db";
import { bookingsCsv, formatBookings } from "../../server/booking/report";
import type { Booking } from "../../server/booking/store";
import { composeMail } from "../../server/enquiries/mail";
import { formatReport, toCsv } from "../../server/enquiries/report";
import type { Enquiry } from "../../server/enquiries/store";
import { testEngines, type TestEngine } from "./engines";
import { until } from "./process";
import { newSecret, testReceiver } from "./receiver";
import { testSmtp, type Received, type TestSmtp } from "./smtp";

let dir = "";
let dist = "";
let smtp: TestSmtp;
const secret = newSecret();
const receiver = testReceiver(secret);

before(async () => {
  dir = mkdtempSync(join(tmpdir(), "eg-campaign-"));
  dist = join(dir, "dist");
  mkdirSync(dist);
  // A stand-in for a built site: the server's pages take their asset URLs from 404.html.
  writeFileSync(
    join(dist, "404.html"),
    `<!DOCTYPE html><html lang="en"><head><link rel="preload" href="/assets/font-T.woff2" as="font" type="font/woff2" crossorigin=""/><style>h1{color:red}</style><noscript data-after-load><link rel="stylesheet" href="/assets/main-T.css"/></noscript></head><body><h1>Page not found</h1><script data-src="/assets/page-site-T.js">(loader)</script></body></html>`,
  );
  smtp = testSmtp();
  await smtp.listen();
  await receiver.listen(0);
});
after(async () => {
  await smtp.close();
  await receiver.close();
  rmSync(dir, { recursive: true, force: true });
});

const { engines } = testEngines();

const CAMPAIGN = "uk-september-2027";

const enquiry = (n: number, extra: Record<string, string> = {}) => ({
  form: "enquiry",
  fullName: `Student ${n}`,
  email: `student${n}@example.com`,
  phone: "+44 7700 900123",
  country: "Ghana",
  interest: "Pre-Masters",
  message: `Enquiry ${n}`,
  ...extra,
});

const booking = (n: number, start: string, extra: Record<string, string> = {}) => ({
  form: "booking",
  mode: "video",
  start,
  zone: "Africa/Lagos",
  fullName: `Booker ${n}`,
  email: `booker${n}@example.com`,
  phone: "+234 803 123 4567",
  country: "Nigeria",
  interest: "Taught Masters",
  message: "",
  ...extra,
});

interface Reply {
  status: number;
  text: string;
}

/**
 * POST a form as a browser does, its Referer set (fetch may not send one of our choosing);
 * `json`: as the forms' script asks, else as a plain HTML form without JavaScript.
 */
function post(
  url: string,
  fields: Record<string, string>,
  { referer, json = true }: { referer?: string; json?: boolean } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          ...(json ? { Accept: "application/json" } : { Accept: "text/html" }),
          ...(referer ? { Referer: referer } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on("error", reject);
    req.end(new URLSearchParams(fields).toString());
  });
}

/** The server on a fresh database of the engine, e-mailing the test mail server, posting to the receiver. */
async function serve(config: DatabaseConfig) {
  const app = createApp({
    dist,
    dataFile: join(config.dataDir, "enquiries.jsonl"),
    ...config,
    smtpUrl: smtp.url,
    bookingSecret: "c".repeat(40),
    pollMs: 100,
    backoff: { baseMs: 50, capMs: 200 },
    webhooks: { urls: [receiver.url], secret, backoff: { baseMs: 50, capMs: 200 } },
  });
  await new Promise<void>((done) => app.listen(0, "127.0.0.1", done));
  await app.ready;
  const origin = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  return {
    origin,
    async close() {
      app.closeAllConnections();
      await new Promise((done) => app.close(done));
      await app.drain(5000);
    },
  };
}

/** The campaign columns, read as staff tools read the database. */
async function campaignColumns(config: DatabaseConfig, table: "enquiries" | "reservations") {
  const database = openDatabase(config);
  try {
    const rows = await database.db.selectFrom(table).select(["id", "campaign"]).execute();
    return new Map(rows.map((r) => [r.id, r.campaign]));
  } finally {
    await database.close();
  }
}

/** The e-mail whose Message-ID starts so, once the mail server has it. */
const mail = (prefix: string) =>
  until(
    () => smtp.received.find((m) => m.messageId.startsWith(prefix)),
    20_000,
    () => `no ${prefix} among ${smtp.received.map((m) => m.messageId).join(", ")}`,
  );

/** The verified webhook about this lead (its first version), once it has arrived. */
const webhook = async (id: string) => {
  const hit = await until(
    () => receiver.accepted.find((h) => (h.message?.data as { id?: string }).id === id),
    20_000,
    () => `no webhook for ${id}`,
  );
  return hit.message!.data as { campaign?: string | null };
};

const campaignLine = (m: Received) => m.text.split("\n").filter((l) => /campaign/i.test(l));

/** Everything a lead's campaign ends up in: the column, the webhook, the advisers' e-mail. */
async function checkLead(
  engineConfig: DatabaseConfig,
  table: "enquiries" | "reservations",
  id: string,
  adviserMail: string,
  studentMail: string,
  expected: string | undefined,
  what: string,
) {
  const columns = await campaignColumns(engineConfig, table);
  assert.equal(columns.get(id), expected ?? null, `${what}: the ${table} row's campaign`);
  assert.equal((await webhook(id)).campaign, expected ?? null, `${what}: the webhook's campaign`);
  const adviser = await mail(adviserMail);
  assert.deepEqual(
    campaignLine(adviser),
    expected ? [`Campaign: ${expected}`] : [],
    `${what}: the advisers' e-mail, as text`,
  );
  assert.equal(
    adviser.html.includes(`>${expected}<`),
    !!expected,
    `${what}: the advisers' e-mail, as HTML`,
  );
  assert.match(adviser.html, expected ? /Campaign/ : /^(?![\s\S]*Campaign)/);
  const student = await mail(studentMail);
  assert.deepEqual(campaignLine(student), [], `${what}: nothing in the student's e-mail`);
  assert.ok(!/campaign/i.test(student.html), `${what}: nor in its HTML`);
}

function engineTests(engine: TestEngine) {
  test("enquiries: the hidden field's campaign, else the Referer's; invalid or foreign ones dropped, never refused", async () => {
    const config = await engine.fresh();
    const server = await serve(config);
    const api = `${server.origin}/api/enquiry`;
    const page = (query: string) => `${server.origin}/contact${query}#contact-form`;
    const send = async (
      n: number,
      extra: Record<string, string>,
      options: { referer?: string; json?: boolean },
    ) => {
      const reply = await post(api, enquiry(n, extra), options);
      assert.equal(reply.status, 200, `enquiry ${n} accepted: ${reply.text.slice(0, 200)}`);
      if (options.json === false) {
        assert.match(reply.text, /<html/, "a thank-you page");
        const stored = await campaignColumns(config, "enquiries");
        return [...stored.keys()].find((id) => !seen.has(id))!;
      }
      return (JSON.parse(reply.text) as { id: string }).id;
    };
    const seen = new Set<string>();
    const cases: [string, () => Promise<string>, string | undefined][] = [
      [
        "the hidden field (JavaScript on)",
        () => send(1, { campaign: CAMPAIGN }, { referer: page("") }),
        CAMPAIGN,
      ],
      [
        "the Referer's query (JavaScript off: a plain post, no field)",
        () => send(2, {}, { referer: page(`?campaign=${CAMPAIGN}`), json: false }),
        CAMPAIGN,
      ],
      [
        "an empty field: the Referer's",
        () => send(3, { campaign: "" }, { referer: page("?campaign=open-day-2027") }),
        "open-day-2027",
      ],
      [
        "an invalid field: dropped, not replaced by the Referer's",
        () => send(4, { campaign: "UK September!" }, { referer: page(`?campaign=${CAMPAIGN}`) }),
        undefined,
      ],
      ["a field too long (61)", () => send(5, { campaign: "a".repeat(61) }, {}), undefined],
      [
        "an invalid Referer query",
        () => send(6, {}, { referer: page("?campaign=--x--"), json: false }),
        undefined,
      ],
      [
        "another host's Referer",
        () => send(7, {}, { referer: `https://elsewhere.example/contact?campaign=${CAMPAIGN}` }),
        undefined,
      ],
      ["none at all", () => send(8, {}, {}), undefined],
    ];
    try {
      for (const [what, run, expected] of cases) {
        const id = await run();
        seen.add(id);
        await checkLead(
          config,
          "enquiries",
          id,
          `<enquiry-${id}.notify@`,
          `<enquiry-${id}.ack@`,
          expected,
          what,
        );
      }
      // Sent back to be fixed, the form keeps its campaign: posted from there, no Referer has it.
      const fix = await post(api, enquiry(9, { phone: "" }), {
        referer: page(`?campaign=${CAMPAIGN}`),
        json: false,
      });
      assert.equal(fix.status, 400);
      assert.match(
        fix.text,
        new RegExp(`<input type="hidden" name="campaign" value="${CAMPAIGN}"/>`),
      );
      const plain = await post(api, enquiry(10, { phone: "" }), { json: false });
      assert.doesNotMatch(plain.text, /name="campaign"/, "no field where there was none");
    } finally {
      await server.close();
    }
  });

  test("bookings: the hidden field's campaign, else the Referer's; kept through a move; invalid ones dropped", async () => {
    const config = await engine.fresh();
    const server = await serve(config);
    const api = `${server.origin}/api/booking`;
    const page = (query: string) => `${server.origin}/book${query}`;
    const slots = (
      (await (await fetch(`${api}/slots?mode=video`)).json()) as { slots: { start: string }[] }
    ).slots.map((s) => s.start);
    assert.ok(slots.length >= 6, "free slots to book and move to");
    const book = async (
      n: number,
      extra: Record<string, string>,
      options: { referer?: string; json?: boolean },
    ) => {
      const reply = await post(api, booking(n, slots[n], extra), options);
      assert.equal(reply.status, 201, `booking ${n}: ${reply.text.slice(0, 200)}`);
      if (options.json !== false) {
        const made = (JSON.parse(reply.text) as { booking: { id: string; manage: string } })
          .booking;
        manageLinks.set(made.id, new URL(made.manage));
        return made.id;
      }
      const rows = await campaignColumns(config, "reservations");
      return [...rows.keys()].find((id) => !seen.has(id))!;
    };
    const seen = new Set<string>();
    const manageLinks = new Map<string, URL>();
    const cases: [string, () => Promise<string>, string | undefined][] = [
      ["the hidden field", () => book(0, { campaign: CAMPAIGN }, {}), CAMPAIGN],
      [
        "the Referer's query (JavaScript off)",
        () => book(1, {}, { referer: page(`?campaign=${CAMPAIGN}`), json: false }),
        CAMPAIGN,
      ],
      [
        "an invalid field: dropped",
        () => book(2, { campaign: "uk_sept" }, { referer: page(`?campaign=${CAMPAIGN}`) }),
        undefined,
      ],
      ["none at all", () => book(3, {}, { referer: page("") }), undefined],
    ];
    try {
      for (const [what, run, expected] of cases) {
        const id = await run();
        seen.add(id);
        await checkLead(
          config,
          "reservations",
          id,
          `<booking-${id}.adviser.0@`,
          `<booking-${id}.student.0@`,
          expected,
          what,
        );
      }
      // Moved (from the manage link, which carries no campaign): the booking keeps its own.
      const [first] = seen;
      const link = manageLinks.get(first)!;
      const moved = await post(`${server.origin}/book/manage`, {
        b: first,
        t: link.searchParams.get("t")!,
        action: "move",
        mode: "video",
        start: slots[5],
      });
      assert.equal(moved.status, 200, moved.text.slice(0, 200));
      const hit = await until(
        () => receiver.accepted.find((h) => h.id === `msg_${first}_booking.moved.1`),
        20_000,
        () => "no booking.moved",
      );
      assert.equal((hit.message!.data as { campaign?: string }).campaign, CAMPAIGN);
      assert.equal((await campaignColumns(config, "reservations")).get(first), CAMPAIGN);
      assert.deepEqual(campaignLine(await mail(`<booking-${first}.adviser.1@`)), [
        `Campaign: ${CAMPAIGN}`,
      ]);
    } finally {
      await server.close();
    }
  });
}

for (const engine of engines)
  describe(engine.name, { skip: engine.skip }, () => engineTests(engine));

test("the advisers' e-mail differs by the campaign's line only; without one it is as it was", async () => {
  const settings = { mailTo: "advisers@example.org", mailFrom: "Eastgate <web@example.org>" };
  const base: Enquiry = {
    ...enquiry(1),
    id: "e-1",
    receivedAt: "2026-11-25T12:00:00.000Z",
    form: "enquiry",
  };
  const without = await composeMail(base, "notify", settings);
  const withIt = await composeMail({ ...base, campaign: CAMPAIGN }, "notify", settings);
  const lines = (m: typeof without) => (m.text as string).split("\n");
  assert.deepEqual(
    lines(withIt).filter((l) => !lines(without).includes(l)),
    [`Campaign: ${CAMPAIGN}`],
  );
  assert.deepEqual(
    lines(withIt).filter((l) => l !== `Campaign: ${CAMPAIGN}`),
    lines(without),
  );
  assert.ok(!(without.html as string).includes("Campaign"));
  assert.deepEqual(
    await composeMail({ ...base, campaign: CAMPAIGN }, "ack", settings),
    await composeMail(base, "ack", settings),
    "the student's acknowledgement is the same",
  );
});

test("the staff tools list the campaign (npm run enquiries, npm run bookings, and their CSV)", () => {
  const e: Enquiry = {
    ...enquiry(1),
    id: "e-1",
    receivedAt: "2026-11-25T12:00:00.000Z",
    form: "enquiry",
  };
  const rows = (campaign?: string) => [
    { enquiry: campaign ? { ...e, campaign } : e, delivery: {} },
  ];
  assert.match(formatReport(rows(CAMPAIGN)), new RegExp(`  campaign ${CAMPAIGN}  \\(e-1\\)`));
  assert.doesNotMatch(formatReport(rows()), /campaign/);
  assert.match(toCsv(rows(CAMPAIGN)), new RegExp(`,campaign\r\n.*,${CAMPAIGN}\r\n$`));
  const b: Booking = {
    id: "b-1",
    sequence: 0,
    state: "booked",
    createdAt: "2026-11-25T12:00:00.000Z",
    updatedAt: "2026-11-25T12:00:00.000Z",
    mode: "video",
    start: "2026-11-30T10:00:00.000Z",
    end: "2026-11-30T10:30:00.000Z",
    zone: "Europe/London",
    fullName: "Booker 1",
    email: "booker1@example.com",
    phone: "+44 7700 900123",
    country: "Ghana",
    interest: "Pre-Masters",
    message: "",
  };
  assert.match(formatBookings([{ ...b, campaign: CAMPAIGN }]), new RegExp(`campaign ${CAMPAIGN}`));
  assert.doesNotMatch(formatBookings([b]), /campaign/);
  assert.match(bookingsCsv([{ ...b, campaign: CAMPAIGN }]), new RegExp(`,${CAMPAIGN}\r\n$`));
});
