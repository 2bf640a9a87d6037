/**
 * A staff page's button leads to /contact?campaign=...: the enquiry sent from there is stored
 * with the campaign, with JavaScript (the hidden field src/client/campaign.ts adds) and without
 * (the server reads the Referer the browser sends), in Chromium against the real server.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Page, Request } from "playwright-core";
import { siteUnderTest } from "./harness";

const t = siteUnderTest();

const CAMPAIGN = "uk-september-2027";

const student = (n: number) => ({
  fullName: `Campaign Student ${n}`,
  email: `campaign${n}@example.com`,
  phone: "+44 7700 900123",
  country: "United Kingdom",
  interest: "PhD Degrees",
  message: "From the September page.",
});

async function fillEnquiry(page: Page, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    const field = page.locator(`#contact-form-${name}`);
    if (name === "interest") await field.selectOption(value);
    else await field.fill(value);
  }
}

/** The stored enquiry from this address, once it is stored. */
async function storedFor(email: string) {
  for (let i = 0; i < 250; i++) {
    const found = (await t.server.enquiries()).find((e) => e.email === email);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.fail(`no enquiry from ${email}`);
}

/** The posts to the enquiry endpoint: what the browser sent. */
function posts(page: Page) {
  const seen: Request[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/api/enquiry") seen.push(r);
  });
  return seen;
}

const campaignPosted = (r: Request) => new URLSearchParams(r.postData() ?? "").get("campaign");

test("JavaScript on: /contact?campaign= puts it in the form's hidden field; the enquiry is stored with it", async () => {
  const context = await t.browser.newContext();
  const page = await context.newPage();
  const sent = posts(page);
  try {
    await page.goto(`${t.server.origin}/contact?campaign=${CAMPAIGN}#contact-form`);
    await page.locator("#contact-form").scrollIntoViewIfNeeded();
    await page.waitForSelector("#contact-form[novalidate]");
    await page.waitForSelector('#contact-form input[type=hidden][name="campaign"]', {
      state: "attached",
    });
    assert.equal(
      await page.inputValue('#contact-form input[name="campaign"]'),
      CAMPAIGN,
      "filled from the address",
    );
    const ada = student(1);
    await fillEnquiry(page, ada);
    await page.click("#contact-form button[type=submit]");
    const stored = await storedFor(ada.email);
    assert.equal(stored.campaign, CAMPAIGN);
    assert.equal(sent.length, 1);
    assert.equal(campaignPosted(sent[0]), CAMPAIGN, "sent in the form's own field");
    // Sent and reset, the form still carries it for a second enquiry from the same page.
    assert.equal(await page.inputValue('#contact-form input[name="campaign"]'), CAMPAIGN);
  } finally {
    await context.close();
  }
});

test("JavaScript on: no campaign, or an invalid one, in the address: no field, none stored", async () => {
  const context = await t.browser.newContext();
  const page = await context.newPage();
  try {
    for (const query of ["", "?campaign=UK_September%202027"]) {
      await page.goto(`${t.server.origin}/contact${query}#contact-form`);
      await page.locator("#contact-form").scrollIntoViewIfNeeded();
      await page.waitForSelector("#contact-form[novalidate]");
      assert.equal(await page.locator('input[name="campaign"]').count(), 0, query || "none");
    }
    const bea = student(2);
    await fillEnquiry(page, bea);
    await page.click("#contact-form button[type=submit]");
    const stored = await storedFor(bea.email);
    assert.equal(stored.campaign, undefined, "the invalid one is dropped, the enquiry kept");
  } finally {
    await context.close();
  }
});

test("JavaScript off: the server takes the campaign from the Referer, also after a round to fix the form", async () => {
  const context = await t.browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const sent = posts(page);
  try {
    await page.goto(`${t.server.origin}/contact?campaign=${CAMPAIGN}#contact-form`);
    assert.equal(await page.locator('input[name="campaign"]').count(), 0, "no field in the markup");
    const cy = student(3);
    await fillEnquiry(page, cy);
    await Promise.all([
      page.waitForURL("**/api/enquiry"),
      page.click("#contact-form button[type=submit]"),
    ]);
    assert.match((await page.textContent("h1")) ?? "", /Thank you/);
    assert.equal(campaignPosted(sent[0]), null, "no field posted");
    assert.match((await sent[0].headerValue("referer")) ?? "", /\/contact\?campaign=/);
    assert.equal((await storedFor(cy.email)).campaign, CAMPAIGN);

    // Sent back to be fixed: the page it comes back on is /api/enquiry, which names no campaign;
    // the form carries it as a hidden field instead.
    await page.goto(`${t.server.origin}/contact?campaign=${CAMPAIGN}#contact-form`);
    const dee = student(4);
    await fillEnquiry(page, { ...dee, email: "dee@example" });
    await Promise.all([
      page.waitForURL("**/api/enquiry"),
      page.click("#contact-form button[type=submit]"),
    ]);
    assert.equal(await page.textContent("h1"), "Please check your enquiry");
    await page.fill("#contact-form-email", dee.email);
    await Promise.all([
      page.waitForURL("**/api/enquiry"),
      page.click("#contact-form button[type=submit]"),
    ]);
    assert.match((await page.textContent("h1")) ?? "", /Thank you/);
    assert.equal(campaignPosted(sent[2]), CAMPAIGN, "the fixed form posts it");
    assert.equal((await storedFor(dee.email)).campaign, CAMPAIGN);
  } finally {
    await context.close();
  }
});
