import assert from "node:assert/strict";
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContextOptions, Page } from "playwright-core";

/** WCAG 2.2 AA and axe's best practices. */
export const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** The two widths every page is checked at. */
export const widths: { name: string; options: BrowserContextOptions }[] = [
  {
    name: "phone",
    options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  },
  { name: "desktop", options: { viewport: { width: 1280, height: 800 } } },
];

/**
 * The rules whose answer can change with the viewport's width on the same page: colours and
 * sizes that media queries set, regions that scroll. A page checked in full at one width needs
 * only these at another, and a full check of the header, the one part built differently by width
 * (the menu button against the bar of links).
 */
export const LAYOUT_RULES = [
  "color-contrast",
  "link-in-text-block",
  "target-size",
  "scrollable-region-focusable",
  "meta-viewport",
];

/**
 * An axe check that reports violations only: we assert on nothing else, and leaving out the
 * passing and incomplete results' nodes makes each check about a quarter faster (home page at
 * 390 px: 3.6-4.1 -> 2.7-2.8 s). `options()` replaces the run's options, so it comes first.
 * Legacy mode runs `axe.run` in the page itself: the default (`runPartial`, for cross-origin
 * frames, which no page of ours has) finishes each check in a blank page it opens, ~450 ms a
 * check whatever the rules (/ar/about in full 0.95 -> 0.5 s; same findings).
 */
export const axeCheck = (page: Page) =>
  new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });

/**
 * Axe on what is on screen now, and nothing wider than the screen (a table's columns can push
 * a grid past it); fails listing each violation and where. `layoutOnly`: the page was checked in
 * full at another width (LAYOUT_RULES).
 */
export async function expectNoViolations(page: Page, state: string, layoutOnly = false) {
  // Colours mid-transition are neither the old nor the new state: wait for transitions to end.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.effect?.getTiming().iterations === Infinity || a.playState !== "running"),
  );
  const checks = layoutOnly
    ? [axeCheck(page).withRules(LAYOUT_RULES), axeCheck(page).include("header").withTags(WCAG)]
    : [axeCheck(page).withTags(WCAG)];
  const violations = [];
  for (const check of checks) violations.push(...(await check.analyze()).violations);
  const found = violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  assert.deepEqual(found, [], state);
  const [scrollWidth, width] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  assert.ok(scrollWidth <= width, `${state}: the page is ${scrollWidth} px wide in ${width} px`);
}
