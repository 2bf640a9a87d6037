/**
 * Left-to-right runs inside right-to-left text read left to right: on every Arabic page and in the
 * Arabic e-mails, each phone number, e-mail address, postal address line, postcode, URL and
 * English name sits on screen with its first character left of its last (decisions.md,
 * "Languages"). Real server (the built dist/), real SMTP server, Chromium at 1280 px (a run that
 * wraps onto two lines is skipped: its ends are on different lines).
 */
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { createApp } from "../../server/app";
import { site } from "../../src/content/site";
import { dist, launchBrowser } from "./harness";
import { testSmtp, type TestSmtp } from "../server/smtp";
import { namesStayingEnglish } from "../englishLeftovers";

/** What must read left to right wherever it stands: patterns, and names with a space or digit. */
const RUNS = [
  String.raw`\+\d{1,3}(?:[ ]\d{2,})+`,
  String.raw`[\w.+-]+@[\w-]+(?:\.[\w-]+)+`,
  String.raw`https?://[^\s"'<>]+`,
  String.raw`\b[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}\b`,
  ...[...site.address.lines, ...namesStayingEnglish.flatMap((g) => g.names)]
    .filter((n) => /[\s\d]/.test(n) && /[A-Za-z]/.test(n))
    .sort((a, b) => b.length - a.length)
    .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
];

/** Each run on the page whose last character is drawn left of its first: "text" (where). */
function backwardRuns(page: Page) {
  return page.evaluate((sources) => {
    const pattern = new RegExp(sources.join("|"), "g");
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    // No named helper in here: the test's compiler would wrap it in a function the page lacks.
    const range = document.createRange();
    for (
      let node = walker.nextNode() as Text | null;
      node;
      node = walker.nextNode() as Text | null
    ) {
      const parent = node.parentElement;
      if (!parent || !parent.checkVisibility() || parent.closest("script, style, noscript"))
        continue;
      for (const match of node.data.matchAll(pattern)) {
        const run = match[0].trim();
        const start = (match.index ?? 0) + match[0].indexOf(run);
        range.setStart(node, start);
        range.setEnd(node, start + 1);
        const first = range.getClientRects()[0];
        range.setStart(node, start + run.length - 1);
        range.setEnd(node, start + run.length);
        const last = range.getClientRects()[0];
        if (!first || !last || first.width === 0 || Math.abs(first.top - last.top) > 2) continue;
        if (first.left >= last.left)
          found.push(`"${run}" in "${node.data.trim().slice(0, 80)}" (<${parent.localName}>)`);
      }
    }
    return found;
  }, RUNS);
}

let browser: Browser;
let closeBrowser: () => Promise<void>;
let smtp: TestSmtp;
let app: ReturnType<typeof createApp>;
let origin = "";
let dataDir = "";

before(async () => {
  smtp = testSmtp();
  await smtp.listen(0);
  dataDir = mkdtempSync(join(tmpdir(), "eg-bidi-"));
  const offset = Date.parse("2026-11-30T09:00:00Z") - Date.now();
  app = createApp({
    dist,
    dataFile: join(dataDir, "enquiries.jsonl"),
    smtpUrl: smtp.url,
    publicUrl: "http://bidi.test",
    bookingSecret: "bidi-test-secret-0123456789abcdef0123",
    vitals: false,
    pollMs: 100,
    now: () => Date.now() + offset,
  });
  await new Promise<void>((done) => app.listen(0, "127.0.0.1", done));
  origin = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  ({ browser, close: closeBrowser } = await launchBrowser());
});

after(async () => {
  await closeBrowser?.();
  app?.closeAllConnections();
  await new Promise((done) => app?.close(done));
  await app?.drain(2000);
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function* arabicPages(dir = join(dist, "ar")): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* arabicPages(path);
    else if (name === "index.html" || name === "404.html")
      yield `/${relative(dist, path)}`.replace(/index\.html$/, "");
  }
}

test("on every Arabic page, numbers, addresses and English names read left to right", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const found: string[] = [];
  let pages = 0;
  try {
    for (const path of arabicPages()) {
      pages++;
      await page.goto(origin + path);
      for (const run of await backwardRuns(page)) found.push(`${path}: ${run}`);
    }
  } finally {
    await context.close();
  }
  assert.ok(pages >= 15, `${pages} Arabic pages`);
  assert.deepEqual(found, [], `read backwards:\n${found.join("\n")}`);
});

test("in the Arabic acknowledgement and booking e-mails too", async () => {
  const student = {
    fullName: "Layla Haddad",
    email: "layla@example.com",
    phone: "+971 50 123 4567",
    country: "الإمارات",
    interest: "Taught Masters",
    message: "أود الدراسة في لندن.",
    lang: "ar",
  };
  const post = (path: string, fields: Record<string, string>) =>
    fetch(origin + path, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
  assert.equal((await post("/api/enquiry", { ...student, form: "enquiry" })).status, 200);
  const { slots } = (await (await fetch(`${origin}/api/booking/slots?mode=office`)).json()) as {
    slots: { start: string }[];
  };
  const booked = await post("/api/booking", {
    ...student,
    form: "booking",
    mode: "office",
    zone: "Asia/Dubai",
    start: slots[0].start,
  });
  assert.equal(booked.status, 201);
  await smtp.waitFor(4);
  const mails = smtp.received.filter((m) => m.to.includes(student.email));
  assert.equal(mails.length, 2);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  try {
    for (const mail of mails) {
      await page.setContent(mail.html);
      assert.deepEqual(await backwardRuns(page), [], `read backwards in "${mail.subject}"`);
      // The text part as a mail client shows plain text: each line in its own first letter's
      // direction, in a right-to-left message.
      const lines = [mail.subject, ...mail.text.split("\n")];
      await page.setContent(
        `<!DOCTYPE html><html lang="ar" dir="rtl"><body>${lines
          .map((l) => `<p dir="auto">${l.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</p>`)
          .join("")}</body></html>`,
      );
      const text = await backwardRuns(page);
      assert.deepEqual(text, [], `read backwards in the text part of "${mail.subject}"`);
    }
  } finally {
    await context.close();
  }
});
