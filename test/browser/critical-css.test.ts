import { test } from "node:test";
import assert from "node:assert/strict";
import type { BrowserContextOptions, Page, Route } from "playwright-core";
import { siteUnderTest } from "./harness";
// Filter pages are /events with fewer cards: checked once, as /events (layoutRoutes).
import { layoutRoutes } from "../../src/routes";

const t = siteUnderTest();

const desktop: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const phone: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};
const paths = [...layoutRoutes.map((r) => r.path), "/no-such-page"];
const FULL_SHEET = /\/assets\/main-[^/]+\.css$/;

/**
 * A page whose full stylesheet is held back until `release()`: it shows only the inline CSS (and
 * the scripts' own sheet, for markup they make). `picker: false` leaves the slot picker unbuilt.
 */
async function withSheetHeld(
  path: string,
  options: BrowserContextOptions,
  { picker = false } = {},
) {
  const context = await t.browser.newContext(options);
  // Every layout shift from the first frame on, as Lighthouse's CLS counts them.
  await context.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { __shifts: shifts });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) shifts.push((e as unknown as { value: number }).value);
    }).observe({ type: "layout-shift", buffered: true });
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !(path === "/no-such-page" && m.text().includes("404")))
      problems.push(m.text());
  });
  page.on("pageerror", (e) => problems.push(e.message));
  let release = () => {};
  const held = new Promise<void>((done) => (release = done));
  await page.route(FULL_SHEET, async (route: Route) => {
    await held;
    await route.continue();
  });
  // Building the slot picker replaces the plain fields: left out where only the sheet is looked at.
  if (!picker) await page.route(/\/assets\/lazy-client-booking-[^/]+\.js$/, () => {});
  await page.goto(t.server.origin + path);
  // The picker draws its calendar under the scripts' sheet alone, the full one still held.
  if (picker && (await page.$("[data-slot-picker]")))
    await page.waitForSelector(".booking-day", { state: "attached" });
  // Once the page has loaded, the full sheet is prefetched (it applies on first interaction).
  await page.waitForSelector('link[href*="/main-"]', { state: "attached" });
  return {
    page,
    release: async () => {
      release();
      // A key the page does nothing with: the first interaction applies the full sheet.
      await page.keyboard.press("Shift");
      await page.waitForFunction(() =>
        [...document.styleSheets].some((s) => s.href && /\/main-[^/]+\.css$/.test(s.href)),
      );
      await settle(page);
    },
    close: async () => {
      await context.close();
      assert.deepEqual(problems, [], `${path}: console errors`);
    },
  };
}

/** Two frames: styles recalculated, layout and paint done. */
const settle = (page: Page) =>
  page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );

/** Every element's computed style (with its ::before and ::after), kept in the page. */
const snapshot = (page: Page) =>
  page.evaluate(() => {
    const styles = new Map<Element, string[]>();
    for (const el of document.querySelectorAll("body *"))
      styles.set(
        el,
        [null, "::before", "::after"].map((pseudo) => {
          const style = getComputedStyle(el, pseudo);
          return Array.from(style, (p) => `${p}:${style.getPropertyValue(p)}`).join(";");
        }),
      );
    Object.assign(window, { __styles: styles });
  });

/**
 * Elements whose style differs from the snapshot. Markup added since is not compared, nor markup
 * a script has taken out since (an event's live places replace the capacity's <bdi>).
 */
const changedSinceSnapshot = (page: Page) =>
  page.evaluate(() => {
    const before = (window as unknown as { __styles: Map<Element, string[]> }).__styles;
    const out: string[] = [];
    for (const [el, styles] of before)
      [null, "::before", "::after"].forEach((pseudo, i) => {
        if (!el.isConnected) return;
        const style = getComputedStyle(el, pseudo);
        const now = new Set(Array.from(style, (p) => `${p}:${style.getPropertyValue(p)}`));
        const changed = styles[i].split(";").filter((v) => !now.has(v));
        if (changed.length)
          out.push(
            `${el.tagName.toLowerCase()}.${el.className}${pseudo ?? ""}: ${changed.slice(0, 4).join(", ")}`,
          );
      });
    return out;
  });

for (const path of paths)
  test(`the inline CSS styles ${path} exactly as the full sheet does, hydrated and scrolled`, async () => {
    const { page, release, close } = await withSheetHeld(
      path,
      { ...desktop, reducedMotion: "reduce" },
      { picker: true },
    );
    // Bring every island and lazy image in, then back to the top.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += innerHeight / 2) {
        scrollTo(0, y);
        await new Promise((done) => setTimeout(done, 50));
      }
      scrollTo(0, 0);
      // The students' tools hydrate on first use, not on sight.
      for (const island of document.querySelectorAll('[data-hydrate="interaction"]'))
        island.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
    });
    await page.waitForFunction(() =>
      [...document.querySelectorAll(".island-root")].every((r) =>
        Object.keys(r).some((k) => k.startsWith("__react")),
      ),
    );
    await page.waitForFunction(() => [...document.images].every((i) => i.complete));
    await page.evaluate(() => document.fonts.ready);
    // Hover is updated by a mouse move the browser fakes some time after scrolling: make it now.
    await page.mouse.move(0, 0);
    await settle(page);
    await snapshot(page);
    await release();
    assert.deepEqual(await changedSinceSnapshot(page), [], path);
    await close();
  });

test("nothing moves when the full sheet arrives: CLS 0 on every page (phone)", async () => {
  for (const path of paths) {
    const { page, release, close } = await withSheetHeld(path, phone);
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
