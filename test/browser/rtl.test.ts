import { test } from "node:test";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { siteUnderTest } from "./harness";

const t = siteUnderTest();

/**
 * The English pages with `dir="rtl"` on <html>, as a right-to-left language's pages will be: the
 * sheets use logical properties only (stylelint), so the layout mirrors with no other change.
 */
async function rtlPage(path: string, width: number) {
  const context = await t.browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('<html lang="en"', '<html lang="en" dir="rtl"');
      await route.fulfill({ response, body: html });
    },
  );
  await page.goto(t.server.origin + path);
  await page.waitForFunction(() => document.documentElement.classList.contains("js"));
  return { page, close: () => context.close() };
}

const box = async (page: Page, selector: string) => {
  const b = await page.locator(selector).first().boundingBox();
  assert.ok(b, `${selector} is shown`);
  return b;
};

for (const width of [390, 1280])
  test(`right to left at ${width} px: header, quick contact and marquees mirror; nothing overflows`, async () => {
    const { page, close } = await rtlPage("/", width);
    const brand = await box(page, ".site-header .brand");
    assert.ok(brand.x + brand.width / 2 > width / 2, "the logo sits at the right");
    const toggle = await box(page, width < 768 ? ".menu-toggle" : ".header-cta");
    assert.ok(toggle.x < brand.x, "the menu (or the call to action) sits left of the logo");
    const quick = await box(page, ".quick-contact");
    assert.ok(quick.x + quick.width / 2 < width / 2, "the quick-contact buttons sit at the left");
    const styles = await page.evaluate(() => ({
      ticker: getComputedStyle(document.querySelector(".ticker-track")!).animationName,
      partners: getComputedStyle(document.querySelector(".partner-track")!).animationName,
      overflow: document.documentElement.scrollWidth - window.innerWidth,
    }));
    assert.equal(styles.ticker, "ticker-rtl");
    assert.equal(styles.partners, "partners-rtl");
    assert.ok(styles.overflow <= 0, `the page is ${styles.overflow} px wider than the screen`);
    // Phone numbers and e-mail addresses shown as the link's text keep their own direction.
    const unmarked = await page.$$eval('a[href^="tel:"], a[href^="mailto:"]', (links) =>
      links
        .filter((a) => /^\+[\d ]+$|@/.test(a.textContent?.trim() ?? ""))
        .filter((a) => a.closest("[dir=ltr]") === null)
        .map((a) => a.textContent),
    );
    assert.deepEqual(unmarked, []);
    await close();
  });

test("right to left: a select's arrow at its left", async () => {
  const { page, close } = await rtlPage("/contact", 1280);
  const select = await page.evaluate(
    () => getComputedStyle(document.querySelector(".field select")!).backgroundPositionX,
  );
  // Offsets from the left edge (LTR's are from the right: "right 20px" or "calc(100% - 20px)").
  assert.equal(select, "14px, 20px");
  // The page without any dir: the arrow at the right, as before.
  await page.unrouteAll();
  await page.goto(t.server.origin + "/contact");
  const ltr = await page.evaluate(
    () => getComputedStyle(document.querySelector(".field select")!).backgroundPositionX,
  );
  assert.match(ltr, /right|100%/, ltr);
  await close();
});
