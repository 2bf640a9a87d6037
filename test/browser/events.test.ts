import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { buildSite, launchBrowser, startServer } from "./harness";

// Built at a fixed now: the October webinar is past, the others upcoming. The visitor is in
// Kathmandu, 5:45 ahead of London in winter. The events server is stood in for by page.route.
const ZONE = "Asia/Kathmandu";

let site: Awaited<ReturnType<typeof buildSite>>;
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let closeBrowser: () => Promise<void>;

before(async () => {
  site = await buildSite({ BUILD_NOW: "2026-11-25T12:00:00Z" });
  server = await startServer(site.dist);
  ({ browser, close: closeBrowser } = await launchBrowser());
});
after(async () => {
  await closeBrowser?.();
  await server?.close();
  site?.remove();
});

async function open(path: string, javaScriptEnabled: boolean, width = 1280) {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    timezoneId: ZONE,
    locale: "en-GB",
    javaScriptEnabled,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await page.route("**/api/events/places", (route) =>
    route.fulfill({
      contentType: "application/json",
      body: JSON.stringify({
        now: "2026-11-25T12:00:00Z",
        events: {
          "student-visa-questions-answered": {
            capacity: 100,
            confirmed: 88,
            waiting: 0,
            left: 12,
            state: "open",
          },
          "personal-statement-workshop": {
            capacity: 20,
            confirmed: 20,
            waiting: 4,
            left: 0,
            state: "full",
          },
        },
      }),
    }),
  );
  await page.goto(server.origin + path);
  return { context, page, errors };
}

const cardOf = (page: Page, slug: string) =>
  page.locator(".event-card", { has: page.locator(`a[href$="/events/${slug}"]`) });

test("without JavaScript the filters are links: each leads to its page, marked current", async () => {
  const { context, page } = await open("/events", false);
  try {
    await page.getByRole("link", { name: "Arabic", exact: true }).click();
    await page.waitForURL("**/events/in/ar");
    assert.equal(
      await page.getByRole("link", { name: "Arabic", exact: true }).getAttribute("aria-current"),
      "page",
    );
    assert.deepEqual(await page.locator(".event-title").allTextContents(), [
      "Studying in the UK, explained in Arabic",
    ]);
    await page.getByRole("link", { name: "Workshops" }).click();
    await page.waitForURL("**/events/kind/workshop");
    assert.deepEqual(await page.locator(".event-title").allTextContents(), [
      "Personal statement workshop",
    ]);
    assert.equal(
      await page.getByRole("link", { name: "Arabic", exact: true }).getAttribute("aria-current"),
      null,
    );
    // London time, the zone named; the line for the visitor's own stays empty; the capacity.
    const card = cardOf(page, "personal-statement-workshop");
    assert.equal(
      await card.locator("time").textContent(),
      "Saturday 12 December, 11:00 (London time)",
    );
    assert.equal(await card.locator(".event-local").textContent(), "");
    assert.equal(await card.locator(".event-places").textContent(), "20 places");
    await page.getByRole("link", { name: "All kinds" }).click();
    await page.waitForURL(/\/events$/);
    assert.equal(await page.locator(".event-card").count(), 6);
  } finally {
    await context.close();
  }
});

test("with JavaScript: the visitor's time beside London's, live places, nothing moves", async () => {
  const { context, page, errors } = await open("/events", true, 390);
  try {
    const card = cardOf(page, "student-visa-questions-answered");
    await card.locator(".event-local").filter({ hasText: "Kathmandu" }).waitFor();
    assert.equal(
      await card.locator("time").textContent(),
      "Wednesday 9 December, 18:00 (London time)",
    );
    assert.equal(
      (await card.locator(".event-local").textContent())?.replace(/[\u2066\u2069]/g, ""),
      "Your time: Wednesday 9 December, 23:45 (Kathmandu time)",
    );
    // Noon in London is 17:45 in Kathmandu.
    const chinese = cardOf(page, "study-in-the-uk-in-chinese");
    assert.match((await chinese.locator(".event-local").textContent()) ?? "", /17:45/);
    await card.locator(".event-places").filter({ hasText: "left" }).waitFor();
    assert.equal(
      (await card.locator(".event-places").textContent())?.replace(/[\u2066\u2069]/g, ""),
      "12 places left",
    );
    const workshop = cardOf(page, "personal-statement-workshop");
    await workshop.locator(".event-places").filter({ hasText: "Full" }).waitFor();
    // The first answer is filled in silently; from then on a change is announced.
    assert.equal(await workshop.locator(".event-places").getAttribute("aria-live"), "polite");
    const shift = await page.evaluate(
      () =>
        new Promise<number>((done) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) total += (e as unknown as { value: number }).value;
          }).observe({ type: "layout-shift", buffered: true });
          setTimeout(() => done(total), 300);
        }),
    );
    assert.equal(shift, 0, "layout shift");
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test("an event page: both times, then registering posts the zone and shows the waiting list place", async () => {
  const { context, page, errors } = await open("/events/personal-statement-workshop", true);
  try {
    let posted: URLSearchParams | undefined;
    let key: string | undefined;
    // Read through a function: TypeScript would keep the narrowing of the first check.
    const sent = () => posted;
    await page.route("**/api/events/register", async (route) => {
      posted = new URLSearchParams(route.request().postData() ?? "");
      key = (await route.request().headerValue("Idempotency-Key")) ?? undefined;
      await route.fulfill({
        contentType: "application/json",
        body: JSON.stringify({ ok: true, id: "r1", status: "waiting", place: 3 }),
      });
    });
    const when = page.locator(".event-facts .event-when");
    await when.locator(".event-local").filter({ hasText: "Kathmandu" }).waitFor();
    assert.equal(await when.locator("time").getAttribute("datetime"), "2026-12-12T11:00:00+00:00");
    assert.match(
      (await when.locator(".event-local").textContent()) ?? "",
      /Saturday 12 December, .16:45. \(Kathmandu time\)/,
    );
    // An empty required field: the summary, nothing posted.
    await page.locator("#registration-form-fullName").fill("Sita Sharma");
    await page.locator("#registration-form-email").fill("sita@example.com");
    await page.getByRole("button", { name: "Register" }).click();
    await page.locator(".form-summary").filter({ hasText: "Please fix 1 thing" }).waitFor();
    assert.equal(sent(), undefined);
    await page.locator("#registration-form-country").fill("Nepal");
    await page.getByRole("button", { name: "Register" }).click();
    const done = page.locator(".event-registered");
    await done.waitFor();
    assert.match((await done.textContent()) ?? "", /number\s.?3.? on the waiting list/);
    assert.ok(await done.evaluate((el) => el === document.activeElement), "confirmation focused");
    assert.ok(await page.locator("#registration-form").isHidden());
    assert.equal(sent()?.get("event"), "personal-statement-workshop");
    assert.equal(sent()?.get("lang"), "en");
    assert.equal(sent()?.get("form"), "registration");
    assert.equal(sent()?.get("zone"), ZONE);
    assert.equal(sent()?.get("country"), "Nepal");
    assert.ok(key, "Idempotency-Key sent");
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test("a registration the server refuses (closed) says why and keeps what was typed", async () => {
  const { context, page } = await open("/events/student-visa-questions-answered", true);
  try {
    await page.route("**/api/events/register", (route) =>
      route.fulfill({
        status: 409,
        contentType: "application/json",
        body: JSON.stringify({
          ok: false,
          reason: "closed",
          errors: { form: "Registration for this event has closed." },
        }),
      }),
    );
    await page.locator("#registration-form-fullName").fill("Li Wei");
    await page.locator("#registration-form-email").fill("li@example.com");
    await page.locator("#registration-form-country").fill("China");
    await page.getByRole("button", { name: "Register" }).click();
    await page.locator(".registration-notice").filter({ hasText: "has closed" }).waitFor();
    assert.equal(await page.locator("#registration-form-fullName").inputValue(), "Li Wei");
  } finally {
    await context.close();
  }
});
