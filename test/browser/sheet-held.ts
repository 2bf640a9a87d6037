/**
 * A page with its full stylesheet held back, for the critical-CSS tests
 * (critical-css*.test.ts): what the inline CSS alone shows, then what changes when the sheet
 * applies.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import type { BrowserContextOptions, Page, Route } from "playwright-core";
import type { SiteUnderTest } from "./harness";
// Filter pages are /events with fewer cards: checked once, as /events (layoutRoutes).
import { layoutRoutes } from "../../src/routes";

export const desktop: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
export const phone: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};
export const paths = [...layoutRoutes.map((r) => r.path), "/no-such-page"];
export const FULL_SHEET = /\/assets\/main-[^/]+\.css$/;

/**
 * A page whose full stylesheet is held back until `release()`: it shows only the inline CSS (and
 * the scripts' own sheet, for markup they make). `picker: false` leaves the slot picker unbuilt.
 */
export async function withSheetHeld(
  t: SiteUnderTest,
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
export const settle = (page: Page) =>
  page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );

/**
 * Every element's computed style (with its ::before and ::after), kept in the page. A ::before or
 * ::after without content is not drawn: its `content` alone is kept (two in three on the home
 * page, whose full snapshot took 7 s), so one that gains content still shows as changed.
 */
export const snapshot = (page: Page) =>
  page.evaluate(() => {
    const styles = new Map<Element, string[]>();
    for (const el of document.querySelectorAll("body *"))
      styles.set(
        el,
        [null, "::before", "::after"].map((pseudo) => {
          const style = getComputedStyle(el, pseudo);
          if (pseudo && /^(none|normal)$/.test(style.content)) return `content:${style.content}`;
          return Array.from(style, (p) => `${p}:${style.getPropertyValue(p)}`).join(";");
        }),
      );
    Object.assign(window, { __styles: styles });
  });

/**
 * Elements whose style differs from the snapshot. Markup added since is not compared, nor markup
 * a script has taken out since (an event's live places replace the capacity's <bdi>).
 */
export const changedSinceSnapshot = (page: Page) =>
  page.evaluate(() => {
    const before = (window as unknown as { __styles: Map<Element, string[]> }).__styles;
    const out: string[] = [];
    for (const [el, styles] of before)
      [null, "::before", "::after"].forEach((pseudo, i) => {
        if (!el.isConnected) return;
        const style = getComputedStyle(el, pseudo);
        const now = new Set(
          pseudo && /^(none|normal)$/.test(style.content)
            ? [`content:${style.content}`]
            : Array.from(style, (p) => `${p}:${style.getPropertyValue(p)}`),
        );
        const changed = styles[i].split(";").filter((v) => !now.has(v));
        if (changed.length)
          out.push(
            `${el.tagName.toLowerCase()}.${el.className}${pseudo ?? ""}: ${changed.slice(0, 4).join(", ")}`,
          );
      });
    return out;
  });

/** `work`, or an error naming `step` if it has not finished within a minute. */
async function bounded<T>(step: string, work: Promise<T>, ms = 60_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`${step}: not done after ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * For each path, a test that the inline CSS styles the page exactly as the full sheet does, once
 * every island has hydrated and every lazy image has come in. Each step is bounded and named, so
 * a page that stalls fails its own test saying where, not its whole file by node's file timeout.
 */
export function testInlineCssMatchesFullSheet(t: SiteUnderTest, paths: readonly string[]) {
  for (const path of paths)
    test(
      `the inline CSS styles ${path} exactly as the full sheet does, hydrated and scrolled`,
      { timeout: 240_000 },
      async () => {
        const step = <T>(name: string, work: Promise<T>) => bounded(`${path}: ${name}`, work);
        const { page, release, close } = await step(
          "load with the sheet held",
          withSheetHeld(t, path, { ...desktop, reducedMotion: "reduce" }, { picker: true }),
        );
        // Bring every island and lazy image in, then back to the top. Driven from here, one
        // bounded step a position, rather than by timers in the page: on a busy CI machine one
        // in-page loop of them did not end within a minute, and did not say where it stood.
        const height = await step(
          "measure",
          page.evaluate(() => document.body.scrollHeight),
        );
        for (let y = 0; y < height; y += desktop.viewport!.height / 2) {
          await step(
            `scroll to ${y}`,
            page.evaluate((y) => scrollTo(0, y), y),
          );
          await page.waitForTimeout(50);
        }
        await step(
          "back to the top",
          page.evaluate(() => {
            scrollTo(0, 0);
            // The students' tools hydrate on first use, not on sight.
            for (const island of document.querySelectorAll('[data-hydrate="interaction"]'))
              island.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
          }),
        );
        await page.waitForFunction(() =>
          [...document.querySelectorAll(".island-root")].every((r) =>
            Object.keys(r).some((k) => k.startsWith("__react")),
          ),
        );
        await page.waitForFunction(() => [...document.images].every((i) => i.complete));
        await step(
          "fonts",
          page.evaluate(() => document.fonts.ready),
        );
        // Hover is updated by a mouse move the browser fakes some time after scrolling: make it now.
        await step("mouse move", page.mouse.move(0, 0));
        await step("settle", settle(page));
        await step("snapshot", snapshot(page));
        await step("apply the full sheet", release());
        assert.deepEqual(await step("compare", changedSinceSnapshot(page)), [], path);
        await step("close", close());
      },
    );
}
