/**
 * Every page of one language, and its 404, at phone and desktop widths: no axe violation, in
 * full at both, nothing wider than the screen. (The desktop's check was once the rules that can
 * change with the width and a full check of the header: two checks cost more than one full one,
 * 63 -> 41 s for 16 pages.) One file per language (a11y-pages-*.test.ts), so each stays
 * well inside its time limit and files can run side by side. The open states are in a11y.test.ts.
 */
import { test } from "node:test";
import { eachPathInWindows, siteUnderTest } from "./harness";
import { expectNoViolations, widths } from "./axe";
// Filter pages are /events with fewer cards: checked once, as /events (layoutRoutes).
import { layoutRoutes } from "../../src/routes";
import { localeByCode } from "../../src/i18n/locales";
import { builtLocales, localePath } from "../../src/i18n/pageLocale";
import { routesIn } from "../../src/i18n/pageLanguages";

export function axeEveryPage(code: string) {
  const t = siteUnderTest();
  const locale = localeByCode(code);
  if (!locale) throw new Error(`No locale ${code}`);
  if (!builtLocales.includes(locale)) return void test.skip(`${code} is not built`);
  const paths = [...routesIn(locale, layoutRoutes).map((r) => r.path), "/no-such-page"].map((p) =>
    localePath(locale, p),
  );

  widths.forEach(({ name, options }) => {
    test(`every ${code} page has no axe violations (${name})`, async () => {
      await eachPathInWindows(
        paths,
        () => t.browser.newContext(options),
        async (page, path) => {
          await page.goto(t.server.origin + path);
          await page.waitForLoadState("networkidle");
          await expectNoViolations(page, `${path} at ${name}`);
        },
      );
    });
  });
}
