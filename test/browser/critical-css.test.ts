import { test } from "node:test";
import assert from "node:assert/strict";
import { siteUnderTest } from "./harness";
import { FULL_SHEET, paths, phone, settle, withSheetHeld } from "./sheet-held";

// Each page's inline CSS against the full sheet: critical-css-pages-*.test.ts.
const t = siteUnderTest();

test("nothing moves when the full sheet arrives: CLS 0 on every page (phone)", async () => {
  for (const path of paths) {
    const { page, release, close } = await withSheetHeld(t, path, phone);
    await settle(page);
    await release();
    const shifts = await page.evaluate(
      () => (window as unknown as { __shifts: number[] }).__shifts,
    );
    assert.equal(
      shifts.reduce((a, b) => a + b, 0),
      0,
      `${path}: layout shifts ${shifts.join(", ")}`,
    );
    await close();
  }
});

test("with JavaScript off, every page gets the full sheet from its <noscript> link", async () => {
  const context = await t.browser.newContext({ ...phone, javaScriptEnabled: false });
  const page = await context.newPage();
  for (const path of paths) {
    const sheet = page.waitForResponse((r) => FULL_SHEET.test(new URL(r.url()).pathname));
    await page.goto(t.server.origin + path);
    assert.equal((await sheet).status(), 200, path);
    const applied = await page.evaluate(() =>
      [...document.styleSheets].some((s) => s.href && /\/main-[^/]+\.css$/.test(s.href)),
    );
    assert.ok(applied, `${path}: the full sheet applies`);
  }
  await context.close();
});

test("the first paint waits for nothing: the page script starts and the full sheet is asked for after it", async () => {
  const context = await t.browser.newContext(phone);
  // When the page script marks the page as enhanced (its first act).
  await context.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.documentElement?.classList.contains("js")) return;
      Object.assign(window, { __enhancedAt: performance.now() });
      observer.disconnect();
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["class"] });
  });
  const page = await context.newPage();
  for (const path of ["/", "/about", "/contact"]) {
    await page.goto(t.server.origin + path);
    await page.waitForFunction(() => document.documentElement.classList.contains("js"));
    const sheet = await page.waitForFunction(
      () =>
        performance
          .getEntriesByType("resource")
          .find((e) => /\/assets\/main-[^/]+\.css$/.test(e.name))?.startTime,
    );
    const sheetRequested = (await sheet.jsonValue()) as number;
    const firstPaint = await page.evaluate(
      () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
    );
    assert.ok(firstPaint !== undefined, `${path}: a first contentful paint`);
    const enhancedAt = await page.evaluate(
      () => (window as unknown as { __enhancedAt: number }).__enhancedAt,
    );
    assert.ok(
      enhancedAt > firstPaint,
      `${path}: the page script started at ${enhancedAt} ms, before the first paint at ${firstPaint} ms`,
    );
    assert.ok(
      sheetRequested > firstPaint,
      `${path}: the full sheet was asked for at ${sheetRequested} ms, before the first paint at ${firstPaint} ms`,
    );
  }
  await context.close();
});

/**
 * A loaded phone can paint a page's background before its content: a "first-paint" entry with no
 * "first-contentful-paint" yet. This tells every paint observer of such an entry first, before
 * the browser's own (a string: tsx would name a class here with a helper the page lacks).
 */
const EARLY_BACKGROUND_PAINT = `{
  const Native = PerformanceObserver;
  window.PerformanceObserver = class extends Native {
    constructor(callback) {
      super(callback);
      this.told = callback;
    }
    observe(options) {
      super.observe(options);
      if (options?.type !== "paint") return;
      const entry = { name: "first-paint", entryType: "paint", startTime: performance.now(), duration: 0 };
      const list = {
        getEntries: () => [entry],
        getEntriesByType: (type) => (type === "paint" ? [entry] : []),
        getEntriesByName: (name) => (name === "first-paint" ? [entry] : []),
      };
      queueMicrotask(() => this.told(list, this));
    }
  };
}`;

test("the page script waits for the first contentful paint, not a paint of the background before it", async () => {
  const context = await t.browser.newContext(phone);
  await context.addInitScript({ content: EARLY_BACKGROUND_PAINT });
  const page = await context.newPage();
  for (const path of ["/", "/contact", "/ar/book"]) {
    await page.goto(t.server.origin + path);
    await page.waitForFunction(() => document.documentElement.classList.contains("js"));
    const [firstContentfulPaint, scriptRequested] = await page.evaluate(() => [
      performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      performance.getEntriesByType("resource").find((e) => /\/assets\/page-[^/]+\.js$/.test(e.name))
        ?.startTime,
    ]);
    assert.ok(
      firstContentfulPaint !== undefined && scriptRequested !== undefined,
      `${path}: first contentful paint at ${firstContentfulPaint}, page script asked for at ${scriptRequested}`,
    );
    assert.ok(
      scriptRequested > firstContentfulPaint,
      `${path}: the page script was asked for at ${scriptRequested} ms, before the first contentful paint at ${firstContentfulPaint} ms`,
    );
  }
  await context.close();
});

test("the full sheet is fetched after load but applies only on the first interaction", async () => {
  const context = await t.browser.newContext(phone);
  const page = await context.newPage();
  const applied = (sheet = /\/main-[^/]+\.css$/) =>
    page.evaluate(
      (source) => [...document.styleSheets].some((s) => s.href && new RegExp(source).test(s.href)),
      sheet.source,
    );
  for (const path of ["/", "/about", "/guides/january-2026-intake", "/book"]) {
    const sheet = page.waitForResponse((r) => FULL_SHEET.test(new URL(r.url()).pathname));
    await page.goto(t.server.origin + path);
    assert.equal((await sheet).status(), 200, `${path}: prefetched`);
    await page.waitForFunction(() => document.documentElement.classList.contains("js"));
    if (path === "/book") {
      // The slot picker and the form's toast region are drawn under the scripts' own sheet.
      await page.waitForSelector(".booking-day", { state: "attached" });
      assert.equal(await applied(/\/scripted-[^/]+\.css$/), true, `${path}: the scripts' sheet`);
    }
    await settle(page);
    assert.equal(await applied(), false, `${path}: not applied before an interaction`);
    await page.keyboard.press("Shift");
    await page.waitForFunction(() =>
      [...document.styleSheets].some((s) => s.href && /\/main-[^/]+\.css$/.test(s.href)),
    );
  }
  await context.close();
});
