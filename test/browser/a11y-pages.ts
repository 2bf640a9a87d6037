/**
 * Every page of one language, and its 404, at phone and desktop widths: no axe violation, nothing
 * wider than the screen. In full at the phone's width; at the desktop's, what can change with
 * the width (axe.ts, LAYOUT_RULES). One file per language (a11y-pages-*.test.ts), so each stays
 * well inside its time limit and files can run side by side. The open states are in a11y.test.ts.
 */
import { test } from "node:test";
import type { BrowserContext } from "playwright-core";
import { siteUnderTest } from "./harness";
import { expectNoViolations, widths } from "./axe";
// Filter pages are /events with fewer cards: checked once, as /events (layoutRoutes).
import { layoutRoutes } from "../../src/routes";
import { localeByCode } from "../../src/i18n/locales";
import { builtLocales, localePath } from "../../src/i18n/pageLocale";
import { routesIn } from "../../src/i18n/pageLanguages";

/** Axe is most of the time a page takes: two tabs share the paths. */
const TABS = 2;

export function axeEveryPage(code: string) {
  const t = siteUnderTest();
  const locale = localeByCode(code);
  if (!locale) throw new Error(`No locale ${code}`);
  if (!builtLocales.includes(locale)) return void test.skip(`${code} is not built`);
  const paths = [...routesIn(locale, layoutRoutes).map((r) => r.path), "/no-such-page"].map((p) =>
    localePath(locale, p),
  );

  async function checkAll(context: BrowserContext, name: string, layoutOnly: boolean) {
    const queue = [...paths];
    await Promise.all(
      Array.from({ length: TABS }, async () => {
        const page = await context.newPage();
        for (let path = queue.shift(); path; path = queue.shift()) {
          await page.goto(t.server.origin + path);
          await page.waitForLoadState("networkidle");
          await expectNoViolations(page, `${path} at ${name}`, layoutOnly);
        }
      }),
    );
  }

  widths.forEach(({ name, options }, i) => {
    test(`every ${code} page has no axe violations (${name}${i ? ", layout rules" : ""})`, async () => {
      const context = await t.browser.newContext(options);
      try {
        await checkAll(context, name, i > 0);
      } finally {
        await context.close();
      }
    });
  });
}
