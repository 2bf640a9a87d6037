/**
 * Every page in every language, and each language's 404, at phone and desktop widths: no axe
 * violation, nothing wider than the screen. The open states are in a11y.test.ts.
 */
import { test } from "node:test";
import type { BrowserContext } from "playwright-core";
import { siteUnderTest } from "./harness";
import { expectNoViolations, widths } from "./axe";
import { routes } from "../../src/routes";
import { builtLocales, localePath } from "../../src/i18n/pageLocale";

const t = siteUnderTest();

const paths = builtLocales.flatMap((l) =>
  [...routes.map((r) => r.path), "/no-such-page"].map((p) => localePath(l, p)),
);

/** Axe is most of the time a page takes: two tabs share the paths (the machine has 2 cores). */
const TABS = 2;

async function checkAll(context: BrowserContext, name: string) {
  const queue = [...paths];
  await Promise.all(
    Array.from({ length: TABS }, async () => {
      const page = await context.newPage();
      for (let path = queue.shift(); path; path = queue.shift()) {
        await page.goto(t.server.origin + path);
        await page.waitForLoadState("networkidle");
        await expectNoViolations(page, `${path} at ${name}`);
      }
    }),
  );
}

for (const { name, options } of widths) {
  test(`every page in every language has no axe violations (${name})`, async () => {
    const context = await t.browser.newContext(options);
    try {
      await checkAll(context, name);
    } finally {
      await context.close();
    }
  });
}
