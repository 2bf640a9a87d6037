/**
 * The acknowledgement's signed privacy link (server/privacy/requestPage.ts) on the real server:
 * the e-mail carries it; its page is in the student's language; opening it (GET) records nothing; a tampered
 * signature is refused; the page's POST records one pending request, once, for staff to confirm.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { createApp } from "../../server/app";
import { openDatabase } from "../../server/db";
import { pendingRequests } from "../../server/privacy/requests";
import { until } from "./process";
import { testSmtp, type TestSmtp } from "./smtp";

let dir = "";
let smtp: TestSmtp;
const POLICY = "default-src 'self'; style-src 'self' 'sha256-stand-in'; base-uri 'none'";
before(async () => {
  dir = mkdtempSync(join(tmpdir(), "eg-privacy-request-"));
  // A stand-in for a built site in English and Arabic: the server's pages take their policy
  // (the built pages' strict one, by hash) and assets from each language's 404.html.
  for (const [folder, lang] of [
    ["", "en"],
    ["ar", "ar"],
  ]) {
    mkdirSync(join(dir, "dist", folder), { recursive: true });
    writeFileSync(
      join(dir, "dist", folder, "404.html"),
      `<!DOCTYPE html><html lang="${lang}"><head><meta charSet="utf-8"/><meta http-equiv="Content-Security-Policy" content="${POLICY}"/></head><body><h1>Page not found</h1></body></html>`,
    );
  }
  smtp = testSmtp();
  await smtp.listen();
});
after(async () => {
  await smtp.close();
  rmSync(dir, { recursive: true, force: true });
});

test("the acknowledgement's privacy link: GET changes nothing, a tampered one is refused, POST records one request", async () => {
  const dataDir = join(dir, "data");
  const log = console.log;
  console.log = () => {};
  const app = createApp({
    dist: join(dir, "dist"),
    dataFile: join(dataDir, "enquiries.jsonl"),
    smtpUrl: smtp.url,
    pollMs: 100,
    publicUrl: "http://privacy.test",
    retention: false,
  });
  const database = openDatabase({ dataDir });
  try {
    await new Promise<void>((done) => app.listen(0, "127.0.0.1", done));
    await app.ready;
    const origin = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
    const email = "layla.request@example.com";
    const sent = await fetch(`${origin}/api/enquiry`, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        form: "enquiry",
        fullName: "Layla Request",
        email,
        phone: "+44 7700 900300",
        country: "Jordan",
        interest: "Pre-Masters",
        message: "Hello",
      }),
    });
    assert.equal(sent.status, 200);
    const ack = await until(
      () => smtp.received.find((m) => m.to.includes(email)),
      15_000,
      () => "the acknowledgement",
    );
    const link = /http:\/\/privacy\.test\/privacy-request\?\S+/.exec(ack.text)?.[0];
    assert.ok(link, "the acknowledgement carries the signed link");
    assert.ok(ack.html.includes("/privacy-request?"), "its HTML too");
    assert.ok(
      ack.text.includes("To ask for a copy of what we hold about you"),
      "the line above it",
    );
    const url = new URL(link.replace("http://privacy.test", origin));
    assert.equal(url.searchParams.get("l"), "en");
    // The page in the student's language (an Arabic acknowledgement's link says ar; the link is
    // switched by hand here: the language is not signed).
    url.searchParams.set("l", "ar");
    const count = async () =>
      (await database.db.selectFrom("privacyRequests").select("id").execute()).length;

    // Opening the link (a mail scanner does): a page with a form, nothing recorded.
    for (let i = 0; i < 2; i++) {
      const page = await fetch(url);
      assert.equal(page.status, 200);
      const html = await page.text();
      assert.match(html, /<html lang="ar" dir="rtl"/);
      assert.match(html, /<form class="enquiry-form" action="\/privacy-request" method="post">/);
      // In the site's frame, under the built pages' own strict policy; no cookie.
      assert.ok(html.includes(`content="${POLICY}"`), "the site's policy");
      assert.ok(!/unsafe-inline|<style|style="/.test(html), "no inline style");
      assert.equal(page.headers.get("set-cookie"), null);
      assert.match(html, /أرسلوا لي نسخة مما تحتفظون به/, "its words in Arabic");
    }
    assert.equal(await count(), 0, "GET records nothing");

    // A tampered signature, or another address with this one's signature: refused.
    const tampered = new URL(url);
    const t = tampered.searchParams.get("t")!;
    tampered.searchParams.set("t", `${t.slice(0, -1)}${t.endsWith("A") ? "B" : "A"}`);
    assert.equal((await fetch(tampered)).status, 403);
    const other = new URL(url);
    other.searchParams.set("e", "someone.else@example.com");
    assert.equal((await fetch(other)).status, 403);
    const post = (params: URLSearchParams, kind: string) =>
      fetch(`${origin}/privacy-request`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ ...Object.fromEntries(params), kind }),
      });
    assert.equal((await post(tampered.searchParams, "erase")).status, 403);
    assert.equal((await post(other.searchParams, "erase")).status, 403);
    // A body past the form's 4 kB is refused before it is read to its end.
    const padded = new URLSearchParams({
      ...Object.fromEntries(new URL(url).searchParams),
      pad: "x".repeat(5000),
    });
    assert.equal((await post(padded, "erase")).status, 413);
    assert.equal(await count(), 0, "a refused link records nothing");

    // The form sent: one pending request, in the student's language; sent twice, still one.
    for (let i = 0; i < 2; i++) {
      const answer = await post(url.searchParams, "erase");
      assert.equal(answer.status, 200);
      assert.match(await answer.text(), /<html lang="ar" dir="rtl"/);
    }
    const pending = await pendingRequests(database.db);
    assert.deepEqual(
      pending.map((r) => [r.kind, r.email, r.source, r.state, r.lang]),
      [["erase", email, "link", "pending", "ar"]],
    );
  } finally {
    app.closeAllConnections();
    await new Promise((done) => app.close(done));
    await app.drain(5000);
    await database.close();
    console.log = log;
  }
});
