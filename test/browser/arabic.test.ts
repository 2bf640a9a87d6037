/**
 * The Arabic pages as a reader in Riyadh uses them, at phone and desktop widths: right to left,
 * carousels in reading order, anchors under the header, both forms answered in Arabic, the tools
 * keeping the language in their URLs, and no axe violation. The Chinese cost planner at 1280 px
 * and the Arabic home and programme pages at 390 px are kept as screenshots for review.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { readCatalog } from "../../src/i18n/catalog";
import { fill } from "../../src/lib/template";
import { isolateLtr } from "../../src/lib/bidi";
import { siteUnderTest } from "./harness";
import { expectNoViolations } from "./axe";

const t = siteUnderTest();
const shots = join(import.meta.dirname, "../../test-results/screenshots");

/** A translation as the catalog holds it. */
const ar = (file: string, field: string) => {
  const text = readCatalog("ar", `content/${file}.ts`)[field]?.text;
  assert.ok(text, `ar ${file} ${field}`);
  return text;
};

const stored = () => t.server.enquiries();

async function open(path: string, width: number, locale = "ar-SA") {
  const context = await t.browser.newContext({ viewport: { width, height: 900 }, locale });
  const page = await context.newPage();
  await page.goto(t.server.origin + path);
  await page.waitForFunction(() => document.documentElement.classList.contains("js"));
  return { page, close: () => context.close() };
}

/** An island has hydrated once React has put its keys on the root. */
const hydrated = (page: Page, selector: string) =>
  page.waitForFunction((s) => {
    const root = document.querySelector(s);
    return !!root && Object.keys(root).some((k) => k.startsWith("__react"));
  }, selector);

const box = async (page: Page, selector: string) => {
  const b = await page.locator(selector).first().boundingBox();
  assert.ok(b, `${selector} is shown`);
  return b;
};

for (const width of [390, 1280]) {
  test(`Arabic home at ${width} px: mirrored header, carousels in reading order, anchors, no violations`, async () => {
    const { page, close } = await open("/ar/", width);
    try {
      assert.equal(await page.getAttribute("html", "dir"), "rtl");
      const brand = await box(page, ".site-header .brand");
      assert.ok(brand.x + brand.width / 2 > width / 2, "the logo sits at the right");
      const menu = await box(page, width < 960 ? ".menu-toggle" : ".site-nav .nav-list");
      assert.ok(menu.x < brand.x, "the menu sits left of the logo");
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      assert.ok(overflow <= 0, `the page is ${overflow} px wider than the screen`);
      // Nothing is offered to a reader whose browser is in Arabic already.
      assert.equal(await page.locator(".language-offer").count(), 0);

      // The hero's dots run right to left: the first at the right.
      await page.locator(".hero.is-enhanced").waitFor();
      const [first, second] = [
        await box(page, ".hero-dot >> nth=0"),
        await box(page, ".hero-dot >> nth=1"),
      ];
      assert.ok(second.x < first.x, "the second slide's dot is left of the first");
      if (width === 390) await page.screenshot({ path: join(shots, "ar-home-390.png") });

      // Testimonials: "next" is the control on the left, and it moves on in reading order.
      await page.locator("#testimonials").scrollIntoViewIfNeeded();
      await hydrated(page, "#testimonials .island-root");
      const names = await page.locator(".testimonial strong").allTextContents();
      const next = page.getByRole("button", { name: ar("ui", "ui.home.nextStory") });
      const previous = page.getByRole("button", { name: ar("ui", "ui.home.previousStory") });
      const [n, p] = [await next.boundingBox(), await previous.boundingBox()];
      assert.ok(n && p && n.x < p.x, "next is left of previous");
      await next.click();
      assert.equal(await page.locator(".testimonial.is-current strong").textContent(), names[1]);

      // An anchor lands under the header (header height + 16 px).
      await page.locator('.site-footer a[href="/ar/#testimonials"]').click();
      await page.waitForTimeout(1200);
      const [header, top] = await page.evaluate(() => [
        document.querySelector(".site-header")!.getBoundingClientRect().height,
        document.querySelector("#testimonials")!.getBoundingClientRect().top,
      ]);
      assert.ok(Math.abs(top - (header + 16)) <= 2, `lands at ${top}, header ${header}`);
      await expectNoViolations(page, `Arabic home at ${width} px`);
      // Headings in the script's system face; the wordmark in the brand's local stand-in, so no
      // web font is fetched (Lighthouse counts a font the first paint waits for).
      const [heading, wordmark] = await page.evaluate(() =>
        ["h1", ".brand-name"].map((s) => getComputedStyle(document.querySelector(s)!).fontFamily),
      );
      assert.match(heading, /^"Noto Naskh Arabic local"/);
      assert.match(wordmark, /^"Fraunces fallback Georgia"/);
      const fonts = await page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .map((e) => e.name)
          .filter((url) => url.endsWith(".woff2")),
      );
      assert.deepEqual(fonts, []);
    } finally {
      await close();
    }
  });
}

test("Arabic programme page at 390 px: the list and its search in Arabic", async () => {
  mkdirSync(shots, { recursive: true });
  const { page, close } = await open("/ar/undergraduate-programmes", 390);
  try {
    assert.equal(await page.getAttribute("html", "lang"), "ar");
    await page.screenshot({ path: join(shots, "ar-programme-390.png") });
    const input = page.getByRole("combobox");
    await input.scrollIntoViewIfNeeded();
    await hydrated(page, "#programmes .island-root");
    await input.fill("zzz");
    await page.getByText(ar("ui", "ui.search.programmesEmpty")).waitFor();
    await expectNoViolations(page, "Arabic programme page, no match");
  } finally {
    await close();
  }
});

test("both forms, sent from Arabic pages, are answered in Arabic and stored with their language", async () => {
  const { page, close } = await open("/ar/contact", 390);
  try {
    const form = page.locator("#contact-form");
    await form.scrollIntoViewIfNeeded();
    await page.waitForSelector("#contact-form[novalidate]");
    await page.click("#contact-form button[type=submit]");
    const label = ar("forms", "formWords.labels.fullName");
    assert.equal(
      await page.textContent("#contact-form-fullName-error"),
      `${ar("ui", "ui.forms.errorPrefix")}${fill(ar("forms", "formWords.missing"), { label })}`,
    );
    await expectNoViolations(page, "Arabic enquiry form with its messages");
    await page.fill("#contact-form-fullName", "ليلى حداد");
    await page.fill("#contact-form-email", "layla@example.com");
    await page.fill("#contact-form-phone", "+971 50 123 4567");
    await page.fill("#contact-form-country", "الإمارات");
    await page.selectOption("#contact-form-interest", "Taught Masters");
    await page.click("#contact-form button[type=submit]");
    const toast = page.locator(".toast.is-open [role=status]");
    await toast.waitFor();
    assert.match((await toast.textContent()) ?? "", /[\u0600-\u06ff]/, "the toast is in Arabic");
    const sent = (await stored()).find((r) => r.email === "layla@example.com");
    assert.equal(sent?.lang, "ar");
    assert.equal(sent?.interest, "Taught Masters", "stored under its one English value");

    await page.goto(t.server.origin + "/ar/about#consultation-form");
    await page.waitForSelector("#consultation-form[novalidate]");
    await page.fill("#consultation-form-name", "ليلى");
    await page.fill("#consultation-form-email", "layla2@example.com");
    await page.fill("#consultation-form-message", "أود التحدث عن الماجستير.");
    await page.click("#consultation-form button[type=submit]");
    await page.locator(".toast.is-open [role=status]").waitFor();
    assert.match(
      (await page.locator(".toast.is-open [role=status]").textContent()) ?? "",
      /[\u0600-\u06ff]/,
    );
    assert.equal((await stored()).find((r) => r.email === "layla2@example.com")?.lang, "ar");
  } finally {
    await close();
  }
});

test("without JavaScript, an Arabic form is answered by an Arabic page", async () => {
  const context = await t.browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto(t.server.origin + "/ar/contact");
    // Past the browser's own checks (a@b passes them), not the server's (it wants a dot).
    await page.fill("#contact-form-fullName", "ليلى");
    await page.fill("#contact-form-email", "layla@example");
    await page.fill("#contact-form-phone", "+971 50 123 4567");
    await page.fill("#contact-form-country", "الإمارات");
    await page.selectOption("#contact-form-interest", "Taught Masters");
    await page.click("#contact-form button[type=submit]");
    await page.waitForURL(/\/api\/enquiry/);
    assert.equal(await page.getAttribute("html", "lang"), "ar");
    assert.equal(await page.textContent("h1"), ar("forms", "formWords.answers.fixTitle"));
    assert.ok(
      ((await page.textContent("#contact-form-email-error")) ?? "").endsWith(
        fill(ar("forms", "formWords.emailWrong"), { email: isolateLtr("name@example.com") }),
      ),
    );
  } finally {
    await context.close();
  }
});

test("the tools keep the language in their URLs; the Chinese cost planner at 1280 px", async () => {
  const { page, close } = await open("/ar/cost-of-study", 390);
  try {
    await page.click("#planner-route-phd");
    await page.waitForFunction(() => location.search.includes("route=phd"));
    assert.equal(new URL(page.url()).pathname, "/ar/cost-of-study");
    await expectNoViolations(page, "Arabic cost planner, PhD");
    await page.goto(t.server.origin + "/ar/find-your-route");
    await page.locator('#route-finder input[name="goal"]').first().check();
    await page.waitForFunction(() => location.search.includes("goal="));
    assert.equal(new URL(page.url()).pathname, "/ar/find-your-route");
  } finally {
    await close();
  }
  const zh = await open("/zh/cost-of-study", 1280, "zh-CN");
  try {
    await zh.page.click("#planner-route-bachelors");
    await zh.page.click("#planner-currency-CNY");
    await zh.page.waitForFunction(() => location.search.includes("currency=CNY"));
    assert.equal(new URL(zh.page.url()).pathname, "/zh/cost-of-study");
    await zh.page.locator("#planner").scrollIntoViewIfNeeded();
    await zh.page.screenshot({ path: join(shots, "zh-cost-planner-1280.png"), fullPage: true });
    await expectNoViolations(zh.page, "Chinese cost planner");
  } finally {
    await zh.close();
  }
});

/** Whether this machine has a face of `family` (Debian's fonts-noto-core and fonts-noto-cjk). */
function hasFont(family: string) {
  try {
    return execFileSync("fc-list", [`:family=${family}`], { encoding: "utf8" }).trim() !== "";
  } catch {
    return false;
  }
}

test("Arabic and Chinese pages draw their script in the Noto faces their local() names find, each page only its own", async (t) => {
  /** The page's font faces: family, weight and whether the browser found and loaded it. */
  const faces = async (page: Page) => {
    await page.evaluate(() => document.fonts.ready);
    return page.evaluate(() =>
      [...document.fonts].map((f) => ({
        name: `${f.family.replace(/"/g, "")} ${f.weight}`,
        status: f.status,
      })),
    );
  };
  // Each page: its language, the Noto family its text needs, the faces its heading and body text
  // use, and the names of its own faces (the English page has none).
  const pages: [string, string, string, string[], RegExp][] = [
    [
      "/ar/",
      "ar-SA",
      "Noto Naskh Arabic",
      ["Noto Naskh Arabic local 700", "Noto Sans Arabic local 400"],
      /Arabic|Sans local|Serif/,
    ],
    [
      "/zh/",
      "zh-CN",
      "Noto Sans CJK SC",
      ["Noto Sans CJK SC local 400", "Noto Sans CJK SC local 700"],
      /CJK/,
    ],
    ["/", "en-GB", "", [], /(?!)/],
  ];
  for (const [path, locale, family, used, own] of pages) {
    const { page, close } = await open(path, 390, locale);
    try {
      const local = (await faces(page)).filter((f) => f.name.includes(" local "));
      // Another language's faces are left out of the page's inline CSS.
      assert.deepEqual(
        local.filter((f) => !own.test(f.name)),
        [],
        `${path}: only its own faces`,
      );
      if (family && !hasFont(family)) {
        t.diagnostic(`${path}: no ${family} on this machine (fonts-noto-core, fonts-noto-cjk)`);
        continue;
      }
      for (const name of used)
        assert.ok(
          local.some((f) => f.name === name && f.status === "loaded"),
          `${path}: ${name} drawn from its local file, of ${JSON.stringify(local)}`,
        );
      assert.deepEqual(
        local.filter((f) => f.status === "error"),
        [],
        `${path}: a local() name not found`,
      );
    } finally {
      await close();
    }
  }
});

test("a browser that prefers Arabic, on an English page, is offered the Arabic page once", async () => {
  const { page, close } = await open("/about", 390, "ar-SA");
  try {
    const offer = page.locator(".language-offer");
    await offer.waitFor();
    assert.equal(await offer.getAttribute("lang"), "ar");
    assert.equal(await offer.locator("a").getAttribute("href"), "/ar/about");
    await expectNoViolations(page, "the language offer");
    await offer.getByRole("button").click();
    assert.equal(await offer.count(), 0);
    await page.reload();
    await page.waitForFunction(() => document.documentElement.classList.contains("js"));
    await page.waitForTimeout(500);
    assert.equal(await page.locator(".language-offer").count(), 0, "a dismissal is remembered");
  } finally {
    await close();
  }
});

test("the menu button says its words in Arabic, open and closed", async () => {
  const { page, close } = await open("/ar/about", 800);
  try {
    const label = page.locator(".menu-toggle-label");
    assert.equal(await label.textContent(), ar("ui", "ui.header.menu"));
    await page.locator(".menu-toggle").click();
    assert.equal(await label.textContent(), ar("ui", "ui.header.closeMenu"));
    await page.locator(".menu-toggle").click();
    assert.equal(await label.textContent(), ar("ui", "ui.header.menu"));
  } finally {
    await close();
  }
});
