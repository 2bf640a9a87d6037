import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { dirname } from "node:path";
import { storedRegistrations } from "../server/stored";
import { buildSite, launchBrowser, startServer } from "./harness";

// Built and served at a fixed now: the October webinar is past, the others upcoming. The
// visitor is in Kathmandu, 5:45 ahead of London in winter. The real events server answers.
const ZONE = "Asia/Kathmandu";

let site: Awaited<ReturnType<typeof buildSite>>;
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let closeBrowser: () => Promise<void>;

/** A clock that starts at `iso` and runs at real speed. */
const clockFrom = (iso: string) => {
  const offset = Date.parse(iso) - Date.now();
  return () => Date.now() + offset;
};

const register = (origin: string, event: string, n: number) =>
  fetch(`${origin}/api/events/register`, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      event,
      fullName: `Student ${n}`,
      email: `student${n}@example.com`,
      country: "Nepal",
    }),
  }).then((r) => assert.equal(r.status, 200));

before(async () => {
  // npm test's build, made at the same fixed now (2026-11-25T12:00Z, scripts/test.sh).
  site = await buildSite();
  server = await startServer(site.dist, { now: clockFrom("2026-11-25T12:00:00Z") });
  // Three places of the visa webinar taken; the workshop's 20 taken and two in line.
  for (let n = 0; n < 3; n++) await register(server.origin, "student-visa-questions-answered", n);
  for (let n = 0; n < 22; n++) await register(server.origin, "personal-statement-workshop", n);
  ({ browser, close: closeBrowser } = await launchBrowser());
});
after(async () => {
  await closeBrowser?.();
  await server?.close();
  site?.remove();
});

async function open(
  path: string,
  javaScriptEnabled: boolean,
  width = 1280,
  origin = server.origin,
) {
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
  await page.goto(origin + path);
  return { context, page, errors };
}

/** The form's enhancement has started (it loads as the form nears the viewport or takes focus):
 * a send before it is the no-JavaScript post, which other tests cover. */
const enhanced = (page: Page) => page.waitForSelector("#registration-form[novalidate]");

const registrationsOf = async (email: string) =>
  (await storedRegistrations(dirname(server.dataFile))).filter((r) => r.email === email);

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
    // The visitor's first key fills in the rest at once (what find or a screen reader reaches
    // without scrolling): the last card, still far below.
    const last = cardOf(page, "meet-uk-universities");
    await page.keyboard.press("Shift");
    await last.locator(".event-local").filter({ hasText: "Kathmandu" }).waitFor();
    // Noon in London is 17:45 in Kathmandu: a card further down gets its time as it nears the
    // viewport (the time-zone work waits for it, src/client/events.ts).
    const chinese = cardOf(page, "study-in-the-uk-in-chinese");
    await chinese.scrollIntoViewIfNeeded();
    await chinese.locator(".event-local").filter({ hasText: "17:45" }).waitFor();
    await card.locator(".event-places").filter({ hasText: "left" }).waitFor();
    assert.equal(
      (await card.locator(".event-places").textContent())?.replace(/[\u2066\u2069]/g, ""),
      "97 places left",
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

test("the home page loads the events script only as its events near, or on the first key", async () => {
  for (const first of ["scroll", "key"] as const) {
    const { context, page, errors } = await open("/", true, 390);
    try {
      const eventsScript = () =>
        page.evaluate(() =>
          performance
            .getEntriesByType("resource")
            .filter((e) => /\/lazy-client-events-/.test(e.name))
            .map((e) => e.name),
        );
      await page.waitForLoadState("load");
      await page.waitForSelector("html.js");
      await page.waitForTimeout(1000);
      assert.deepEqual(await eventsScript(), [], "loaded while the events are far below");
      const local = page.locator("#events .event-local").first();
      assert.equal(await local.textContent(), "");
      if (first === "scroll")
        // The sections above take their real height as the scroll passes them
        // (content-visibility): scroll again until the events are on screen.
        for (let i = 0; i < 20; i++) {
          await page.locator("#events").scrollIntoViewIfNeeded();
          await page.waitForTimeout(200);
          const onScreen = await page
            .locator("#events")
            .evaluate((e) => e.getBoundingClientRect().top < innerHeight);
          if (onScreen) break;
        }
      // What find in the page or a screen reader reaches says the visitor's time too.
      else await page.keyboard.press("Shift");
      // Far below after a key, in a section not yet rendered: in the page, not yet on screen.
      await local.filter({ hasText: "Kathmandu" }).waitFor({ state: "attached" });
      assert.equal((await eventsScript()).length, 1, first);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
});

test("the time-zone work runs in a worker, off the page's thread; without the worker, on it", async () => {
  for (const workerBlocked of [false, true]) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 900 },
      timezoneId: ZONE,
      locale: "en-GB",
    });
    try {
      // Counts the date formatters the page's own thread makes (a worker has its own Intl).
      await context.addInitScript({
        content: `{
          let made = 0;
          Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
            construct: (target, args) => (made++, new target(...args)),
            apply: (target, self, args) => (made++, target(...args)),
          });
          Object.defineProperty(window, "formattersMade", { get: () => made });
        }`,
      });
      if (workerBlocked) await context.route(/\/assets\/worker-[^/]*\.js$/, (r) => r.abort());
      const page = await context.newPage();
      await page.goto(server.origin + "/events");
      const card = cardOf(page, "student-visa-questions-answered");
      await card.locator(".event-local").filter({ hasText: "23:45" }).waitFor();
      const made = await page.evaluate(
        () => (window as unknown as { formattersMade: number }).formattersMade,
      );
      if (workerBlocked) assert.ok(made > 0, "without the worker, the page works the times out");
      else assert.equal(made, 0, "no date formatter on the page's thread");
    } finally {
      await context.close();
    }
  }
});

test("an event page: both times, then registering posts the zone and shows the waiting list place", async () => {
  const { context, page, errors } = await open("/events/personal-statement-workshop", true);
  try {
    const when = page.locator(".event-facts .event-when");
    await when.locator(".event-local").filter({ hasText: "Kathmandu" }).waitFor();
    assert.equal(await when.locator("time").getAttribute("datetime"), "2026-12-12T11:00:00+00:00");
    assert.match(
      (await when.locator(".event-local").textContent()) ?? "",
      /Saturday 12 December, .16:45. \(Kathmandu time\)/,
    );
    // An empty required field: the summary, nothing posted.
    await enhanced(page);
    await page.locator("#registration-form-fullName").fill("Sita Sharma");
    await page.locator("#registration-form-email").fill("sita@example.com");
    await page.getByRole("button", { name: "Register" }).click();
    await page.locator(".form-summary").filter({ hasText: "Please fix 1 thing" }).waitFor();
    assert.equal((await registrationsOf("sita@example.com")).length, 0, "nothing posted");
    await page.locator("#registration-form-country").fill("Nepal");
    await page.getByRole("button", { name: "Register" }).click();
    const done = page.locator(".event-registered");
    await done.waitFor();
    // 20 places taken and two in line before: third on the waiting list.
    assert.match((await done.textContent()) ?? "", /number\s.?3.? on the waiting list/);
    assert.ok(await done.evaluate((el) => el === document.activeElement), "confirmation focused");
    assert.ok(await page.locator("#registration-form").isHidden());
    const [stored] = await registrationsOf("sita@example.com");
    assert.equal(stored.event, "personal-statement-workshop");
    assert.equal(stored.state, "waiting");
    assert.equal(stored.zone, ZONE);
    assert.equal(stored.country, "Nepal");
    assert.equal(stored.lang, undefined, "English");
    assert.ok(stored.idempotencyKey, "Idempotency-Key sent");
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test("a registration the server refuses (closed) says why and keeps what was typed", async () => {
  // 16:30 on 9 December in London: the webinar's registration closed at 16:00.
  const later = await startServer(site.dist, { now: clockFrom("2026-12-09T16:30:00Z") });
  const { context, page } = await open(
    "/events/student-visa-questions-answered",
    true,
    1280,
    later.origin,
  );
  try {
    await enhanced(page);
    await page.locator("#registration-form-fullName").fill("Li Wei");
    await page.locator("#registration-form-email").fill("li@example.com");
    await page.locator("#registration-form-country").fill("China");
    await page.getByRole("button", { name: "Register" }).click();
    await page.locator(".registration-notice").filter({ hasText: "has closed" }).waitFor();
    assert.equal(await page.locator("#registration-form-fullName").inputValue(), "Li Wei");
  } finally {
    await context.close();
    await later.close();
  }
});
