import { test } from "node:test";
import assert from "node:assert/strict";
import type { BrowserContext, Page } from "playwright-core";
import { siteUnderTest, startServer } from "./harness";
import { axeCheck } from "./axe";
import { isolateLtr } from "../../src/lib/bidi";
import { metaPolicy } from "../../src/build/headers";
import { noticeVersion } from "../../src/content/privacy";

const t = siteUnderTest();

const stored = () => t.server.enquiries();

const ada = {
  fullName: "Ada Lovelace",
  email: "ada@example.com",
  phone: "+44 7700 900123",
  country: "United Kingdom",
  interest: "PhD Degrees",
  message: "I would like to start in January.\nWith a scholarship, ideally.",
};

/** A fresh browser context (own storage), with a log of CSP violations and every request's host. */
async function open(
  path: string,
  options: { javaScriptEnabled?: boolean; clock?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; violations: string[]; hosts: Set<string> }> {
  const context = await t.browser.newContext({ javaScriptEnabled: options.javaScriptEnabled });
  const page = await context.newPage();
  const violations: string[] = [];
  const hosts = new Set<string>();
  page.on("request", (r) => hosts.add(new URL(r.url()).host));
  page.on("console", (m) => {
    if (/Content.Security.Policy/i.test(m.text())) violations.push(m.text());
  });
  if (options.clock) await page.clock.install();
  const response = await page.goto(t.server.origin + path);
  // The page's own policy (first in its head): any inline script, style attribute or eval in
  // the forms' code would be reported as a violation.
  const csp = metaPolicy((await response?.text()) ?? "") ?? "";
  // Scripts from the site, and inline only the page-script loader, by its hash.
  assert.match(csp, /script-src 'self'( 'sha256-[\w+/=]+')?;/);
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
  if (options.javaScriptEnabled !== false) await enhanced(page);
  return { context, page, violations, hosts };
}

/** The enhancement loads as a form nears the viewport: bring it there and wait for it. */
async function enhanced(page: Page) {
  await page.locator("form[data-enquiry]").first().scrollIntoViewIfNeeded();
  await page.waitForSelector("form[novalidate]");
}

async function fillEnquiry(page: Page, formId: string, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    const field = page.locator(`#${formId}-${name}`);
    if (name === "interest") await field.selectOption(value);
    else await field.fill(value);
  }
}

async function values(page: Page, formId: string) {
  return page.$$eval(`#${formId} [name]`, (els) =>
    Object.fromEntries(
      (els as HTMLInputElement[]).filter((e) => e.type !== "hidden").map((e) => [e.name, e.value]),
    ),
  );
}

/** axe-core on the form (and the toast, when it shows): WCAG 2.2 A/AA, zero violations. */
async function assertAccessible(page: Page, ...selectors: string[]) {
  let builder = axeCheck(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]);
  for (const s of selectors) builder = builder.include(s);
  const { violations } = await builder.analyze();
  assert.deepEqual(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    [],
  );
}

const waitForRecords = async (count: number) => {
  for (let i = 0; i < 50 && (await stored()).length < count; i++)
    await new Promise((r) => setTimeout(r, 20));
  return await stored();
};

test("JavaScript off: a plain post reaches the thank-you page and is stored (or comes back to fix)", async () => {
  const { context, page } = await open("/contact", { javaScriptEnabled: false });
  try {
    const before = (await stored()).length;
    assert.equal(await page.getAttribute("#contact-form", "action"), "/api/enquiry");
    assert.equal(await page.getAttribute("#contact-form", "novalidate"), null);
    // "ada@example" passes the browser's own check but not ours: the server sends the form back.
    await fillEnquiry(page, "contact-form", { ...ada, email: "ada@example" });
    await Promise.all([
      page.waitForURL("**/api/enquiry"),
      page.click("#contact-form button[type=submit]"),
    ]);
    assert.equal(await page.textContent("h1"), "Please check your enquiry");
    assert.deepEqual(await values(page, "contact-form"), {
      ...ada,
      email: "ada@example",
      website: "",
    });
    assert.equal(
      await page.textContent("#contact-form-email-error"),
      `Error: Please enter an e-mail address like ${isolateLtr("name@example.com")}.`,
    );
    assert.equal((await stored()).length, before);
    await page.fill("#contact-form-email", ada.email);
    await Promise.all([
      page.waitForURL("**/api/enquiry"),
      page.click("#contact-form button[type=submit]"),
    ]);
    assert.equal(await page.textContent("h1"), "Thank you, Ada!");
    const records = await waitForRecords(before + 1);
    assert.equal(records.length, before + 1);
    assert.deepEqual(
      { ...records.at(-1), id: 0, receivedAt: 0 },
      // With the privacy notice's version the form was sent under.
      { ...ada, form: "enquiry", notice: noticeVersion, id: 0, receivedAt: 0 },
    );
  } finally {
    await context.close();
  }
});

test("inline messages and a focused summary on a bad submit; fixing a field clears it", async () => {
  const { context, page, violations } = await open("/contact");
  try {
    await page.fill("#contact-form-email", "ada@example");
    await page.click("#contact-form button[type=submit]");
    const summary = page.locator("#contact-form .form-summary");
    assert.ok(await summary.isVisible());
    assert.ok(await summary.evaluate((el) => el === document.activeElement), "summary focused");
    assert.equal(await summary.locator("h3").textContent(), "Please fix 5 things before sending");
    assert.deepEqual(await summary.locator("a").allTextContents(), [
      "Please enter your full name.",
      `Please enter an e-mail address like ${isolateLtr("name@example.com")}.`,
      "Please enter your phone number.",
      "Please enter your country.",
      "Please choose your study interest.",
    ]);
    const phone = page.locator("#contact-form-phone");
    assert.equal(await phone.getAttribute("aria-invalid"), "true");
    assert.equal(
      await phone.getAttribute("aria-describedby"),
      "contact-form-phone-hint contact-form-phone-error",
    );
    assert.equal(
      await page.textContent("#contact-form-phone-error"),
      "Error: Please enter your phone number.",
    );
    assert.equal(await page.getAttribute("#contact-form-message", "aria-invalid"), null);
    await assertAccessible(page, "#contact-form");

    // A summary link takes focus to its field.
    await summary.locator("a", { hasText: "country" }).click();
    assert.ok(
      await page.locator("#contact-form-country").evaluate((el) => el === document.activeElement),
    );

    // Once shown invalid, a field is re-checked as the visitor types and leaves it.
    await page.fill("#contact-form-phone", "12");
    assert.equal(
      await page.textContent("#contact-form-phone-error"),
      "Error: Please enter your phone number.",
      "no new message mid-typing",
    );
    await page.locator("#contact-form-phone").blur();
    assert.match((await page.textContent("#contact-form-phone-error")) ?? "", /7 to 15 digits/);
    await page.fill("#contact-form-phone", ada.phone);
    assert.equal(await phone.getAttribute("aria-invalid"), null);
    assert.equal(await phone.getAttribute("aria-describedby"), "contact-form-phone-hint");
    assert.ok(await page.locator("#contact-form-phone-error").isHidden());
    assert.equal(await summary.locator("a").count(), 4);
    await page.selectOption("#contact-form-interest", ada.interest);
    assert.equal(await summary.locator("a").count(), 3);
    assert.equal((await stored()).filter((r) => r.phone === "12").length, 0);
    assert.deepEqual(violations, []);
  } finally {
    await context.close();
  }
});

test("JavaScript submit: Sending... once, toast, stored, form reset, draft cleared", async () => {
  const { context, page, violations, hosts } = await open("/#contact");
  try {
    const before = (await stored()).length;
    await fillEnquiry(page, "enquiry-form", ada);
    let release = () => {};
    let posts = 0;
    await page.route("**/api/enquiry", async (route) => {
      posts++;
      await new Promise<void>((r) => (release = r));
      await route.continue();
    });
    await page.click("#enquiry-form button[type=submit]");
    const button = page.locator("#enquiry-form button[type=submit]");
    await page.waitForFunction(() => document.querySelector("#enquiry-form[aria-busy=true]"));
    assert.equal(await button.textContent(), "Sending...");
    assert.equal(await button.getAttribute("aria-disabled"), "true");
    await page.click("#enquiry-form button[type=submit]", { force: true }); // aria-disabled
    await page.press("#enquiry-form-country", "Enter");
    release();
    const toast = page.locator(".toast.is-open [role=status]");
    await toast.waitFor();
    assert.equal(
      await toast.textContent(),
      "Thank you, Ada! Your enquiry has reached our advisers: you will get a reply within one business day.",
    );
    assert.equal(posts, 1, "no second submit while one is in flight");
    assert.equal(await button.textContent(), "Send enquiry");
    const records = await waitForRecords(before + 1);
    assert.equal(records.length, before + 1);
    assert.equal(records.at(-1)?.message, ada.message);
    assert.deepEqual(Object.values(await values(page, "enquiry-form")).filter(Boolean), []);
    assert.equal(
      await page.evaluate(() => localStorage.getItem("eastgate:draft:enquiry-form")),
      null,
    );
    await assertAccessible(page, "#enquiry-form", ".toast");
    assert.deepEqual([...hosts], [new URL(t.server.origin).host], "no request to another host");
    assert.deepEqual(violations, []);
  } finally {
    await context.close();
  }
});

test("the toast hides itself after 5000 ms and has a close button", async () => {
  const { context, page } = await open("/about", { clock: true });
  try {
    const toast = page.locator(".toast");
    assert.equal(
      await page.locator(".toast [role=status]").count(),
      1,
      "live region from the start",
    );
    assert.equal(await page.textContent(".toast [role=status]"), "");
    await fillEnquiry(page, "consultation-form", { name: "Ada", email: "a@b.co", message: "Hi" });
    // Time stands still from here unless the test moves it: a slow machine cannot hide it early.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    await page.click("#consultation-form button[type=submit]");
    await page.locator(".toast.is-open").waitFor();
    await page.clock.runFor(4900);
    assert.ok(await toast.evaluate((el) => el.classList.contains("is-open")));
    await page.clock.runFor(200);
    assert.ok(!(await toast.evaluate((el) => el.classList.contains("is-open"))));
    assert.equal(await page.textContent(".toast [role=status]"), "");

    await fillEnquiry(page, "consultation-form", { name: "Ada", email: "a@b.co", message: "Hi" });
    await page.click("#consultation-form button[type=submit]");
    await page.locator(".toast.is-open").waitFor();
    await page.click(".toast-close");
    assert.ok(!(await toast.evaluate((el) => el.classList.contains("is-open"))));
  } finally {
    await context.close();
  }
});

test("aborted request: every value kept, the problem said, retry / WhatsApp / e-mail offered", async () => {
  const { context, page, violations } = await open("/contact");
  try {
    const before = (await stored()).length;
    await fillEnquiry(page, "contact-form", ada);
    await page.route("**/api/enquiry", (route) => route.abort("connectionreset"));
    await page.click("#contact-form button[type=submit]");
    const failure = page.locator("#contact-form .form-failure[role=alert]");
    await failure.locator("button").waitFor();
    assert.match(
      (await failure.textContent()) ?? "",
      /We could not reach our server, so your enquiry was not sent/,
    );
    assert.deepEqual(await values(page, "contact-form"), { ...ada, website: "" });
    const whatsapp = await failure.getByRole("link", { name: /WhatsApp/ }).getAttribute("href");
    assert.match(whatsapp ?? "", /^https:\/\/wa\.me\/447700900456\?text=/);
    const text = decodeURIComponent(new URL(whatsapp!).searchParams.get("text") ?? "");
    assert.match(text, /Full Name: Ada Lovelace\nEmail Address: ada@example.com/);
    assert.match(text, /Message:\nI would like to start in January.\nWith a scholarship, ideally./);
    const email = await failure.getByRole("link", { name: "Send by e-mail" }).getAttribute("href");
    assert.match(
      email ?? "",
      /^mailto:admissions@eastgate-education\.example\?subject=Enquiry%20from%20the%20website&body=.*Ada%20Lovelace/,
    );
    assert.match((await page.textContent(".toast [role=status]")) ?? "", /not sent/);
    assert.ok(
      (await page.evaluate(() => localStorage.getItem("eastgate:draft:contact-form")))?.includes(
        "Ada Lovelace",
      ),
      "the draft is kept",
    );
    await assertAccessible(page, "#contact-form", ".toast");
    assert.equal((await stored()).length, before);

    // Server errors and refusals say so, with the status.
    await page.unroute("**/api/enquiry");
    await page.route("**/api/enquiry", (route) => route.fulfill({ status: 503, body: "busy" }));
    await failure.getByRole("button", { name: "Try again" }).click();
    await page.waitForFunction(() =>
      document.querySelector("#contact-form .form-failure")?.textContent?.includes("error 503"),
    );
    assert.match((await failure.textContent()) ?? "", /Our server had a problem/);
    await page.unroute("**/api/enquiry");
    await page.route("**/api/enquiry", (route) => route.fulfill({ status: 403, body: "" }));
    await failure.getByRole("button", { name: "Try again" }).click();
    await page.waitForFunction(() =>
      document.querySelector("#contact-form .form-failure")?.textContent?.includes("error 403"),
    );
    assert.match((await failure.textContent()) ?? "", /turned your enquiry down/);

    // Offline.
    await page.unroute("**/api/enquiry");
    await context.setOffline(true);
    await failure.getByRole("button", { name: "Try again" }).click();
    await page.waitForFunction(() =>
      document.querySelector("#contact-form .form-failure")?.textContent?.includes("offline"),
    );
    await context.setOffline(false);

    // And once the connection is back, "Try again" sends it.
    await failure.getByRole("button", { name: "Try again" }).click();
    await page.locator(".toast.is-open[data-tone=success]").waitFor();
    assert.equal(await failure.textContent(), "");
    assert.equal((await waitForRecords(before + 1)).length, before + 1);
    assert.deepEqual(violations, []);
  } finally {
    await context.close();
  }
});

test("Idempotency-Key: a send whose answer was lost, retried (also after a reload), is stored once", async () => {
  const { context, page } = await open("/contact");
  try {
    const before = (await stored()).length;
    await fillEnquiry(page, "contact-form", ada);
    const keys: string[] = [];
    // "lose": the server stores the enquiry, but its answer never reaches the browser.
    let mode: "lose" | "drop" | "pass" = "lose";
    await page.route("**/api/enquiry", async (route) => {
      keys.push((await route.request().headerValue("idempotency-key")) ?? "");
      if (mode === "pass") return route.continue();
      if (mode === "lose") await route.fetch();
      await route.abort("connectionreset");
    });
    await page.click("#contact-form button[type=submit]");
    const failure = page.locator("#contact-form .form-failure");
    await failure.locator("button").waitFor();
    assert.equal((await waitForRecords(before + 1)).length, before + 1, "it did arrive");
    await failure.getByRole("button", { name: "Try again" }).click();
    await failure.locator("button").waitFor();
    // The visitor gives up for now and comes back: the draft brings the same key back.
    mode = "pass";
    await page.reload();
    await enhanced(page);
    assert.deepEqual(await values(page, "contact-form"), { ...ada, website: "" });
    await page.click("#contact-form button[type=submit]");
    await page.locator(".toast.is-open[data-tone=success]").waitFor();
    assert.equal(keys.length, 3);
    assert.match(keys[0], /^[0-9a-f]{32}$/);
    assert.deepEqual(new Set(keys), new Set([keys[0]]), "one key for the one enquiry");
    await new Promise((r) => setTimeout(r, 200));
    const records = await stored();
    assert.equal(records.length, before + 1, "stored once");
    assert.equal(records.at(-1)?.idempotencyKey, keys[0]);

    // A new enquiry after that gets a new key; one edited after a failed send too.
    await fillEnquiry(page, "contact-form", ada);
    mode = "drop";
    await page.click("#contact-form button[type=submit]");
    await failure.locator("button").waitFor();
    await page.fill("#contact-form-message", "Edited after the failure.");
    mode = "pass";
    await failure.getByRole("button", { name: "Try again" }).click();
    await page.waitForFunction(() => !document.querySelector("#contact-form[aria-busy]"));
    assert.equal(await failure.textContent(), "", "sent");
    assert.equal(keys.length, 5);
    assert.notEqual(keys[3], keys[0]);
    assert.notEqual(keys[4], keys[3], "the edited enquiry is a new one");
    assert.equal((await waitForRecords(before + 2)).at(-1)?.message, "Edited after the failure.");
  } finally {
    await context.close();
  }
});

test("rate limit: the real server's 429 is explained beside retry / WhatsApp / e-mail, nothing typed is lost", async () => {
  const limited = await startServer(t.site.dist, { rateLimit: { max: 1, windowMs: 300_000 } });
  const context = await t.browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(`${limited.origin}/about`);
    await enhanced(page);
    await fillEnquiry(page, "consultation-form", { name: "Ada", email: "a@b.co", message: "One" });
    await page.click("#consultation-form button[type=submit]");
    await page.locator(".toast.is-open[data-tone=success]").waitFor();
    const second = { name: "Ada", email: "a@b.co", message: "Two\nlines" };
    await fillEnquiry(page, "consultation-form", second);
    await page.click("#consultation-form button[type=submit]");
    const failure = page.locator("#consultation-form .form-failure[role=alert]");
    await failure.locator("button").waitFor();
    assert.match(
      (await failure.textContent()) ?? "",
      /You have sent us several enquiries in a short time, so this one was not sent\. Please try again in 5 minutes, or send it on WhatsApp or by e-mail\./,
    );
    assert.ok(await failure.getByRole("button", { name: "Try again" }).isVisible());
    assert.ok(await failure.getByRole("link", { name: /WhatsApp/ }).isVisible());
    assert.ok(await failure.getByRole("link", { name: "Send by e-mail" }).isVisible());
    assert.deepEqual(await values(page, "consultation-form"), { ...second, website: "" });
    await assertAccessible(page, "#consultation-form");
    assert.equal((await limited.enquiries()).length, 1);
  } finally {
    await context.close();
    await limited.close();
  }
});

test("control characters: the field says so before sending; the message keeps line breaks and tabs", async () => {
  const { context, page } = await open("/contact");
  try {
    const before = (await stored()).length;
    const posts: string[] = [];
    page.on("request", (r) => r.method() === "POST" && posts.push(r.url()));
    await fillEnquiry(page, "contact-form", { ...ada, fullName: "Ada\u0007Lovelace" });
    await page.click("#contact-form button[type=submit]");
    assert.equal(
      await page.textContent("#contact-form-fullName-error"),
      "Error: Please remove the invisible control characters from your full name.",
    );
    assert.deepEqual(posts, []);
    await page.fill("#contact-form-fullName", ada.fullName);
    await page.fill("#contact-form-message", "Line one\n\tindented");
    await page.click("#contact-form button[type=submit]");
    await page.locator(".toast.is-open[data-tone=success]").waitFor();
    assert.equal((await waitForRecords(before + 1)).at(-1)?.message, "Line one\n\tindented");
  } finally {
    await context.close();
  }
});

test("a request that hangs is given up after 15 s, and the visitor told", async () => {
  const { context, page } = await open("/about", { clock: true });
  try {
    await fillEnquiry(page, "consultation-form", { name: "Ada", email: "a@b.co", message: "Hi" });
    await page.route("**/api/enquiry", () => {}); // never answered
    await page.click("#consultation-form button[type=submit]");
    await page.waitForFunction(() => document.querySelector("#consultation-form[aria-busy=true]"));
    await page.clock.runFor(15_000);
    await page.locator("#consultation-form .form-failure button").waitFor();
    assert.match(
      (await page.textContent("#consultation-form .form-failure")) ?? "",
      /took too long to answer/,
    );
    assert.equal(await page.inputValue("#consultation-form-message"), "Hi");
  } finally {
    await context.close();
  }
});

test("a draft is kept as the visitor types, restored after a reload or a return visit", async () => {
  const { context, page } = await open("/contact");
  try {
    await page.type("#contact-form-fullName", "Grace Hopper");
    await page.type("#contact-form-email", "grace@example.com");
    await page.selectOption("#contact-form-interest", "Pre-Masters");
    await page.type("#contact-form-message", "Line one\nLine two");
    await page.locator("#contact-form-website").evaluate((el: HTMLInputElement) => {
      el.value = "bot was here";
      el.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await page.reload(); // straight away: the draft is flushed on pagehide
    await enhanced(page);
    const expected = {
      fullName: "Grace Hopper",
      email: "grace@example.com",
      phone: "",
      country: "",
      interest: "Pre-Masters",
      message: "Line one\nLine two",
      website: "",
    };
    assert.deepEqual(await values(page, "contact-form"), expected);
    const raw = await page.evaluate(() => localStorage.getItem("eastgate:draft:contact-form"));
    assert.ok(raw && !raw.includes("bot was here") && !raw.includes("website"), "no honeypot");

    // A return visit in a new tab, where the browser's own form restore cannot help.
    const later = await context.newPage();
    await later.goto(`${t.server.origin}/contact`);
    await enhanced(later);
    assert.deepEqual(await values(later, "contact-form"), expected);
    assert.match(
      (await later.textContent("#contact-form .form-draft-note")) ?? "",
      /We kept what you typed/,
    );
    // The other forms have their own drafts.
    await later.goto(`${t.server.origin}/about`);
    await enhanced(later);
    assert.equal(await later.inputValue("#consultation-form-name"), "");

    // "Clear the form" forgets it.
    await later.goto(`${t.server.origin}/contact`);
    await enhanced(later);
    await later.click("#contact-form .form-draft-note button");
    assert.equal(await later.inputValue("#contact-form-fullName"), "");
    assert.ok(
      await later.locator("#contact-form-fullName").evaluate((el) => el === document.activeElement),
    );
    assert.equal(
      await later.evaluate(() => localStorage.getItem("eastgate:draft:contact-form")),
      null,
    );
  } finally {
    await context.close();
  }
});

test("the forms still work where localStorage is blocked", async () => {
  const context = await t.browser.newContext();
  await context.addInitScript(() => {
    Object.defineProperty(window, "localStorage", {
      get() {
        throw new DOMException("blocked", "SecurityError");
      },
    });
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  try {
    await page.goto(`${t.server.origin}/about`);
    await enhanced(page);
    const before = (await stored()).length;
    await fillEnquiry(page, "consultation-form", { name: "Lin", email: "lin@b.co", message: "Hi" });
    await page.click("#consultation-form button[type=submit]");
    await page.locator(".toast.is-open").waitFor();
    assert.equal((await waitForRecords(before + 1)).length, before + 1);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test("no endpoint configured: the form opens a pre-filled e-mail instead, and says so", async () => {
  const { context, page } = await open("/about");
  try {
    // The markup of a build without ENQUIRY_ENDPOINT (checked in test/unit/enquiry.test.ts).
    await page.evaluate(() =>
      document
        .querySelector("#consultation-form")
        ?.setAttribute("action", "mailto:admissions@eastgate-education.example"),
    );
    const requests: string[] = [];
    // Every request but the full stylesheet, which the first tap applies (src/client/afterLoad.ts).
    page.on("request", (r) => r.resourceType() !== "stylesheet" && requests.push(r.url()));
    await page.click("#consultation-form button[type=submit]");
    assert.ok(
      await page.locator("#consultation-form .form-summary").isVisible(),
      "validated first",
    );
    assert.deepEqual(requests, []);
    await fillEnquiry(page, "consultation-form", {
      name: "Ada",
      email: "a@b.co",
      message: "Hi\nthere",
    });
    await page.click("#consultation-form button[type=submit]");
    await page.locator(".toast.is-open[data-tone=info]").waitFor();
    assert.match(
      (await page.textContent(".toast [role=status]")) ?? "",
      /Your e-mail app should open with your enquiry ready to send to admissions@/,
    );
    assert.equal(requests.length, 1, "no POST, just the e-mail");
    assert.equal(
      requests[0],
      "mailto:admissions@eastgate-education.example?subject=Consultation%20request%20from%20the%20website&body=Hello%2C%20here%20is%20my%20request%20for%20a%20free%20consultation%3A%0D%0A%0D%0AName%3A%20Ada%0D%0AEmail%3A%20a%40b.co%0D%0AMessage%3A%0D%0AHi%0D%0Athere",
    );
  } finally {
    await context.close();
  }
});

/** Press Tab until `selector` has focus (keyboard only: no clicks anywhere). */
async function tabTo(page: Page, selector: string) {
  for (let i = 0; i < 120; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s), selector)) return;
    await page.keyboard.press("Tab");
  }
  assert.fail(`Tab never reached ${selector}`);
}

test("keyboard only: both forms, from a bad submit to a sent enquiry", async () => {
  const { context, page } = await open("/contact");
  try {
    const before = (await stored()).length;
    await tabTo(page, "#contact-form-fullName");
    await page.keyboard.press("Enter"); // submit the empty form
    assert.ok(
      await page
        .locator("#contact-form .form-summary")
        .evaluate((el) => el === document.activeElement),
    );
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter"); // first summary link: Full Name
    assert.ok(
      await page.locator("#contact-form-fullName").evaluate((el) => el === document.activeElement),
    );
    await page.keyboard.type("Alan Turing");
    await page.keyboard.press("Tab");
    await page.keyboard.type("alan@example.com");
    await page.keyboard.press("Tab");
    await page.keyboard.type("+44 20 7946 0999");
    await page.keyboard.press("Tab");
    await page.keyboard.type("United Kingdom");
    await page.keyboard.press("Tab");
    await page.keyboard.press("ArrowDown"); // first real choice, past the placeholder
    await page.keyboard.press("Tab");
    await page.keyboard.type("Keyboard only.");
    await page.keyboard.press("Tab");
    assert.ok(
      await page.evaluate(() =>
        document.activeElement?.matches("#contact-form button[type=submit]"),
      ),
      "the honeypot is skipped",
    );
    await page.keyboard.press("Enter");
    await page.locator(".toast.is-open[data-tone=success]").waitFor();
    const record = (await waitForRecords(before + 1)).at(-1);
    assert.equal(record?.fullName, "Alan Turing");
    assert.equal(record?.interest, "Foundation Courses");
    assert.equal(record?.message, "Keyboard only.");

    // The toast's close button is reachable and closes it; Escape does too.
    await tabTo(page, ".toast-close");
    await page.keyboard.press("Enter");
    assert.equal(await page.locator(".toast.is-open").count(), 0);

    await page.goto(`${t.server.origin}/about`);
    await enhanced(page);
    await tabTo(page, "#consultation-form-name");
    await page.keyboard.type("Katherine Johnson");
    await page.keyboard.press("Tab");
    await page.keyboard.type("katherine@example.com");
    await page.keyboard.press("Tab");
    await page.keyboard.type("A consultation, please.");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.locator(".toast.is-open[data-tone=success]").waitFor();
    assert.equal((await waitForRecords(before + 2)).at(-1)?.name, "Katherine Johnson");
  } finally {
    await context.close();
  }
});
