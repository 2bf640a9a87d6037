import assert from "node:assert/strict";
import { createRequire } from "node:module";
import type { AxeResults, RunOptions } from "axe-core";
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

/** The axe-core that @axe-core/playwright runs, and its source to put in a page. */
const axe = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"))(
  "axe-core",
) as { source: string; version: string };
/** Puts axe in a frame, configured as @axe-core/playwright's legacy mode does. */
const INJECT = `${axe.source}
;axe.configure({ allowedOrigins: ["<same_origin>"], branding: { application: "playwright" } });`;

/**
 * An axe check, as @axe-core/playwright's AxeBuilder in legacy mode runs it: `axe.run` in the
 * page itself, axe put in every frame first (the default, `runPartial` for cross-origin frames,
 * which no page of ours has, finishes each check in a blank page it opens, ~450 ms a check
 * whatever the rules: /ar/about in full 0.95 -> 0.5 s; same findings). AxeBuilder sends axe's
 * 550 kB source to the page and runs it twice a check; here a frame that already holds this axe
 * (a page checked again in another state) keeps it: 8 desktop pages' header checks 14.7 -> 8 s.
 * Reports violations only: we assert on nothing else, and leaving out the passing and
 * incomplete results' nodes makes each check about a quarter faster (home page at 390 px:
 * 3.6-4.1 -> 2.7-2.8 s).
 */
class AxeCheck {
  private readonly includes: string[] = [];
  private readonly excludes: string[] = [];
  private runOnly: RunOptions["runOnly"];
  constructor(private readonly page: Page) {}
  include(selector: string) {
    this.includes.push(selector);
    return this;
  }
  exclude(selector: string) {
    this.excludes.push(selector);
    return this;
  }
  withTags(tags: string[]) {
    this.runOnly = { type: "tag", values: tags };
    return this;
  }
  withRules(rules: string[]) {
    this.runOnly = { type: "rule", values: rules };
    return this;
  }
  async analyze(): Promise<AxeResults> {
    const frames = this.page.frames();
    for (const frame of frames) {
      const main = frame === this.page.mainFrame();
      try {
        const present = await frame.evaluate(
          (version) =>
            (window as unknown as { axe?: { version: string } }).axe?.version === version,
          axe.version,
        );
        if (!present) await frame.evaluate(INJECT);
      } catch (error) {
        // As AxeBuilder: a frame axe cannot be put in is left out; the page itself is not.
        if (main) throw error;
      }
    }
    // The context and options AxeBuilder passes: violations only, the rules or tags asked for.
    const context = {
      exclude: [...this.excludes],
      include: this.includes.length ? this.includes : [],
    };
    const options: RunOptions = { resultTypes: ["violations"] };
    if (this.runOnly) options.runOnly = this.runOnly;
    return await this.page.evaluate(
      ({ context, options }) =>
        (
          window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<AxeResults> } }
        ).axe.run(context, options),
      { context, options },
    );
  }
}

/** An axe check of the page, violations only (AxeCheck). */
export const axeCheck = (page: Page) => new AxeCheck(page);

/**
 * Axe on what is on screen now, and nothing wider than the screen (a table's columns can push
 * a grid past it); fails listing each violation and where.
 */
export async function expectNoViolations(page: Page, state: string) {
  // Colours mid-transition are neither the old nor the new state: wait for transitions to end.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.effect?.getTiming().iterations === Infinity || a.playState !== "running"),
  );
  const { violations } = await axeCheck(page).withTags(WCAG).analyze();
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
