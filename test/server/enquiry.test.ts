import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { request } from "node:http";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { createApp } from "../../server/app";
import { openDatabase } from "../../server/db";
import { formWords } from "../../src/content/forms";
import { fill } from "../../src/lib/template";
import { isolateLtr } from "../../src/lib/bidi";

const problems = Object.fromEntries(
  Object.entries(formWords.problems).map(([k, v]) => [k, fill(v, { kb: 16 })]),
) as Record<keyof typeof formWords.problems, string>;

// A stand-in for a built site: the server only needs 404.html (and the asset URLs it links).
let root = "";
let dist = "";
let origin = "";
let app: ReturnType<typeof createApp>;

before(async () => {
  root = mkdtempSync(join(tmpdir(), "eg-server-"));
  dist = join(root, "dist");
  mkdirSync(dist);
  writeFileSync(
    join(dist, "404.html"),
    `<!DOCTYPE html><html lang="en"><head><link rel="preload" href="/assets/font-T.woff2" as="font" type="font/woff2" crossorigin=""/><style>@property --x{syntax:"<length>";inherits:false;initial-value:0px}h1{color:red}</style><noscript data-after-load><link rel="stylesheet" href="/assets/main-T.css"/></noscript></head><body><h1>Page not found</h1><script data-src="/assets/page-site-T.js">(loader)</script></body></html>`,
  );
  // The database's folders are made when it is opened.
  app = createApp({ dist, dataFile: join(root, "data", "nested", "enquiries.jsonl") });
  await new Promise<void>((done) => app.listen(0, "127.0.0.1", done));
  origin = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
});

after(async () => {
  app.closeAllConnections();
  await new Promise((done) => app.close(done));
  await app.drain(1000);
  rmSync(root, { recursive: true, force: true });
});

const good = {
  form: "enquiry",
  fullName: "Ada Lovelace",
  email: "ada@example.com",
  phone: "+44 7700 900123",
  country: "United Kingdom",
  interest: "PhD Degrees",
  message: "Starting in January.",
};
const goodConsultation = { form: "consultation", name: "Ada", email: "a@b.co", message: "Hi" };

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** POST with full control of the headers (and of the body: a string, or chunks sent one by one). */
function post(
  body: string | string[],
  headers: Record<string, string> = {},
  { method = "POST", path = "/api/enquiry" } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on("error", reject);
    for (const chunk of Array.isArray(body) ? body : [body]) req.write(chunk);
    req.end();
  });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const JSON_ACCEPT = { ...FORM, Accept: "application/json" };
/** The endpoint's JSON reply. */
interface JsonReply {
  ok: boolean;
  id?: string;
  errors?: Record<string, string>;
}
/** One stored enquiry: every field is a string. */
type StoredEnquiry = Record<string, string>;

const postJson = async (fields: Record<string, string>) => {
  const reply = await post(form(fields), JSON_ACCEPT);
  return { status: reply.status, data: JSON.parse(reply.text) as JsonReply };
};

const stored = async (): Promise<StoredEnquiry[]> => await app.enquiries.all();

/** Runs `fn` and returns the enquiries it stored. */
async function added(fn: () => Promise<unknown>) {
  const before = new Set((await stored()).map((e) => e.id));
  await fn();
  return (await stored()).filter((e) => !before.has(e.id));
}

test("a valid enquiry (JSON asked for): 200 {ok, id}, stored whole with id and time", async () => {
  let reply: Awaited<ReturnType<typeof postJson>> | undefined;
  const records = await added(async () => {
    reply = await postJson({ ...good, message: "Line one\r\nLine two", id: "forged", extra: "x" });
  });
  assert.equal(reply?.status, 200);
  assert.equal(reply?.data.ok, true);
  assert.match(reply?.data.id ?? "", /^[0-9a-f-]{36}$/);
  assert.equal(records.length, 1);
  const [record] = records;
  assert.equal(record.id, reply?.data.id, "the posted id does not override ours");
  assert.ok(Math.abs(Date.parse(record.receivedAt) - Date.now()) < 60_000);
  assert.deepEqual(
    { ...record, id: undefined, receivedAt: undefined },
    {
      ...good,
      message: "Line one\nLine two",
      id: undefined,
      receivedAt: undefined,
    },
    "known fields only, trimmed, line breaks as typed",
  );
});

test("a consultation request, and a JSON body, are accepted too", async () => {
  const records = await added(async () => {
    assert.equal((await postJson(goodConsultation)).status, 200);
    const reply = await post(JSON.stringify(goodConsultation), {
      "Content-Type": "application/json; charset=utf-8",
    });
    assert.equal(reply.status, 200);
    assert.equal((JSON.parse(reply.text) as JsonReply).ok, true, "a JSON body gets a JSON reply");
  });
  assert.deepEqual(
    records.map((r) => [r.form, r.name]),
    [
      ["consultation", "Ada"],
      ["consultation", "Ada"],
    ],
  );
});

test("a plain form post: 200 thank-you page on the site's layout, stored", async () => {
  let reply: Reply | undefined;
  const records = await added(async () => {
    reply = await post(form(good), FORM);
  });
  assert.equal(reply?.status, 200);
  assert.match(String(reply?.headers["content-type"]), /^text\/html/);
  assert.equal(reply?.headers["cache-control"], "no-store");
  assert.match(reply.text, /^<!DOCTYPE html>/);
  assert.match(reply.text, /<h1>Thank you, <bdi>Ada<\/bdi>!<\/h1>/);
  assert.match(reply.text, /within one business day/);
  // The built pages' inline style, whole (allowed by the CSP, with the font faces; CSS may hold
  // a "<", as @property's syntax does), then the sheet.
  assert.ok(
    reply.text.includes(
      '<style>@property --x{syntax:"<length>";inherits:false;initial-value:0px}h1{color:red}</style><link rel="stylesheet" href="/assets/main-T.css"',
    ),
    "the 404 page's inline style, whole",
  );
  assert.match(
    reply.text,
    /<script type="module" src="\/assets\/page-site-T.js"><\/script><\/body>/,
  );
  assert.match(reply.text, /<meta name="robots" content="noindex"/);
  assert.equal(records.length, 1);
});

const long = (n: number) => "x".repeat(n);
/** Every bad input of every field, with the message and status the server answers. */
const badInputs: [string, Record<string, string>, string, string][] = [
  ["enquiry", good, "fullName", ""],
  ["enquiry", good, "fullName", "   "],
  ["enquiry", good, "fullName", long(101)],
  ["enquiry", good, "email", ""],
  ["enquiry", good, "email", `${long(250)}@b.co`],
  ["enquiry", good, "email", "ada.example.com"],
  ["enquiry", good, "email", "ada@example"],
  ["enquiry", good, "email", "ada @example.com"],
  ["enquiry", good, "phone", ""],
  ["enquiry", good, "phone", "7".repeat(31)],
  ["enquiry", good, "phone", "call me"],
  ["enquiry", good, "phone", "12345"],
  ["enquiry", good, "phone", "1234567890123456"],
  ["enquiry", good, "country", ""],
  ["enquiry", good, "country", long(61)],
  ["enquiry", good, "interest", ""],
  ["enquiry", good, "interest", "Select programme type"],
  ["enquiry", good, "interest", "Astrology"],
  ["enquiry", good, "message", long(2001)],
  ["consultation", goodConsultation, "name", ""],
  ["consultation", goodConsultation, "name", long(101)],
  ["consultation", goodConsultation, "email", ""],
  ["consultation", goodConsultation, "email", "a@b"],
  ["consultation", goodConsultation, "message", ""],
  ["consultation", goodConsultation, "message", long(2001)],
];

const messageFor = (field: string, value: string, kind: string) => {
  const labels: Record<string, string> = {
    fullName: "full name",
    name: "name",
    email: kind === "enquiry" ? "email address" : "email",
    phone: "phone number",
    country: "country",
    interest: "study interest",
    message: "message",
  };
  const limits: Record<string, number> = {
    fullName: 100,
    name: 100,
    email: 254,
    phone: 30,
    country: 60,
    message: 2000,
  };
  const label = labels[field];
  if (!value.trim())
    return field === "interest" ? `Please choose your ${label}.` : `Please enter your ${label}.`;
  if (value.length > limits[field])
    return `Please keep your ${label} to ${limits[field]} characters or fewer.`;
  // The examples are isolated so they read left to right inside Arabic (src/lib/bidi.ts).
  if (field === "email")
    return `Please enter an e-mail address like ${isolateLtr("name@example.com")}.`;
  if (field === "phone")
    return `Please enter a phone number of 7 to 15 digits, e.g. ${isolateLtr("+44 7700 900123")}.`;
  return `Please choose your ${label} from the list.`;
};

test("each field's bad inputs: 400 with that field's message only, nothing stored", async () => {
  const seen: string[] = [];
  const records = await added(async () => {
    for (const [kind, base, field, value] of badInputs) {
      const fields = { ...base, [field]: value };
      if (field === "interest" && value === "") delete (fields as Record<string, string>).interest;
      const { status, data } = await postJson(fields);
      const label = `${kind}.${field}=${JSON.stringify(value.length > 20 ? `${value.slice(0, 8)}... (${value.length})` : value)}`;
      assert.equal(status, 400, label);
      assert.deepEqual(
        data,
        { ok: false, errors: { [field]: messageFor(field, value, kind) } },
        label,
      );
      seen.push(`${label} -> ${status} ${data.errors?.[field]}`);
    }
  });
  assert.equal(records.length, 0);
  if (process.env.SHOW_BAD_INPUTS) console.log(seen.join("\n"));
});

test("a plain form post with errors: 400 page with the form again, values and messages kept", async () => {
  const reply = await post(form({ ...good, email: "ada@example", interest: "" }), FORM);
  assert.equal(reply.status, 400);
  assert.match(String(reply.headers["content-type"]), /^text\/html/);
  const html = reply.text;
  assert.match(html, /<h1>Please check your enquiry<\/h1>/);
  assert.match(html, /<form id="contact-form"[^>]*action="\/api\/enquiry"/);
  assert.match(html, /name="fullName" value="Ada Lovelace"/, "typed values come back");
  assert.match(html, /name="email" value="ada@example"/);
  assert.match(html, /<textarea[^>]*name="message"[^>]*>Starting in January.<\/textarea>/);
  assert.match(html, /aria-describedby="contact-form-email-error" aria-invalid="true"/);
  assert.match(html, /<a href="#contact-form-email">Please enter an e-mail address like/);
  assert.match(html, /<a href="#contact-form-interest">Please choose your study interest.<\/a>/);
  assert.match(html, /Please fix 2 things before sending/);
});

test("an unknown or missing form kind: 400", async () => {
  for (const kind of ["other", ""]) {
    const { status, data } = await postJson({ ...good, form: kind });
    assert.equal(status, 400);
    assert.deepEqual(data, { ok: false, errors: { form: problems.unknownForm } });
  }
});

test("oversize body: 413 (declared length, or chunked past 16 kB), nothing stored", async () => {
  const big = form({ ...good, message: long(17 * 1024) });
  const records = await added(async () => {
    const declared = await post(big, JSON_ACCEPT);
    assert.equal(declared.status, 413);
    assert.deepEqual(JSON.parse(declared.text), { ok: false, errors: { form: problems.tooLarge } });
    const chunked = await post(
      Array.from({ length: 40 }, (_, i) => (i ? long(1024) : form(good) + "&message=")),
      { ...JSON_ACCEPT, "Transfer-Encoding": "chunked" },
    );
    assert.equal(chunked.status, 413);
    const page = await post(big, FORM);
    assert.equal(page.status, 413);
    assert.match(page.text, /<h1>Your enquiry was not sent<\/h1>/);
    assert.match(page.text, /mailto:admissions@/);
  });
  assert.equal(records.length, 0);
  const justUnder = form({ ...good, message: long(2000) });
  assert.ok(justUnder.length < 16 * 1024);
  assert.equal((await postJson({ ...good, message: long(2000) })).status, 200);
});

test("Expect: 100-continue: a body over the limit is refused before it is sent, one under it is asked for", async () => {
  /** Sends the headers only; the body only if the server says 100 Continue. */
  const expecting = (body: string) =>
    new Promise<{ continued: boolean; status: number; text: string }>((resolve, reject) => {
      let continued = false;
      const req = request(`${origin}/api/enquiry`, {
        method: "POST",
        headers: {
          ...FORM,
          Accept: "application/json",
          Expect: "100-continue",
          "Content-Length": String(Buffer.byteLength(body)),
        },
      });
      req.on("continue", () => {
        continued = true;
        req.end(body);
      });
      req.on("response", (res) => {
        let text = "";
        res.on("data", (c: Buffer) => (text += c.toString()));
        res.on("end", () => resolve({ continued, status: res.statusCode ?? 0, text }));
      });
      req.on("error", reject);
      req.flushHeaders();
    });
  const records = await added(async () => {
    const big = await expecting(form({ ...good, message: long(17 * 1024) }));
    assert.deepEqual([big.continued, big.status], [false, 413]);
    assert.deepEqual(JSON.parse(big.text), { ok: false, errors: { form: problems.tooLarge } });
    const small = await expecting(form(good));
    assert.deepEqual([small.continued, small.status], [true, 200]);
  });
  assert.equal(records.length, 1);
});

test("wrong content type: 415; malformed JSON: 400; GET: 405 with Allow", async () => {
  for (const type of ["text/plain", "multipart/form-data; boundary=x", "application/xml"]) {
    const reply = await post(form(good), { "Content-Type": type, Accept: "application/json" });
    assert.equal(reply.status, 415, type);
    assert.deepEqual(JSON.parse(reply.text), { ok: false, errors: { form: problems.type } });
  }
  assert.equal((await post(form(good), { Accept: "application/json" })).status, 415, "no type");
  const bad = await post("{nope", { "Content-Type": "application/json" });
  assert.equal(bad.status, 400);
  assert.deepEqual(JSON.parse(bad.text), { ok: false, errors: { form: problems.malformed } });
  assert.equal((await post('["a"]', { "Content-Type": "application/json" })).status, 400);
  const get = await post("", { Accept: "text/html" }, { method: "GET" });
  assert.equal(get.status, 405);
  assert.equal(get.headers.allow, "POST");
  assert.match(get.text, /<h1>Your enquiry was not sent<\/h1>/);
});

test("honeypot filled: answered exactly like a success, nothing stored", async () => {
  const records = await added(async () => {
    const { status, data } = await postJson({ ...good, website: "http://spam.example" });
    assert.equal(status, 200);
    assert.equal(data.ok, true);
    assert.match(data.id ?? "", /^[0-9a-f-]{36}$/);
    const page = await post(form({ ...good, website: "x" }), FORM);
    assert.equal(page.status, 200);
    assert.match(page.text, /Thank you, <bdi>Ada<\/bdi>!/);
    const invalidBot = await postJson({ form: "enquiry", website: "x" });
    assert.equal(invalidBot.status, 200, "a bot is not told which fields were wrong");
  });
  assert.equal(records.length, 0);
});

test("200 concurrent valid posts: exactly 200 whole enquiries stored", async () => {
  const records = await added(async () => {
    const replies = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        postJson({
          ...good,
          fullName: `Student ${i}`,
          message: `Message ${i}\n${long(i * 5 + 1)}`,
        }),
      ),
    );
    assert.ok(replies.every((r) => r.status === 200 && r.data.ok === true));
    const ids = new Set(replies.map((r) => r.data.id));
    assert.equal(ids.size, 200);
    // Answered only once committed: every id answered is there at once.
    const stored = new Set((await app.enquiries.all()).map((e) => e.id));
    assert.ok(
      [...ids].every((id) => stored.has(id ?? "")),
      "every id answered is stored",
    );
  });
  assert.equal(records.length, 200);
  assert.deepEqual(
    records.map((r) => r.fullName).sort(),
    Array.from({ length: 200 }, (_, i) => `Student ${i}`).sort(),
  );
  for (const r of records) {
    const i = Number(r.fullName.split(" ")[1]);
    assert.equal(r.message, `Message ${i}\n${long(i * 5 + 1)}`, "no enquiry mixed with another");
  }
});

test("storage failure: 500, the visitor is told and can send it another way", async () => {
  const dataDir = join(root, "broken");
  const broken = createApp({ dist, dataFile: join(dataDir, "enquiries.jsonl") });
  await broken.prepared;
  // The table gone from under the running server: every insert fails.
  const other = openDatabase({ dataDir });
  await other.db.schema.dropTable("enquiries").execute();
  await other.close();
  await new Promise<void>((done) => broken.listen(0, "127.0.0.1", done));
  const port = (broken.address() as AddressInfo).port;
  const original = console.error;
  console.error = () => {};
  try {
    const json = await fetch(`http://127.0.0.1:${port}/api/enquiry`, {
      method: "POST",
      headers: JSON_ACCEPT,
      body: form(good),
    });
    assert.equal(json.status, 500);
    assert.deepEqual(await json.json(), { ok: false, errors: { form: problems.storage } });
    const page = await fetch(`http://127.0.0.1:${port}/api/enquiry`, {
      method: "POST",
      headers: FORM,
      body: form(good),
    });
    assert.equal(page.status, 500);
    const html = await page.text();
    assert.match(html, /href="mailto:admissions@[^"]*body=[^"]*Ada%20Lovelace/);
    assert.match(html, /href="https:\/\/wa.me\/\d+\?text=[^"]*Ada%20Lovelace/);
  } finally {
    console.error = original;
    broken.closeAllConnections();
    await new Promise((done) => broken.close(done));
    await broken.drain(1000);
  }
});

test("static pages are still served, unknown paths get the 404 page", async () => {
  const missing = await fetch(`${origin}/no-such-page`);
  assert.equal(missing.status, 404);
  assert.match(await missing.text(), /Page not found/);
});
