/**
 * The server answers in the language the form was sent from (its hidden `lang` field): JSON
 * messages, its HTML pages, the rate limit's 429, and the student's acknowledgement e-mail; the
 * advisers' notification stays English and names the language. Real server, real SMTP server,
 * the real translations in content/translations/.
 */
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { createApp, type AppOptions } from "../../server/app";
import { Languages } from "../../server/languages";
import { readCatalog } from "../../src/i18n/catalog";
import { fill } from "../../src/lib/template";
import { testSmtp } from "./smtp";
import { englishLeftovers } from "../englishLeftovers";
import { isolateLtr } from "../../src/lib/bidi";

let dir = "";
let dist = "";

// A stand-in for a site built with Arabic and Chinese: the server reads each locale's 404 page.
const notFound = (lang: string, dir: string, script: string) =>
  `<!DOCTYPE html><html lang="${lang}" dir="${dir}"><head><style>h1{color:red}</style><noscript data-after-load><link rel="stylesheet" href="/assets/main-T.css"/></noscript></head><body><h1>404</h1><script data-src="/assets/${script}">(loader)</script></body></html>`;

before(() => {
  dir = mkdtempSync(join(tmpdir(), "eg-languages-"));
  dist = join(dir, "dist");
  for (const [prefix, lang, d] of [
    ["", "en", "ltr"],
    ["ar", "ar", "rtl"],
    ["zh", "zh-Hans", "ltr"],
  ]) {
    mkdirSync(join(dist, prefix), { recursive: true });
    writeFileSync(join(dist, prefix, "404.html"), notFound(lang, d, `page-${lang}-site-T.js`));
  }
  // Built in Arabic: the home page and /about; /contact only in English.
  for (const page of ["", "about", "contact", "ar", "ar/about"]) {
    mkdirSync(join(dist, page), { recursive: true });
    writeFileSync(join(dist, page, "index.html"), "<!DOCTYPE html>");
  }
});
after(() => rmSync(dir, { recursive: true, force: true }));

let serial = 0;
async function serve(options: Partial<AppOptions> = {}) {
  const app = createApp({ dist, dataFile: join(dir, `run-${++serial}`, "e.jsonl"), ...options });
  await new Promise<void>((done) => app.listen(0, "127.0.0.1", done));
  await app.ready;
  const origin = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  return {
    app,
    post: (fields: Record<string, string>, json = true) =>
      fetch(`${origin}/api/enquiry`, {
        method: "POST",
        headers: {
          ...(json ? { Accept: "application/json" } : {}),
          "Content-Type": "application/x-www-form-urlencoded",
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

/** The server with a mail server and bookings, its clock on a Monday morning in London. */
async function serveBookings() {
  const smtp = testSmtp();
  await smtp.listen();
  const offset = Date.parse("2026-11-30T09:00:00Z") - Date.now();
  const server = await serve({
    smtpUrl: smtp.url,
    bookingSecret: "test-secret-0123456789abcdef0123456789abcdef",
    now: () => Date.now() + offset,
    publicUrl: "http://booking.test",
  });
  const origin = `http://127.0.0.1:${(server.app.address() as AddressInfo).port}`;
  return { smtp, server, origin };
}

/** What the student typed comes back as typed, in any script. */
const typed = ["Layla Haddad", "Layla", "layla@example.com"];

/** A translation as the catalog holds it. */
const said = (locale: string, file: string, field: string) => {
  const entry = readCatalog(locale, file)[field];
  assert.ok(entry, `${locale} ${file} ${field}`);
  return entry.text;
};
const forms = (locale: string, field: string) => said(locale, "src/content/forms.ts", field);

const student = {
  form: "enquiry",
  fullName: "Layla Haddad",
  email: "layla@example.com",
  phone: "+971 50 123 4567",
  country: "الإمارات",
  interest: "Taught Masters",
  message: "أود الدراسة في لندن.",
};

test("a form sent from an Arabic page is answered in Arabic: JSON messages and pages", async () => {
  const server = await serve();
  try {
    const bad = await server.post({ ...student, lang: "ar", email: "layla-at-example" });
    assert.equal(bad.status, 400);
    const { errors } = (await bad.json()) as { errors: Record<string, string> };
    assert.deepEqual(errors, {
      email: fill(forms("ar", "formWords.emailWrong"), { email: isolateLtr("name@example.com") }),
    });

    const page = await server.post({ ...student, lang: "ar", email: "nope" }, false);
    const html = await page.text();
    assert.equal(page.status, 400);
    assert.match(html, /<html lang="ar" dir="rtl"/);
    assert.ok(html.includes(forms("ar", "formWords.answers.fixTitle")));
    assert.ok(
      html.includes(
        fill(forms("ar", "formWords.emailWrong"), { email: isolateLtr("name@example.com") }),
      ),
    );
    // The Arabic page's own script and the form posting again in Arabic.
    assert.ok(html.includes("/assets/page-ar-site-T.js"));
    assert.match(html, /<input type="hidden" name="lang" value="ar"\/>/);

    assert.deepEqual(englishLeftovers(html, "ar", typed), [], "no English on the Arabic fix page");
    const thanks = await server.post({ ...student, lang: "ar" }, false);
    const done = await thanks.text();
    assert.deepEqual(
      englishLeftovers(done, "ar", typed),
      [],
      "no English on the Arabic thank-you page",
    );
    assert.equal(thanks.status, 200);
    assert.match(done, /<html lang="ar" dir="rtl"/);
    assert.ok(done.includes(forms("ar", "formWords.answers.received.enquiry")));
    // The address is set apart so it reads left to right inside Arabic.
    assert.ok(done.includes('<bdi dir="ltr">layla@example.com</bdi>'));
    assert.ok(done.includes('href="/ar/"'), "links lead to the Arabic pages");
    // Every link, the header's and footer's too, as the build links a static page's.
    assert.ok(done.includes('href="/ar/about"'), "a page built in Arabic is linked in Arabic");
    assert.ok(!done.includes('href="/about"'), "no link to the English twin of an Arabic page");
    assert.ok(done.includes('href="/contact"'), "a page not built in Arabic is linked in English");

    const zh = await server.post({ ...student, lang: "zh", phone: "12" });
    assert.deepEqual(((await zh.json()) as { errors: object }).errors, {
      phone: fill(forms("zh", "formWords.badPhone"), { phone: isolateLtr("+44 7700 900123") }),
    });
    // A language the site does not publish, or none: English.
    const other = await server.post({ ...student, lang: "xx", phone: "12" });
    assert.match(((await other.json()) as { errors: { phone: string } }).errors.phone, /^Please/);
  } finally {
    await server.close();
  }
});

test("the rate limit's 429 is in the form's language too", async () => {
  const server = await serve({ rateLimit: { max: 1, windowMs: 600_000 } });
  try {
    assert.equal((await server.post({ ...student, lang: "zh" })).status, 200);
    const limited = await server.post({ ...student, lang: "zh" });
    assert.equal(limited.status, 429);
    const { errors } = (await limited.json()) as { errors: { form: string } };
    const wait = fill(forms("zh", "formWords.minutes"), { minutes: 10 });
    assert.equal(errors.form, fill(forms("zh", "formWords.rateLimited"), { wait }));
  } finally {
    await server.close();
  }
});

test("the student's acknowledgement is in Arabic, right to left; the advisers' copy says Arabic", async () => {
  const smtp = testSmtp();
  await smtp.listen();
  const server = await serve({ smtpUrl: smtp.url });
  try {
    const sent = await server.post({ ...student, lang: "ar" });
    assert.equal(sent.status, 200);
    await smtp.waitFor(2);
    const ack = smtp.received.find((m) => m.to.includes("layla@example.com"));
    const notify = smtp.received.find((m) => !m.to.includes("layla@example.com"));
    assert.ok(ack && notify);
    const mail = (field: string) => said("ar", "src/content/enquiryMail.ts", field);
    assert.equal(ack.subject, mail("enquiryMail.acknowledgement.subject"));
    for (const part of [ack.subject, ack.text, ack.html])
      assert.deepEqual(
        englishLeftovers(part, "ar", typed),
        [],
        "no English in the acknowledgement",
      );
    assert.equal(ack.headers.get("content-language"), "ar");
    assert.match(ack.html, /<html dir="rtl" lang="ar">/);
    assert.ok(
      ack.text.includes(fill(mail("enquiryMail.acknowledgement.greeting"), { name: "Layla" })),
    );
    // The Study Interest is stored in English and shown to the student by its Arabic label.
    const label = said("ar", "content/home.yaml", "studyInterests[3].label");
    assert.ok(ack.text.includes(label), `ack shows "${label}"`);
    assert.ok(!ack.text.includes("Taught Masters"));

    assert.match(notify.subject, /^Enquiry: Layla Haddad \(Taught Masters, /);
    assert.ok(notify.text.includes("Language: Arabic (العربية)"));
    assert.equal(notify.headers.get("content-language"), undefined);
    const stored = await server.app.enquiries.all();
    assert.ok(stored.some((e) => e.lang === "ar"));
  } finally {
    await server.close();
    await smtp.close();
  }
});

test("a booking made in Arabic: the student's e-mails, invite and manage page in Arabic; the advisers' in English", async () => {
  const { smtp, server, origin } = await serveBookings();
  try {
    const { slots } = (await (await fetch(`${origin}/api/booking/slots?mode=video`)).json()) as {
      slots: { start: string }[];
    };
    const booked = await fetch(`${origin}/api/booking`, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        ...student,
        form: "booking",
        lang: "ar",
        mode: "video",
        zone: "Asia/Dubai",
        start: slots[0].start,
      }),
    });
    assert.equal(booked.status, 201);
    const { booking } = (await booked.json()) as { booking: { manage: string } };
    await smtp.waitFor(2);
    const mine = smtp.received.find((m) => m.to.includes("layla@example.com"));
    const advisers = smtp.received.find((m) => !m.to.includes("layla@example.com"));
    assert.ok(mine && advisers);
    const words = (field: string) => said("ar", "src/content/booking.ts", field);
    assert.ok(mine.subject.startsWith(words("bookingMail.bookedSubject").split("{")[0]));
    assert.equal(mine.headers.get("content-language"), "ar");
    assert.match(mine.html, /<html dir="rtl" lang="ar">/);
    // Times in Dubai with London's beside them, in Arabic words and Western digits.
    // The cities are CLDR's Arabic names (دبي, لندن), not the zones' English ones.
    assert.match(mine.text, /في دبي \(\d\d:\d\d في لندن\)/);
    for (const part of [mine.subject, mine.text, mine.html])
      assert.deepEqual(
        englishLeftovers(part, "ar", typed),
        [],
        "no English in the student's e-mail",
      );
    assert.match(mine.calendar, new RegExp(`SUMMARY:Eastgate Education: ${"استشارة مجانية"}`));
    assert.match(advisers.subject, /^Booked consultation: Layla Haddad \(Video call, /);
    assert.ok(advisers.text.includes("Language: Arabic (العربية)"));

    const manage = await fetch(booking.manage.replace("http://booking.test", origin));
    const page = await manage.text();
    assert.equal(manage.status, 200);
    assert.match(page, /<html lang="ar" dir="rtl"/);
    assert.ok(page.includes(words("bookingAnswers.cancelAction")));
  } finally {
    await server.close();
    await smtp.close();
  }
});

test("a request refused before its body is read answers in its page's language, else the browser's", async () => {
  const server = await serve();
  try {
    const origin = `http://127.0.0.1:${(server.app.address() as AddressInfo).port}`;
    const problem = (locale: string, name: string) =>
      forms(locale, `formWords.problems.${name}`).replace("{kb}", "16");

    // 405 from a link to the endpoint on an Arabic page: an Arabic page.
    const get = await fetch(`${origin}/api/enquiry`, {
      headers: { Referer: `${origin}/ar/contact` },
    });
    assert.equal(get.status, 405);
    const html = await get.text();
    assert.match(html, /<html lang="ar" dir="rtl"/);
    assert.ok(html.includes(problem("ar", "method")));
    assert.deepEqual(englishLeftovers(html, "ar"), []);

    // 415 with no page to go by: the browser's first language the site speaks.
    const type = await fetch(`${origin}/api/enquiry`, {
      method: "POST",
      headers: {
        Accept: "application/json",
        "Content-Type": "text/plain",
        "Accept-Language": "fr-FR, zh-CN;q=0.9, en;q=0.5",
      },
      body: "hello",
    });
    assert.equal(type.status, 415);
    assert.deepEqual(((await type.json()) as { errors: object }).errors, {
      form: problem("zh", "type"),
    });

    // 413 from a Chinese page, although the browser prefers Arabic: the page decides.
    const large = await fetch(`${origin}/api/enquiry`, {
      method: "POST",
      headers: {
        Accept: "application/json",
        "Content-Type": "application/x-www-form-urlencoded",
        Referer: `${origin}/zh/contact`,
        "Accept-Language": "ar",
      },
      body: `message=${"x".repeat(20_000)}`,
    });
    assert.equal(large.status, 413);
    assert.deepEqual(((await large.json()) as { errors: object }).errors, {
      form: problem("zh", "tooLarge"),
    });

    // An English page, or another site's, or nothing the site speaks: English.
    const en = await fetch(`${origin}/api/enquiry`, {
      headers: { Referer: `${origin}/contact`, "Accept-Language": "ar" },
    });
    assert.match(await en.text(), /<html lang="en"[^>]*>[\s\S]*Enquiries are sent with the form/);
    const none = await fetch(`${origin}/api/enquiry`, {
      headers: {
        Accept: "application/json",
        Referer: "https://elsewhere.example/ar/",
        "Accept-Language": "de",
      },
    });
    assert.match(
      ((await none.json()) as { errors: { form: string } }).errors.form,
      /^Enquiries are sent/,
    );

    // The booking endpoint's refusals too.
    const booking = await fetch(`${origin}/api/booking`, {
      headers: { Accept: "application/json", "Accept-Language": "ar;q=0.8, xx" },
    });
    assert.equal(booking.status, 405);
    assert.deepEqual(((await booking.json()) as { errors: object }).errors, {
      form: said("ar", "src/content/booking.ts", "bookingAnswers.method"),
    });
  } finally {
    await server.close();
  }
});

test("the student's e-mails in Chinese carry no English outside names: acknowledgement, booking, invite", async () => {
  const { smtp, server, origin } = await serveBookings();
  try {
    const chen = { ...student, fullName: "Chen Wei", email: "chen@example.com", lang: "zh" };
    assert.equal((await server.post(chen)).status, 200);
    const { slots } = (await (await fetch(`${origin}/api/booking/slots?mode=phone`)).json()) as {
      slots: { start: string }[];
    };
    const booked = await fetch(`${origin}/api/booking`, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        ...chen,
        form: "booking",
        mode: "phone",
        zone: "Asia/Calcutta",
        start: slots[0].start,
      }),
    });
    assert.equal(booked.status, 201);
    await smtp.waitFor(4);
    const mine = smtp.received.filter((m) => m.to.includes("chen@example.com"));
    assert.equal(mine.length, 2);
    const typed = ["Chen Wei", "Chen", "chen@example.com", "+971 50 123 4567"];
    for (const mail of mine)
      for (const part of [mail.subject, mail.text, mail.html])
        assert.deepEqual(englishLeftovers(part, "zh-Hans", typed), [], mail.subject);
    const invite = mine.find((m) => m.calendar)!;
    // Kolkata and London by their Chinese names (CLDR), in the mail and the invite.
    assert.match(invite.text, /加尔各答/);
    assert.match(invite.text, /伦敦/);
  } finally {
    await server.close();
    await smtp.close();
  }
});

test("an event registration made in Arabic and one in Chinese: the answer page and e-mails in their language, nothing English outside names", async () => {
  const { smtp, server, origin } = await serveBookings();
  try {
    const register = (fields: Record<string, string>) =>
      fetch(`${origin}/api/events/register`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          event: "study-in-the-uk-in-arabic",
          country: "الأردن",
          zone: "Asia/Amman",
          ...fields,
        }),
      });
    const layla = await register({
      fullName: "Layla Haddad",
      email: "layla@example.com",
      lang: "ar",
    });
    assert.equal(layla.status, 200);
    const page = await layla.text();
    assert.match(page, /<html lang="ar" dir="rtl"/);
    assert.deepEqual(
      englishLeftovers(page, "ar", typed),
      [],
      "no English on the Arabic answer page",
    );
    const chen = await register({ fullName: "Chen Wei", email: "chen@example.com", lang: "zh" });
    assert.equal(chen.status, 200);
    await smtp.waitFor(2);
    for (const [address, lang, names] of [
      ["layla@example.com", "ar", typed],
      ["chen@example.com", "zh-Hans", ["Chen Wei", "Chen", "chen@example.com"]],
    ] as const) {
      const mail = smtp.received.find((m) => m.to.includes(address))!;
      assert.equal(mail.headers.get("content-language"), lang);
      assert.equal(mail.calendarMethod, "REQUEST");
      for (const part of [mail.subject, mail.text, mail.html])
        assert.deepEqual(englishLeftovers(part, lang, [...names]), [], `${lang}: ${mail.subject}`);
    }
  } finally {
    await server.close();
    await smtp.close();
  }
});

test("a language is a value: each locale's answer page is rendered in the caller's own thread, in its words", () => {
  const languages = new Languages(dist);
  const values = { fullName: "Layla Haddad", email: "layla@example.com" };
  for (const [code, lang] of [
    ["en", "en"],
    ["ar", "ar"],
    ["zh", "zh-Hans"],
  ] as const) {
    // A string, not a promise: nothing crossed to another thread to make it.
    const page = languages.in(code).thankYouPage("enquiry", values);
    assert.equal(typeof page, "string");
    assert.match(page, new RegExp(`<html lang="${lang}"`));
    const title = code === "en" ? "Thank you" : forms(code, "formWords.answers.thanksTitle");
    assert.ok(page.includes(title), `${code}: ${title}`);
    if (code !== "en") assert.deepEqual(englishLeftovers(page, lang, typed), [], code);
  }
});

test("e-mails rendered side by side in three languages each keep their own (the locale follows the work across awaits)", async () => {
  const languages = new Languages(dist);
  const settings = { mailFrom: "Eastgate <hello@eastgate.test>", mailTo: "advisers@eastgate.test" };
  const enquiry = { id: "e1", receivedAt: "2026-11-30T09:00:00.000Z", ...student } as const;
  const mails = await Promise.all(
    (["en", "ar", "zh", "en", "ar", "zh"] as const).map((lang) =>
      languages.in(lang).composeMail({ ...enquiry, form: "enquiry", lang }, "ack", settings),
    ),
  );
  const expected = { en: "en", ar: "ar", zh: "zh-Hans" } as const;
  mails.forEach((mail, i) => {
    const lang = (["en", "ar", "zh"] as const)[i % 3];
    assert.equal(
      mail.headers && (mail.headers as Record<string, string>)["Content-Language"],
      expected[lang],
    );
    assert.equal((mail.html as string).includes('dir="rtl"'), lang === "ar", lang);
    if (lang !== "en") {
      assert.equal(
        mail.subject,
        said(lang, "src/content/enquiryMail.ts", "enquiryMail.acknowledgement.subject"),
      );
      assert.deepEqual(englishLeftovers(mail.text as string, expected[lang], typed), [], lang);
    }
  });
});

test("a server whose translations are missing answers that language in English, every call, and says why once", () => {
  const empty = join(dir, "no-translations");
  mkdirSync(empty, { recursive: true });
  // A process of its own: in this one Arabic's words are already in place.
  const script = `
    const { Languages } = await import(${JSON.stringify(join(import.meta.dirname, "../../server/languages/index.ts"))});
    const languages = new Languages(${JSON.stringify(dist)});
    const english = languages.in("en").problem("type");
    const answers = [languages.in("ar").problem("type"), languages.in("ar").problem("type")];
    console.log(JSON.stringify({ english, answers }));
  `;
  const run = spawnSync(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", script],
    {
      env: { ...process.env, TRANSLATIONS_DIR: empty },
      encoding: "utf8",
    },
  );
  assert.equal(run.status, 0, run.stderr);
  const { english, answers } = JSON.parse(run.stdout.trim().split("\n").at(-1)!) as {
    english: string;
    answers: string[];
  };
  assert.deepEqual(answers, [english, english]);
  // Said once, in one log record with the reason (the server's log is its standard output).
  const logged = run.stdout + run.stderr;
  assert.equal(logged.match(/Answering in ar fails; answering in English/g)?.length, 1, logged);
  assert.match(logged, /have no ar translation/);
});
