import { test } from "node:test";
import assert from "node:assert/strict";
import type { BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { siteUnderTest } from "./harness";
import { expectNoViolations, widths } from "./axe";
import { costModel } from "../../src/components/tools/costModel";
import { planCost } from "../../src/lib/costOfStudy";
import { formatPoundRange } from "../../src/lib/money";

const t = siteUnderTest();

/**
 * Axe needs scripts, so it cannot run where JavaScript is off: it checks instead the page as a
 * browser without JavaScript draws it, with <noscript> content shown and no script loaded.
 */
async function expectNoViolationsWithoutScripts(
  withoutJs: BrowserContext,
  path: string,
  options: BrowserContextOptions = {},
) {
  const context = await withoutJs.browser()!.newContext(options);
  const page = await context.newPage();
  try {
    await page.route("**/*", async (route) => {
      const type = route.request().resourceType();
      if (type === "script") return route.abort();
      if (type !== "document") return route.continue();
      const response = await route.fetch();
      const html = (await response.text()).replace(/<\/?noscript\b[^>]*>/g, "");
      await route.fulfill({ response, body: html });
    });
    await page.goto(t.server.origin + path);
    assert.ok(await page.locator(".tool-noscript").isVisible(), "the no-script note is drawn");
    await expectNoViolations(
      page,
      `${path} without JavaScript (${JSON.stringify(options.viewport ?? "default")})`,
    );
  } finally {
    await context.close();
  }
}

const stored = () => t.server.enquiries();

const hydrated = (page: Page, island: string) =>
  page.evaluate(
    (name) =>
      Object.keys(document.querySelector(`[data-island="${name}"] .island-root`) ?? {}).some((k) =>
        k.startsWith("__react"),
      ),
    island,
  );

/** Tab until a radio of the named group has focus (the group takes one Tab stop). */
async function tabTo(page: Page, name: string) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((n) => (document.activeElement as HTMLInputElement).name === n, name))
      return;
  }
  assert.fail(`Tab never reached the "${name}" radio group`);
}

const checked = (page: Page, name: string) =>
  page.evaluate(
    (n) => document.querySelector<HTMLInputElement>(`input[name="${n}"]:checked`)?.value ?? null,
    name,
  );

for (const { name, options } of widths) {
  test(`route finder by keyboard, then the pre-filled enquiry reaches the server (${name})`, async () => {
    const context = await t.browser.newContext(options);
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
    try {
      await page.goto(t.server.origin + "/");
      await page.goto(t.server.origin + "/find-your-route");
      await page.waitForLoadState("networkidle");
      const live = page.locator("#route-finder [aria-live=polite]");
      assert.equal(
        await live.textContent(),
        "Answer the questions to see the route that fits you.",
      );
      await expectNoViolations(page, `route finder, no answers (${name})`);
      assert.equal(await hydrated(page, "RouteFinder"), false, "no React before the tool is used");
      const scriptsAtLoad = scripts.length;

      await tabTo(page, "goal");
      await page.keyboard.press("ArrowDown"); // A master's degree
      await tabTo(page, "qualification");
      for (let i = 0; i < 2; i++) await page.keyboard.press("ArrowDown"); // Bachelor's degree
      await tabTo(page, "english");
      for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowDown"); // 6.0
      await tabTo(page, "start");
      await page.keyboard.press("ArrowDown"); // January
      await page.waitForFunction(() => location.search.includes("start=january"));
      assert.ok(scripts.length > scriptsAtLoad, "the island's code loads on first use");
      assert.equal(await live.textContent(), "Suggested for you: Taught master's or Pre-masters.");
      assert.equal(
        new URL(page.url()).search,
        "?goal=masters&qualification=bachelors&english=6.0&start=january",
      );
      const cards = page.locator("#route-finder .route-card");
      assert.deepEqual(await cards.locator("h3").allTextContents(), [
        "Taught master's",
        "Pre-masters",
      ]);
      assert.match((await cards.first().textContent()) ?? "", /Next intake:\s*January/);
      await expectNoViolations(page, `route finder, two routes (${name})`);

      // On to the first card's enquiry link, still by keyboard.
      const enquiry = cards.first().locator("a.button");
      for (let i = 0; i < 10 && !(await enquiry.evaluate((a) => a === document.activeElement)); i++)
        await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      await page.waitForURL(/\/contact\?/);
      await page.locator("#contact-form").scrollIntoViewIfNeeded();
      await page.waitForSelector("#contact-form[novalidate]");
      assert.equal(await page.inputValue("#contact-form-interest"), "Taught Masters");
      const message = await page.inputValue("#contact-form-message");
      assert.match(message, /Aim: A master's degree; Highest qualification: Bachelor's degree/);
      assert.match(message, /It suggested: Taught master's or Pre-masters/);
      await page.fill("#contact-form-fullName", `Route ${name}`);
      await page.fill("#contact-form-email", "route@example.com");
      await page.fill("#contact-form-phone", "+44 7700 900123");
      await page.fill("#contact-form-country", "Nigeria");
      await page.fill("#contact-form-message", `${message}\nI can start in January.`);
      await page.click("#contact-form button[type=submit]");
      await page.locator(".toast.is-open").waitFor();
      const sent = (await stored()).find((r) => r.fullName === `Route ${name}`);
      assert.equal(sent?.interest, "Taught Masters");
      assert.match(sent?.message ?? "", /English \(IELTS\): 6\.0; Start: January/);

      // Back: the finder with its answers (the clicks added no entries), then the page before.
      await page.goBack();
      await page.waitForURL(/find-your-route\?goal=masters/);
      await page.waitForFunction(() =>
        document.querySelector("#route-finder .route-card")?.textContent?.includes("Taught"),
      );
      assert.equal(await checked(page, "english"), "6.0");
      await page.goBack();
      assert.equal(new URL(page.url()).pathname, "/");
    } finally {
      await context.close();
    }
  });

  test(`cost planner: choices update the plan and the URL; a link restores them (${name})`, async () => {
    const context = await t.browser.newContext(options);
    const page = await context.newPage();
    try {
      await page.goto(t.server.origin + "/cost-of-study");
      await page.waitForLoadState("networkidle");
      await expectNoViolations(page, `cost planner, starting plan (${name})`);
      assert.equal(await hydrated(page, "CostPlanner"), false, "no React before the tool is used");
      // A click before hydration counts: the island reads the form when it starts. (The
      // radio covers its label, so a click anywhere on the choice lands on the radio.)
      await page.click("#planner-route-phd");
      await page.waitForFunction(() => location.search.includes("route=phd"));
      assert.equal(await page.inputValue("#planner-months"), "36", "a PhD's usual length");
      await page.click("#planner-place-elsewhere");
      await page.click("#planner-home-studio");
      await page.selectOption("#planner-months", "40");
      await page.click("#planner-currency-INR");
      await page.waitForFunction(() => location.search.includes("currency=INR"));
      assert.equal(
        new URL(page.url()).search,
        "?route=phd&place=elsewhere&home=studio&months=40&currency=INR",
      );
      const plan = page.locator("#planner");
      // Worked by hand: 3 years and 4 months of surcharge at £776 a year is £2,716; 9 months
      // of £1,136 elsewhere is £10,224.
      assert.match((await plan.locator(".plan-table").textContent()) ?? "", /£2,716/);
      assert.match((await plan.locator(".funds").textContent()) ?? "", /£10,224/);
      const expected = planCost(
        { route: "phd", place: "elsewhere", home: "studio", months: 40 },
        costModel.figures,
      );
      assert.equal(
        await plan.locator(".plan-table tfoot .pounds").first().textContent(),
        formatPoundRange(expected.total),
      );
      assert.match(
        (await plan.locator("[aria-live=polite]").textContent()) ?? "",
        new RegExp(`^Total for your first year: ${formatPoundRange(expected.total)} \\(about ₹`),
      );
      await expectNoViolations(page, `cost planner, PhD elsewhere in rupees (${name})`);

      // The same address in a new page shows the same plan without a touch.
      const shared = await context.newPage();
      await shared.goto(page.url());
      await shared.waitForFunction(() => document.querySelector("#planner-route-phd:checked"));
      assert.equal(await shared.inputValue("#planner-months"), "40");
      assert.equal(
        await shared.locator("#planner .plan-table tfoot .pounds").first().textContent(),
        formatPoundRange(expected.total),
      );
    } finally {
      await context.close();
    }
  });
}

test("without JavaScript: the decision table, every route, every figure and a worked example", async () => {
  const context = await t.browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto(t.server.origin + "/find-your-route");
    assert.match(
      (await page.locator(".tool-noscript").textContent()) ?? "",
      /decision table and the routes below/,
    );
    assert.equal(await page.locator(".decision-table tbody tr").count(), 13);
    assert.equal(await page.locator("#routes .route-card").count(), 7);
    for (const width of widths)
      await expectNoViolationsWithoutScripts(context, "/find-your-route", width.options);
    await page.locator("#route-pre-masters a.button").click();
    await page.waitForURL(/\/contact\?interest=Pre-Masters/);
    assert.ok(await page.locator("#contact-form").isVisible(), "the form is there to fill in");

    await page.goto(t.server.origin + "/cost-of-study");
    const figures = (await page.locator("#figures").textContent()) ?? "";
    for (const text of [
      "£524",
      "in force since April 2025",
      "£776",
      "£1,483",
      "£1,136",
      "in force since January 2025",
    ])
      assert.ok(figures.includes(text), text);
    assert.match(
      (await page.locator("#worked-example .funds").textContent()) ?? "",
      /£1,483 a month for 9 months£13,347/,
    );
    for (const width of widths)
      await expectNoViolationsWithoutScripts(context, "/cost-of-study", width.options);
  } finally {
    await context.close();
  }
});

test("reduced motion: the choices change state without a transition", async () => {
  const context = await t.browser.newContext({ reducedMotion: "reduce" });
  const page = await context.newPage();
  try {
    await page.goto(t.server.origin + "/find-your-route");
    await page.waitForLoadState("networkidle");
    const duration = await page
      .locator("label[for=finder-goal-masters]")
      .evaluate((el) => getComputedStyle(el).transitionDuration);
    assert.ok(
      duration.split(",").every((d) => parseFloat(d) < 0.001),
      `transition-duration ${duration}`,
    );
  } finally {
    await context.close();
  }
});

test("a choice made before a tool's island has loaded is kept (a tap on a slow phone)", async () => {
  const context = await t.browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    for (const [path, choice, query] of [
      ["/ar/find-your-route", '#route-finder input[name="goal"][value="masters"]', "goal=masters"],
      ["/cost-of-study", "#planner-route-phd", "route=phd"],
    ]) {
      const page = await context.newPage();
      // Hold the islands' code back until the visitor has chosen.
      let release = () => {};
      const held = new Promise<void>((done) => (release = done));
      await page.route(/\/assets\/lazy-.*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(t.server.origin + path);
      await page.locator(choice).check();
      assert.ok(!page.url().includes(query), "nothing ran before the code came");
      release();
      await page.waitForFunction((q) => location.search.includes(q), query);
      assert.ok(await page.locator(choice).isChecked(), `${path}: the choice is still shown`);
      await page.close();
    }
  } finally {
    await context.close();
  }
});
