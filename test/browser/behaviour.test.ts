import { test, describe } from "node:test";
import assert from "node:assert/strict";
import type { BrowserContextOptions, Page } from "playwright-core";
import { buildSite, siteUnderTest, startServer } from "./harness";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { matchCourses } from "../../src/lib/search";
import { scriptsOf } from "../../src/build/report";
import { metaPolicy } from "../../src/build/headers";
import { courseCards } from "../../src/content/home";

const t = siteUnderTest();

const desktop: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const phone: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};

/** A page that fails the test on any console error or request to another host. */
async function open(path: string, options: BrowserContextOptions & { clock?: boolean } = desktop) {
  const { clock, ...contextOptions } = options;
  const context = await t.browser.newContext(contextOptions);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => {
    problems.push(`request to ${route.request().url()}`);
    return route.abort();
  });
  if (clock) await page.clock.install();
  const response = await page.goto(t.server.origin + path);
  // The strict policy is on, so any inline script or style attribute would show up as an error.
  assert.match(metaPolicy((await response?.text()) ?? "") ?? "", /script-src 'self'/);
  // The page script starts after the first paint; a person acts after that.
  await page.waitForFunction(() => document.documentElement.classList.contains("js"));
  return {
    page,
    problems,
    close: async () => {
      await context.close();
      assert.deepEqual(problems, [], "no console errors, no other hosts");
    },
  };
}

/** Wait until an island has hydrated (its enhanced markup or its handlers are live). */
const hydrated = (page: Page, selector: string) =>
  page.waitForFunction((s) => {
    const root = document.querySelector(s);
    return !!root && Object.keys(root).some((k) => k.startsWith("__react"));
  }, selector);

const top = (page: Page, selector: string) =>
  page.locator(selector).evaluate((e) => Math.round(e.getBoundingClientRect().top));
const headerHeight = (page: Page) =>
  page.locator("[data-header]").evaluate((e) => (e as HTMLElement).offsetHeight);

/**
 * Where the target ends up once the scroll has come to rest: the smooth scroll's last frame, or
 * the header's, may come later than a fixed wait on a busy machine (CI once read it mid-way).
 */
async function landed(page: Page, selector: string) {
  let last = await top(page, selector);
  for (let still = 0, n = 0; still < 5 && n < 100; n++) {
    await page.waitForTimeout(100);
    const now = await top(page, selector);
    still = now === last ? still + 1 : 0;
    last = now;
  }
  return last;
}

describe("header (desktop)", () => {
  test("hides after scrolling down past 120 px, reappears on scrolling up", async () => {
    const { page, close } = await open("/student-services");
    const header = page.locator("[data-header]");
    await page.mouse.wheel(0, 100);
    await page.waitForTimeout(150);
    assert.doesNotMatch((await header.getAttribute("class")) ?? "", /is-hidden/, "within 120 px");
    await page.mouse.wheel(0, 400);
    await page.waitForFunction(() =>
      document.querySelector("[data-header]")?.classList.contains("is-hidden"),
    );
    await page.mouse.wheel(0, -20);
    await page.waitForFunction(
      () => !document.querySelector("[data-header]")?.classList.contains("is-hidden"),
    );
    await close();
  });

  test("Courses dropdown: a pointer resting on it before the script starts opens it", async () => {
    const context = await t.browser.newContext(desktop);
    const page = await context.newPage();
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    await page.route(/\/assets\/page-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // Module scripts hold DOMContentLoaded back: act as soon as the toggle is drawn.
    await page.goto(t.server.origin + "/about", { waitUntil: "commit" });
    await page.locator(".dropdown-toggle").hover();
    release();
    await page.waitForFunction(() => document.documentElement.classList.contains("js"));
    assert.equal(await page.locator(".dropdown-toggle").getAttribute("aria-expanded"), "true");
    assert.equal(await page.locator("#courses-menu").isVisible(), true);
    await page.mouse.move(1200, 700);
    assert.equal(await page.locator(".dropdown-toggle").getAttribute("aria-expanded"), "false");
    await context.close();
  });

  test("Courses dropdown: hover on a fine pointer, keyboard, Escape returns focus, outside click", async () => {
    const { page, close } = await open("/about");
    const toggle = page.locator(".dropdown-toggle");
    const menu = page.locator("#courses-menu");
    assert.equal(await menu.isVisible(), false);
    await toggle.hover();
    await page.waitForFunction(
      () => document.querySelector(".dropdown-toggle")?.getAttribute("aria-expanded") === "true",
    );
    assert.equal(await menu.isVisible(), true);
    await page.mouse.move(1200, 700);
    assert.equal(await toggle.getAttribute("aria-expanded"), "false");
    assert.equal(await menu.isVisible(), false);

    await toggle.focus();
    await page.keyboard.press("Enter");
    assert.equal(await toggle.getAttribute("aria-expanded"), "true");
    await page.keyboard.press("Tab");
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute("href")),
      "/foundation-programmes",
    );
    await page.keyboard.press("Escape");
    assert.equal(await toggle.getAttribute("aria-expanded"), "false");
    assert.equal(
      await page.evaluate(() => document.activeElement?.classList.contains("dropdown-toggle")),
      true,
    );
    await page.keyboard.press(" ");
    assert.equal(await toggle.getAttribute("aria-expanded"), "true");
    await page.mouse.click(640, 600);
    assert.equal(await toggle.getAttribute("aria-expanded"), "false");
    assert.equal(
      await page.locator('.nav-link[aria-current="page"]').getAttribute("href"),
      "/about",
    );
    await close();
  });
});

describe("anchor links", () => {
  test("an in-page link lands the target header height + 16 px from the top, and focuses it", async () => {
    const { page, close } = await open("/");
    await page.locator('.site-footer a[href="/#testimonials"]').click();
    const landedAt = await landed(page, "#testimonials");
    assert.equal(new URL(page.url()).hash, "#testimonials");
    const expected = (await headerHeight(page)) + 16;
    assert.ok(Math.abs(landedAt - expected) <= 2, `offset: ${landedAt}, not ${expected}`);
    assert.equal(await page.evaluate(() => document.activeElement?.id), "testimonials");
    await close();
  });

  test("without JavaScript, a link to a home section lands with its heading clear of the header", async () => {
    const context = await t.browser.newContext({ ...desktop, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(t.server.origin + "/");
    await page.locator('.site-footer a[href="/#testimonials"]').click();
    const landedAt = await landed(page, "#testimonials");
    const header = await headerHeight(page);
    // The browser's own jump: the header's scroll padding and the sections' scroll margin.
    assert.ok(landedAt >= header, `offset: ${landedAt}, under the ${header} px header`);
    await context.close();
  });

  test("arriving with a hash lands the same way, also after late layout changes", async () => {
    const { page, close } = await open("/about#consultation-form");
    await page.waitForTimeout(1200);
    const landedAt = await landed(page, "#consultation-form");
    const expected = (await headerHeight(page)) + 16;
    assert.ok(Math.abs(landedAt - expected) <= 2, `offset: ${landedAt}, not ${expected}`);
    await close();
  });
});

describe("home islands", () => {
  test("hero: auto-advances every 6 s, loops, dots, pause control", async () => {
    const { page, close } = await open("/", { ...desktop, clock: true });
    await page.locator(".hero.is-enhanced").waitFor();
    const current = () => page.locator(".hero-slide.is-current .hero-title").textContent();
    const first = await current();
    // Shown whole (content/home.yaml's limits keep it short), never cut with an ellipsis.
    const [clamp, cut] = await page
      .locator(".hero-description")
      .first()
      .evaluate((e) => [getComputedStyle(e).webkitLineClamp, e.scrollHeight > e.clientHeight]);
    assert.deepEqual([clamp, cut], ["none", false], "descriptions shown whole");
    await page.mouse.move(5, 790); // not over the hero: hovering pauses it
    await page.clock.runFor(6000);
    assert.notEqual(await current(), first);
    // One slide at a time: React arms the next timer only after it has rendered this one.
    for (let i = 0; i < 3; i++) {
      await page.waitForTimeout(50);
      await page.clock.runFor(6000);
    }
    assert.equal(await current(), first, "four slides later it is back on the first");
    await page.locator(".hero-dot").nth(2).click();
    assert.equal(await page.locator(".hero-dot").nth(2).getAttribute("aria-current"), "true");
    assert.equal(await page.locator(".hero-slide[inert]").count(), 3);
    await page.locator(".hero-play").click();
    const paused = await current();
    await page.mouse.move(5, 790);
    await page.clock.runFor(20000);
    assert.equal(await current(), paused);
    await close();
  });

  test("hero and partner strip do not move under reduced motion", async () => {
    const { page, close } = await open("/", { ...desktop, reducedMotion: "reduce", clock: true });
    await page.locator(".hero.is-enhanced").waitFor();
    const first = await page.locator(".hero-slide.is-current .hero-title").textContent();
    await page.mouse.move(5, 790);
    await page.clock.runFor(30000);
    assert.equal(await page.locator(".hero-slide.is-current .hero-title").textContent(), first);
    assert.equal(await page.locator(".hero-play").isVisible(), false, "nothing to pause");
    const animation = await page
      .locator(".partner-track")
      .evaluate((e) => getComputedStyle(e).animationName);
    assert.equal(animation, "none");
    await close();
  });

  test("partner strip: 7 s per cycle, 4 / 3 / 2.5 / 1.75 per view, copies hidden from assistive tech", async () => {
    const { page, close } = await open("/");
    const track = page.locator(".partner-track");
    assert.equal(await track.evaluate((e) => getComputedStyle(e).animationDuration), "7s");
    await page.locator(".partner-viewport").hover();
    assert.equal(await track.evaluate((e) => getComputedStyle(e).animationPlayState), "paused");
    await page.mouse.move(5, 5);
    assert.equal(await track.evaluate((e) => getComputedStyle(e).animationPlayState), "running");
    assert.equal(await page.locator(".partner[aria-hidden='true']").count(), 5);
    for (const [width, perView] of [
      [1280, 4],
      [992, 3],
      [768, 2.5],
      [576, 1.75],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      const ratio = await page.evaluate(() => {
        const viewport = document.querySelector(".partner-viewport")!.getBoundingClientRect().width;
        return viewport / document.querySelector(".partner")!.getBoundingClientRect().width;
      });
      assert.ok(Math.abs(ratio - perView) < 0.05, `${width}px: ${ratio} per view`);
    }
    await close();
  });

  test("course search: suggestions, empty message, keyboard choice goes to its own category", async () => {
    const { page, close } = await open("/");
    const input = page.getByRole("combobox", { name: "Search courses" });
    await input.scrollIntoViewIfNeeded();
    await hydrated(page, "#courses .island-root");
    await input.fill("   ");
    assert.equal(await page.getByRole("listbox").isVisible(), false);
    await input.fill("qwerty");
    await page
      .getByText("No programmes match your search. Please try different keywords.")
      .waitFor();
    await input.fill("PHD");
    const expected = matchCourses(courseCards, "PHD")?.map((c) => c.title);
    assert.deepEqual(
      await page
        .getByRole("listbox")
        .getByRole("option")
        .locator(".combobox-option-label")
        .allTextContents(),
      expected,
    );
    await input.fill("EXECUTIVE");
    assert.equal(await page.getByRole("listbox").getByRole("option").count(), 1);
    await input.press("ArrowDown");
    await Promise.all([page.waitForURL("**/short-programmes"), input.press("Enter")]);
    await close();
  });

  test("testimonials: fade carousel, next/previous, indicators, spotlight chips", async () => {
    const { page, close } = await open("/#testimonials");
    await hydrated(page, "#testimonials .island-root");
    const current = () => page.locator(".testimonial.is-current strong").textContent();
    const names = await page.locator(".testimonial strong").allTextContents();
    assert.equal(await current(), names[0]);
    await page.getByRole("button", { name: "Next story" }).click();
    assert.equal(await current(), names[1]);
    await page.getByRole("button", { name: "Previous story" }).click();
    await page.getByRole("button", { name: "Previous story" }).click();
    assert.equal(await current(), names[2]);
    await page.locator(".spotlight-chip").nth(1).click();
    assert.equal(await current(), names[1]);
    assert.equal(new URL(page.url()).hash, "#testimonials", "chips select, they do not jump");
    assert.equal(await page.locator(".testimonial:not(.is-current)").first().isVisible(), false);
    const fade = await page
      .locator(".testimonial.is-current")
      .evaluate((e) => getComputedStyle(e).transitionProperty);
    assert.match(fade, /opacity|all/, "slides fade");
    await close();
  });
});

describe("home sections under the first screen", () => {
  test("are in the page from the start, and laid out only as they near the viewport", async () => {
    /** Rendered, as opposed to skipped by `content-visibility: auto` (src/styles/home.css). */
    const rendered = (page: Page, selector: string) =>
      page
        .locator(selector)
        .evaluate((e) =>
          e.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true }),
        );
    for (const path of ["/", "/ar/", "/zh/"]) {
      const { page, close } = await open(path, phone);
      const careersTitle = page.locator("#careers h2");
      assert.ok((await careersTitle.textContent())?.trim(), `${path}: the last section's words`);
      assert.equal(
        await rendered(page, ".hero-slide.is-current .hero-title"),
        true,
        `${path}: the first screen`,
      );
      assert.equal(
        await rendered(page, "#careers h2"),
        false,
        `${path}: the last section, far down`,
      );
      await careersTitle.scrollIntoViewIfNeeded();
      await page.waitForFunction(() =>
        document
          .querySelector("#careers h2")!
          .checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true }),
      );
      // The footer is always rendered (axe reads its colours).
      assert.equal(
        await rendered(page, ".footer-bottom > p:first-of-type"),
        true,
        `${path}: the footer`,
      );
      await close();
    }
  });
});

describe("programme search", () => {
  test("choosing a programme scrolls it to the centre and highlights it for 1.6 s", async () => {
    const { page, close } = await open("/short-programmes", { ...desktop, clock: true });
    const input = page.getByRole("combobox");
    await input.scrollIntoViewIfNeeded();
    await hydrated(page, "#programmes .island-root");
    await input.fill("zzz");
    await page.getByText("No programmes match your search at the moment.").waitFor();
    // Far enough down the list to need a scroll, far enough from the page end to centre.
    const last = (await page.locator("li.programme").nth(12).textContent()) ?? "";
    await input.fill(last.toLowerCase());
    await page.getByRole("option", { name: last }).click();
    const item = page.locator("li.programme", { hasText: last });
    await page.clock.runFor(100);
    assert.match((await item.getAttribute("class")) ?? "", /is-highlighted/);
    await page.waitForTimeout(2000); // smooth scrolling runs on real time, not the page clock
    const box = await item.boundingBox();
    assert.ok(
      box && Math.abs(box.y + box.height / 2 - 400) < 40,
      `centred: ${JSON.stringify(box)}`,
    );
    await page.clock.runFor(600);
    assert.doesNotMatch((await item.getAttribute("class")) ?? "", /is-highlighted/);
    assert.equal(await input.inputValue(), "");
    await close();
  });
  // Headless Chromium reloads here rather than restoring from the back/forward cache, so this
  // checks the browser does not refill the box; the cache restore is in test/unit/islands.
  test("search text is gone after leaving the category and coming back", async () => {
    const { page, close } = await open("/undergraduate-programmes#programmes");
    await hydrated(page, "#programmes .island-root");
    const input = page.getByRole("combobox");
    await input.fill("law");
    await page
      .locator('#courses-menu a[href="/postgraduate-programmes"]')
      .evaluate((a) => (a as HTMLAnchorElement).click());
    await page.waitForURL("**/postgraduate-programmes");
    await page.goBack();
    await page.waitForURL("**/undergraduate-programmes*");
    await hydrated(page, "#programmes .island-root");
    assert.equal(await page.getByRole("combobox").inputValue(), "");
    assert.equal(await page.locator(".programme.is-highlighted").count(), 0);
    await close();
  });
});

describe("contact map facade", () => {
  test("the map frame loads only when asked for", async () => {
    const { page, problems, close } = await open("/contact");
    assert.equal(await page.locator("iframe").count(), 0);
    assert.ok(await page.getByRole("link", { name: /Open in Maps/ }).isVisible());
    await page.getByRole("button", { name: "Show the map here" }).click();
    const frame = page.locator("iframe.office-map-frame");
    assert.match((await frame.getAttribute("src")) ?? "", /^https:\/\/www\.google\.com\/maps/);
    await page.waitForTimeout(300);
    // The visitor asked: that request (aborted here, offline) is the only one to another host.
    assert.ok(problems.every((p) => p.includes("google.com")));
    problems.length = 0;
    await close();
  });
});

describe("phone (touch, 390 px)", () => {
  test("mobile menu: labelled toggle, Courses on tap, focus kept inside, Escape", async () => {
    const { page, close } = await open("/", phone);
    const toggle = page.locator("[data-menu-toggle]");
    await page.waitForFunction(
      () => document.querySelector("[data-menu-toggle]")?.getAttribute("aria-expanded") === "false",
    );
    assert.equal(await page.locator(".site-nav").isVisible(), false);
    await toggle.tap();
    assert.equal(await toggle.getAttribute("aria-expanded"), "true");
    assert.equal(await page.locator(".site-nav").isVisible(), true);
    assert.equal(await page.locator(".cta-mobile").isVisible(), true);
    assert.equal(await page.locator(".cta-desktop").isVisible(), false);
    await page.locator(".dropdown-toggle").tap();
    assert.equal(await page.locator(".dropdown-toggle").getAttribute("aria-expanded"), "true");
    assert.equal(await page.locator("#courses-menu a").first().isVisible(), true);
    for (let i = 0; i < 15; i++) await page.keyboard.press("Tab");
    const inside = await page.evaluate(() => !!document.activeElement?.closest("[data-header]"));
    assert.ok(inside, "focus stays in the open menu");
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(200);
    assert.doesNotMatch(
      (await page.locator("[data-header]").getAttribute("class")) ?? "",
      /is-hidden/,
    );
    await page.keyboard.press("Escape");
    assert.equal(await toggle.getAttribute("aria-expanded"), "false");
    assert.equal(
      await page.evaluate(() => document.activeElement?.hasAttribute("data-menu-toggle")),
      true,
    );
    await close();
  });

  test("no horizontal scrolling at 320 px on any page", async () => {
    const { page, problems, close } = await open("/", {
      ...phone,
      viewport: { width: 320, height: 700 },
    });
    for (const path of [
      "/",
      "/foundation-programmes",
      "/short-programmes",
      "/student-services",
      "/about",
      "/contact",
      "/guides/uk-student-visa",
      "/missing",
    ]) {
      await page.goto(t.server.origin + path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 320, `${path} is ${width}px wide`);
    }
    problems.splice(0, problems.length, ...problems.filter((p) => !p.includes("404")));
    await close();
  });
});

describe("without scripts", () => {
  test("a page whose scripts never arrive is still complete and usable", async () => {
    const context = await t.browser.newContext(desktop);
    const page = await context.newPage();
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto(t.server.origin + "/");
    assert.equal(await page.locator(".hero-slide").first().isVisible(), true);
    assert.equal(await page.locator(".course-card").count(), 6);
    assert.equal(await page.locator("#contact form button[type=submit]").isVisible(), true);
    await page.locator(".has-dropdown").hover();
    assert.equal(await page.locator("#courses-menu").isVisible(), true, "CSS-only dropdown");
    await page.locator('#courses-menu a[href="/undergraduate-programmes"]').click();
    await page.waitForURL("**/undergraduate-programmes");
    assert.equal(await page.locator("li.programme").count(), 11);
    await context.close();
  });

  test("with JavaScript off, the phone menu opens through its link", async () => {
    const context = await t.browser.newContext({ ...phone, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(t.server.origin + "/contact");
    assert.equal(await page.locator(".site-nav").isVisible(), false);
    await page.locator("[data-menu-toggle]").tap();
    assert.equal(await page.locator(".site-nav").isVisible(), true);
    assert.equal(await page.locator("#courses-menu a").first().isVisible(), true);
    await context.close();
  });

  test("404: unmatched URLs get the Page not found page with status 404", async () => {
    const { page, problems, close } = await open("/");
    const response = await page.goto(t.server.origin + "/no-such-page");
    assert.equal(response?.status(), 404);
    assert.equal(await page.locator("h1").textContent(), "Page not found");
    problems.splice(0, problems.length, ...problems.filter((p) => !p.includes("404")));
    await close();
  });
});

describe("React development build", () => {
  test("islands hydrate with no mismatch warning", async () => {
    const devSite = await buildSite({ NODE_ENV: "development" });
    const devServer = await startServer(devSite.dist);
    const context = await t.browser.newContext(desktop);
    const page = await context.newPage();
    const messages: string[] = [];
    page.on("console", (m) => ["error", "warning"].includes(m.type()) && messages.push(m.text()));
    try {
      for (const [path, islands] of [
        ["/", ["#courses .island-root", "#testimonials .island-root"]],
        ["/short-programmes", ["#programmes .island-root"]],
      ] as const) {
        await page.goto(devServer.origin + path);
        for (const selector of islands) {
          await page.locator(selector).scrollIntoViewIfNeeded();
          await hydrated(page, selector);
        }
      }
      assert.deepEqual(messages, []);
    } finally {
      await context.close();
      await devServer.close();
      devSite.remove();
    }
  });
});

describe("failing island chunks", () => {
  test("a chunk that fails to load is reported once as a ChunkLoadError; the page stays usable", async () => {
    const context = await t.browser.newContext(desktop);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    // Only what islands load on demand: the page's own script still runs.
    const { lazy } = scriptsOf(t.site.dist, readFileSync(join(t.site.dist, "index.html"), "utf8"));
    assert.ok(lazy.length > 0);
    await page.route(
      (url) => lazy.includes(url.pathname),
      (route) => route.abort(),
    );
    await page.goto(t.server.origin + "/");
    for (const id of ["#courses", "#testimonials"]) {
      await page.locator(id).scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
    }
    const chunkErrors = errors.filter((e) => e.includes("ChunkLoadError"));
    assert.equal(chunkErrors.length, 1, errors.join("\n"));
    assert.equal(await page.locator(".course-card").count(), 6);
    assert.equal(await page.locator(".testimonial").first().isVisible(), true);
    await context.close();
  });
});

describe("keyboard focus", () => {
  test("a focused element is never hidden behind the sticky header or the quick-contact buttons", async () => {
    const { page, close } = await open("/", phone);
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press("Tab");
      await page.waitForTimeout(30);
      // No named functions inside evaluate: tsx's keepNames would reference a missing helper.
      const hidden = await page.evaluate(() => {
        const focused = document.activeElement as HTMLElement | null;
        if (!focused || focused === document.body) return null;
        if (focused.closest("[data-header], .quick-contact")) return null;
        const r = focused.getBoundingClientRect();
        // Hidden means every sampled point of it shows the header or the buttons instead.
        const points = [
          [r.left + 1, r.top + 1],
          [r.right - 1, r.top + 1],
          [r.left + 1, r.bottom - 1],
          [r.right - 1, r.bottom - 1],
          [(r.left + r.right) / 2, (r.top + r.bottom) / 2],
        ];
        const covers = points.every(([x, y]) =>
          document.elementFromPoint(x, y)?.closest("[data-header], .quick-contact"),
        );
        return covers ? focused.outerHTML.slice(0, 80) : null;
      });
      assert.equal(hidden, null, `tab ${i + 1}`);
    }
    await close();
  });
});
