import { test } from "node:test";
import assert from "node:assert/strict";
import { isolateLtr } from "../../src/lib/bidi";
import { site } from "../../src/content/site";
import { join, resolve } from "node:path";
import { ConfigError, parseRateLimit, readConfig } from "../../server/service/config";
import { backoffMs, classify } from "../../server/outbox/delivery";
import { composeMail, londonTime, messageId, triageSubject } from "../../server/enquiries/mail";
import { toCsv, type ReportRow } from "../../server/enquiries/report";
import { csvCell } from "../../server/service/csv";
import type { Enquiry } from "../../server/enquiries/store";
import { fieldError, fieldsFor, rateLimitMessage } from "../../src/lib/enquiry";

const enquiry: Enquiry = {
  id: "3f2c9e1a-0000-4000-8000-000000000001",
  receivedAt: "2026-07-01T08:30:00.000Z",
  form: "enquiry",
  fullName: "Zoë <b>Adé</b>",
  email: "zoe@example.com",
  phone: "+234 803 123 4567",
  country: "Nigeria",
  interest: "PhD Degrees",
  message: `<script>alert("x")</script> & 'quotes'\nsecond line`,
};
const settings = {
  mailTo: "Advisers <advisers@agency.example>",
  mailFrom: "Web <web@agency.example>",
};
const text = (value: unknown) => String(value);

test("mail: received time in London time, BST in summer and GMT in winter", () => {
  // ICU versions differ on the comma after the weekday.
  assert.match(londonTime("2026-07-01T08:30:00.000Z"), /^Wednesday,? 1 July 2026 at 09:30$/);
  assert.match(londonTime("2026-01-15T08:30:00.000Z"), /^Thursday,? 15 January 2026 at 08:30$/);
});

test("mail: Message-ID from the enquiry id and kind, in the sender's domain", () => {
  assert.equal(
    messageId(enquiry, "notify", settings),
    "<enquiry-3f2c9e1a-0000-4000-8000-000000000001.notify@agency.example>",
  );
  assert.equal(
    messageId(enquiry, "ack", { ...settings, mailFrom: "web@other.example" }),
    "<enquiry-3f2c9e1a-0000-4000-8000-000000000001.ack@other.example>",
  );
});

test("mail: triage subject of form, name, interest and country; one line whatever is typed", () => {
  assert.equal(triageSubject(enquiry), "Enquiry: Zoë <b>Adé</b> (PhD Degrees, Nigeria)");
  const consultation: Enquiry = {
    id: "x",
    receivedAt: enquiry.receivedAt,
    form: "consultation",
    name: "Ada\n  Lovelace",
    email: "a@b.co",
    message: "Hi",
  };
  assert.equal(triageSubject(consultation), "Consultation request: Ada Lovelace");
});

test("mail: the notification has every field, plain and escaped HTML, Reply-To the student", async () => {
  const mail = await composeMail(enquiry, "notify", settings);
  assert.equal(mail.to, settings.mailTo);
  assert.equal(mail.from, settings.mailFrom);
  assert.deepEqual(mail.replyTo, { name: "Zoë <b>Adé</b>", address: "zoe@example.com" });
  const plain = text(mail.text);
  for (const f of fieldsFor("enquiry")) assert.match(plain, new RegExp(`^${f.label}:`, "m"));
  assert.match(plain, /Message:\n<script>alert\("x"\)<\/script> & 'quotes'\nsecond line/);
  assert.match(plain, /Received: Wednesday,? 1 July 2026 at 09:30 \(London time\)/);
  assert.match(plain, /Enquiry id: 3f2c9e1a-0000-4000-8000-000000000001/);
  const html = text(mail.html);
  assert.doesNotMatch(html, /<script>|<b>/);
  assert.match(html, /Zoë &lt;b&gt;Adé&lt;\/b&gt;/);
  assert.match(
    html,
    /&lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt; &amp; &#x27;quotes&#x27;<br\/>second line/,
  );
  assert.match(
    html,
    /<title>Enquiry: Zoë &lt;b&gt;Adé&lt;\/b&gt; \(PhD Degrees, Nigeria\)<\/title>/,
  );
  // The agency's template: its name, its contacts as tappable links, a dark scheme.
  assert.ok(html.includes(site.name));
  assert.ok(html.includes(`href="tel:${site.phone.tel}"`));
  assert.ok(html.includes(`href="https://wa.me/${site.mobile.whatsapp}"`));
  assert.match(html, /prefers-color-scheme: dark/);
});

test("mail: the acknowledgement thanks, says what next, copies the enquiry and gives the contacts", async () => {
  const mail = await composeMail(enquiry, "ack", settings);
  assert.deepEqual(mail.to, { name: "Zoë <b>Adé</b>", address: "zoe@example.com" });
  assert.equal(mail.replyTo, settings.mailTo);
  const plain = text(mail.text);
  assert.match(plain, /^Dear Zoë,/);
  assert.match(plain, new RegExp(`replies ${site.replyTime}`));
  // Typed in Latin letters and digits: isolated, to read left to right in an Arabic e-mail too.
  assert.match(plain, /Phone Number: \u2066\+234 803 123 4567\u2069/);
  assert.ok(
    plain.includes(`Phone: ${isolateLtr(site.phone.display)}`),
    "the phone number as printed",
  );
  assert.ok(
    plain.includes(`WhatsApp: ${isolateLtr(site.mobile.display)}`),
    "the WhatsApp number as printed",
  );
  for (const o of site.officeHours) assert.ok(plain.includes(`${o.days}: ${o.hours}`));
  assert.doesNotMatch(text(mail.html), /<script>|<b>/);
});

test("CSV: BOM, CRLF, quotes doubled, formulas neutralised", () => {
  assert.equal(csvCell("plain"), "plain");
  assert.equal(csvCell('say "hi", then'), '"say ""hi"", then"');
  assert.equal(csvCell("two\nlines"), '"two\nlines"');
  assert.equal(csvCell('=HYPERLINK("http://x")'), '"\'=HYPERLINK(""http://x"")"');
  for (const lead of ["=", "+", "-", "@", "\t", "\r"])
    assert.ok(csvCell(`${lead}1`).replace(/^"/, "").startsWith("'"), JSON.stringify(lead));
  const row: ReportRow = {
    enquiry: { ...enquiry, fullName: "=cmd|' /C calc'!A0" },
    delivery: {
      notify: { id: enquiry.id, mail: "notify", state: "sent", at: "", reply: "250 OK" },
    },
  };
  const csv = toCsv([row]);
  assert.ok(csv.startsWith("\uFEFFid,receivedAt,form,fullName,email,"));
  assert.ok(csv.endsWith("\r\n"));
  const [, line] = csv.split("\r\n");
  assert.match(line, /^3f2c9e1a-[^,]+,2026-07-01T08:30:00.000Z,enquiry,'=cmd\|' \/C calc'!A0,/);
  assert.match(csv, /"<script>alert\(""x""\)<\/script> & 'quotes'\nsecond line"/);
  // The campaign last (empty: none), after the columns a spreadsheet already reads.
  assert.match(csv, /,notification,acknowledgement,campaign\r\n/);
  assert.match(line, /,sent: 250 OK,pending,$/);
  const [, from] = toCsv([
    { ...row, enquiry: { ...row.enquiry, campaign: "uk-september-2027" } },
  ]).split("\r\n");
  assert.match(from, /,sent: 250 OK,pending,uk-september-2027$/);
});

// The bucket itself is counted in the database: test/server/rateLimit.test.ts.
test("rate limit: the message says when to try again", () => {
  assert.equal(rateLimitMessage(60).includes("try again in a minute"), true);
  assert.equal(rateLimitMessage(300).includes("try again in 5 minutes"), true);
});

test("config: defaults, and a clear message naming a wrong variable", () => {
  const config = readConfig({});
  assert.equal(config.smtpUrl, undefined);
  assert.equal(config.mailTo, site.admissionsEmail);
  assert.equal(config.ack, true);
  assert.deepEqual(config.rateLimit, { max: 10, windowMs: 600_000 });
  assert.deepEqual(config.trustedProxies, []);
  assert.deepEqual(parseRateLimit("3/30s"), { max: 3, windowMs: 30_000 });
  assert.equal(parseRateLimit("off"), null);
  // Where the data is: SQLite in data/ unless DATA_DIR (or the old ENQUIRY_DATA_FILE's folder)
  // or DATABASE_URL says otherwise.
  assert.equal(config.databaseUrl, undefined);
  assert.equal(config.dataDir, resolve(import.meta.dirname, "../../data"));
  assert.equal(config.dataFile, join(config.dataDir, "enquiries.jsonl"));
  assert.deepEqual(
    [readConfig({ DATA_DIR: "/srv/eg" })].map((c) => [c.dataDir, c.dataFile]),
    [["/srv/eg", "/srv/eg/enquiries.jsonl"]],
  );
  assert.equal(readConfig({ ENQUIRY_DATA_FILE: "/old/leads.jsonl" }).dataDir, "/old");
  const url = "postgres://eg:secret@db.example:5432/eastgate";
  assert.equal(readConfig({ DATABASE_URL: url }).databaseUrl, url);
  for (const [name, value, message] of [
    ["DATABASE_URL", "mysql://db.example/eastgate", /DATABASE_URL is not a postgres:\/\/ address/],
    ["SMTP_URL", "http://mail.example", /SMTP_URL is not an smtp:\/\/ or smtps:\/\//],
    ["SMTP_URL", "mail.example:587", /SMTP_URL/],
    ["ENQUIRY_MAIL_TO", "advisers", /ENQUIRY_MAIL_TO "advisers" is not an e-mail address/],
    ["ENQUIRY_ACK", "maybe", /ENQUIRY_ACK "maybe" should be on or off/],
    ["ENQUIRY_RATE_LIMIT", "10 per hour", /ENQUIRY_RATE_LIMIT "10 per hour" should be like/],
    ["ENQUIRY_RATE_LIMIT", "0/10m", /ENQUIRY_RATE_LIMIT/],
    ["PORT", "80a", /PORT "80a"/],
  ] as const)
    assert.throws(
      () => readConfig({ [name]: value }),
      (e: unknown) => e instanceof ConfigError && message.test(e.message),
    );
});

test("retries: no answer or 421 is an outage, other 4xx transient, 5xx permanent; capped backoff", () => {
  const error = (fields: object) => Object.assign(new Error("x"), fields);
  assert.equal(classify(error({ code: "ECONNECTION" })), "outage");
  assert.equal(classify(error({ code: "ETIMEDOUT" })), "outage");
  assert.equal(classify(error({ code: "EAUTH", responseCode: 535 })), "outage");
  assert.equal(classify(error({ code: "EMESSAGE", responseCode: 421 })), "outage");
  assert.equal(classify(error({ code: "EENVELOPE", responseCode: 451 })), "transient");
  assert.equal(classify(error({ code: "EENVELOPE", responseCode: 550 })), "permanent");
  const backoff = { baseMs: 1000, capMs: 20_000 };
  assert.deepEqual(
    [1, 2, 3, 4, 5, 6, 20].map((n) => backoffMs(n, backoff, () => 1)),
    [1000, 2000, 4000, 8000, 16_000, 20_000, 20_000],
  );
  assert.equal(
    backoffMs(6, backoff, () => 0),
    15_000,
    "jitter takes off at most a quarter",
  );
});

test("control characters: refused in every field; the message keeps line breaks and tabs", () => {
  const [fullName] = fieldsFor("enquiry");
  const message = fieldsFor("enquiry").find((f) => f.name === "message")!;
  for (const c of ["\u0000", "\u0007", "\u001b", "\u007f", "\u0085", "\n", "\t"])
    assert.match(fieldError(fullName, `Ada${c}Lovelace`, []) ?? "", /control characters/);
  assert.equal(fieldError(message, "line\n\tindented", []), undefined);
  assert.match(fieldError(message, "bell\u0007", []) ?? "", /control characters/);
});
