/**
 * Nothing fixed or sticky hides the page, on every route in every language at phone and desktop
 * widths: while reading, the floating controls take one corner (at most 64x64 px on a phone);
 * no focused element is covered, even in part; scrolled to the end, nothing readable or usable
 * lies under a fixed element; and fixed elements never cover each other, with the language
 * offer shown and the contact menu open.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import type { BrowserContextOptions, Page } from "playwright-core";
import { eachPathInWindows, siteUnderTest } from "./harness";
import { widths } from "./axe";
// Filter pages are /events with fewer cards: checked once, as /events (layoutRoutes).
import { layoutRoutes } from "../../src/routes";
import { builtLocales, localePath } from "../../src/i18n/pageLocale";
import { routesIn } from "../../src/i18n/pageLanguages";

const t = siteUnderTest();

const paths = builtLocales.flatMap((l) =>
  [...routesIn(l, layoutRoutes).map((r) => r.path), "/no-such-page"].map((p) => localePath(l, p)),
);

/** The corner the floating controls may take on a phone while reading. */
const CORNER = 64;

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

declare global {
  interface Window {
    fixedElements: {
      /** Outermost visible elements whose computed position is one of these. */
      layers: (positions: string[]) => Element[];
      /** The boxes an element and its visible descendants paint (an open menu overflows it). */
      boxes: (element: Element) => Box[];
      /** A short name for a failure message. */
      describe: (node: Node) => string;
      /** The fixed or sticky layer (not its own ancestor) painted over any point of the element. */
      coveredBy: (element: Element, layers?: Element[]) => Element | undefined;
    };
  }
}

/** In the page: what every check measures. Installed before the page's own scripts run. */
function installHelpers() {
  const visible = (e: Element) =>
    e.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  const steps = (from: number, to: number) => {
    const out = [to - 0.5];
    for (let v = from + 0.5; v < to - 0.5; v += 4) out.push(v);
    return out;
  };
  window.fixedElements = {
    // At each point inside the element's shape (not past its rounded corners), whether a layer
    // that is not its own ancestor lies above it.
    coveredBy: (element, layers = window.fixedElements.layers(["fixed", "sticky"])) => {
      const r = element.getBoundingClientRect();
      for (const layer of layers) {
        if (layer.contains(element)) continue;
        for (const b of window.fixedElements.boxes(layer)) {
          // Sample only where the boxes meet, inside the viewport.
          const left = Math.max(r.left, b.left, 0);
          const right = Math.min(r.right, b.right, innerWidth);
          const top = Math.max(r.top, b.top, 0);
          const bottom = Math.min(r.bottom, b.bottom, innerHeight);
          if (right - left < 1 || bottom - top < 1) continue;
          for (const x of steps(left, right))
            for (const y of steps(top, bottom)) {
              const stack = document.elementsFromPoint(x, y);
              const at = stack.findIndex((e) => element.contains(e));
              // Not past its rounded corners, and the layer above it there.
              if (at > 0 && stack.slice(0, at).some((e) => layer.contains(e))) return layer;
            }
        }
      }
      return undefined;
    },
    layers: (positions) => {
      const found = [...document.body.querySelectorAll("*")].filter(
        (e) => positions.includes(getComputedStyle(e).position) && visible(e),
      );
      return found.filter((e) => !found.some((o) => o !== e && o.contains(e)));
    },
    boxes: (element) =>
      [element, ...element.querySelectorAll("*")]
        .filter(visible)
        .map((e) => e.getBoundingClientRect())
        .filter((r) => r.width >= 1 && r.height >= 1)
        .map(({ left, top, right, bottom }) => ({ left, top, right, bottom })),
    describe: (node) => {
      const e = node instanceof Element ? node : node.parentElement;
      const text = (node.textContent ?? "").trim().slice(0, 40);
      return `<${e?.localName}${e?.className ? `.${String(e.className).split(" ")[0]}` : ""}> "${text}"`;
    },
  };
}

/**
 * A browser preferring another language we publish than the page's, so the language offer shows
 * (src/client/languageOffer.ts): Chinese on Arabic pages, Arabic on the others.
 */
const PREFERS_ANOTHER_LANGUAGE = `Object.defineProperty(navigator, "languages", {
  get: () => (location.pathname.startsWith("/ar/") ? ["zh-CN"] : ["ar"]),
});`;

/** Every path, two windows at a time, each with the helpers and a browser preferring another language. */
const eachPath = (
  options: BrowserContextOptions,
  visit: (page: Page, path: string) => Promise<void>,
) =>
  eachPathInWindows(
    paths,
    async () => {
      const context = await t.browser.newContext(options);
      // tsx keeps function names with a helper the page does not have: give it a stand-in.
      await context.addInitScript({ content: "window.__name = (f) => f;" });
      await context.addInitScript(installHelpers);
      await context.addInitScript({ content: PREFERS_ANOTHER_LANGUAGE });
      return context;
    },
    async (page, path) => {
      await page.goto(t.server.origin + path);
      await page.waitForFunction(() => document.documentElement.classList.contains("js"));
      await visit(page, path);
    },
  );

/** (a) Reading on a phone: fixed and sticky elements other than the header fill one corner. */
const cornerArea = (page: Page) =>
  page.evaluate(() => {
    const header = document.querySelector("[data-header]");
    const boxes = window.fixedElements
      .layers(["fixed", "sticky"])
      .filter((e) => e !== header)
      .flatMap((e) => window.fixedElements.boxes(e))
      .map((b) => ({
        left: Math.max(b.left, 0),
        top: Math.max(b.top, 0),
        right: Math.min(b.right, innerWidth),
        bottom: Math.min(b.bottom, innerHeight),
      }))
      .filter((b) => b.right > b.left && b.bottom > b.top);
    if (!boxes.length) return { width: 0, height: 0 };
    return {
      width: Math.max(...boxes.map((b) => b.right)) - Math.min(...boxes.map((b) => b.left)),
      height: Math.max(...boxes.map((b) => b.bottom)) - Math.min(...boxes.map((b) => b.top)),
    };
  });

/**
 * (b) Each element Tab reaches, focused in turn (it scrolls into view as a Tab does): right after
 * the browser's scroll, no point of its box shows a fixed or sticky element that is not its own
 * ancestor. Returns the covered ones.
 */
const coveredFocus = (page: Page) =>
  page.evaluate(async () => {
    const frame = () => new Promise((done) => requestAnimationFrame(done));
    // Once: a layer hidden while a field has focus is not hit by elementsFromPoint.
    const layers = window.fixedElements.layers(["fixed", "sticky"]);
    const focusables = [
      ...document.querySelectorAll<HTMLElement>(
        "a[href], button, input, select, textarea, summary, iframe, [tabindex]",
      ),
    ].filter(
      (e) =>
        e.tabIndex >= 0 &&
        !e.matches(":disabled") &&
        !e.closest("[inert]") &&
        e.checkVisibility({ visibilityProperty: true }),
    );
    const covered: string[] = [];
    for (const element of focusables) {
      const y = scrollY;
      element.focus();
      // Judged as the browser's own scroll leaves it, at once: no script corrects it later. Only
      // the header answers a scroll up a frame later (it comes back): wait for that then.
      let hit = scrollY < y ? undefined : window.fixedElements.coveredBy(element, layers);
      if (scrollY < y) {
        await frame();
        await frame();
        // An island hydrating meanwhile may take the element out of the tab order.
        hit =
          document.activeElement === element
            ? window.fixedElements.coveredBy(element, layers)
            : undefined;
      }
      if (hit) {
        const r = element.getBoundingClientRect();
        const d = window.fixedElements.describe;
        covered.push(`${d(element)} at ${r.top}-${r.bottom} under ${d(hit)}`);
      }
    }
    return covered;
  });

/** (c) Scrolled to the end: the text, links, fields and buttons under a fixed element. */
const underFixedAtEnd = (page: Page) =>
  page.evaluate(async () => {
    const frame = () => new Promise((done) => requestAnimationFrame(done));
    scrollTo(0, document.documentElement.scrollHeight);
    await frame();
    await frame();
    const layers = window.fixedElements.layers(["fixed"]);
    const fixedBoxes = layers.flatMap((l) => window.fixedElements.boxes(l));
    const overlaps = (r: Box) =>
      r.bottom > 0 &&
      r.top < innerHeight &&
      fixedBoxes.some(
        (f) => r.left < f.right && r.right > f.left && r.top < f.bottom && r.bottom > f.top,
      );
    const found: string[] = [];
    const outside = (n: Node) => !layers.some((l) => l.contains(n));
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent?.trim() || !outside(n) || !n.parentElement?.checkVisibility()) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      if ([...range.getClientRects()].some(overlaps)) found.push(window.fixedElements.describe(n));
    }
    for (const e of document.querySelectorAll("a[href], button, input, select, textarea, label"))
      if (outside(e) && e.checkVisibility() && overlaps(e.getBoundingClientRect()))
        found.push(window.fixedElements.describe(e));
    return found;
  });

/**
 * (d) Pairs of fixed elements (and the sticky header) whose painted boxes intersect. Sticky
 * asides are page content: (b) and (c) hold for them.
 */
const fixedOverlaps = (page: Page) =>
  page.evaluate(() => {
    const header = document.querySelector("[data-header]");
    const layers = [...window.fixedElements.layers(["fixed"]), ...(header ? [header] : [])];
    const found: string[] = [];
    layers.forEach((a, i) =>
      layers.slice(i + 1).forEach((b) => {
        const bb = window.fixedElements.boxes(b);
        const hit = window.fixedElements
          .boxes(a)
          .some((p) =>
            bb.some(
              (q) => p.left < q.right && p.right > q.left && p.top < q.bottom && p.bottom > q.top,
            ),
          );
        if (hit)
          found.push(`${window.fixedElements.describe(a)} / ${window.fixedElements.describe(b)}`);
      }),
    );
    return found;
  });

for (const { name, options } of widths) {
  const { width, height } = options.viewport!;
  test(`at ${width}x${height}, every page in every language: the offer and the open contact menu overlap nothing fixed; reading, the controls keep to a corner (phone); focus is never covered; nothing lies under them at the end`, async () => {
    const started = Date.now();
    const failures: string[] = [];
    await eachPath({ ...options, reducedMotion: "reduce" }, async (page, path) => {
      // (d) With the offer shown and the menu open. A page not published in the browser's
      // language (a staff page in English only) has nothing to offer: no offer shows.
      const offer = page.locator(".language-offer");
      const preferred = path.startsWith("/ar/") ? "zh" : "ar";
      const twin = await page.locator(`a[data-offer][hreflang|="${preferred}"]`).count();
      if (twin) await offer.waitFor();
      else {
        await page.waitForLoadState("load");
        if (await offer.isVisible()) failures.push(`${path}: offers a page it does not have`);
      }
      await page.locator(".quick-contact summary").click();
      await page.locator("#quick-contact-links").waitFor();
      // Escape closes it once its behaviour, loaded on first opening, has started.
      await page.waitForSelector("details[data-quick-contact][data-started]");
      for (const c of await fixedOverlaps(page)) failures.push(`${path}: overlap: ${c}`);
      // Reading: the menu closed (Escape, as a visitor would) and the offer dismissed.
      await page.keyboard.press("Escape");
      if (twin) await offer.getByRole("button").click();
      await page.evaluate(() => localStorage.clear());
      // (a)
      if (name === "phone") {
        const area = await cornerArea(page);
        if (area.width > CORNER || area.height > CORNER)
          failures.push(`${path}: the floating controls take ${area.width}x${area.height} px`);
      }
      // (b), (c)
      for (const c of await coveredFocus(page)) failures.push(`${path}: focus covered: ${c}`);
      for (const c of await underFixedAtEnd(page)) failures.push(`${path}: at the end: ${c}`);
    });
    assert.deepEqual(failures, []);
    console.log(`${name}: ${paths.length} pages in ${Date.now() - started} ms`);
  });
}

test("tabbing through the forms' pages on a phone (an Arabic browser in Dubai): right after each Tab, nothing fixed covers the focus", async () => {
  const context = await t.browser.newContext({
    ...widths[0].options,
    locale: "ar",
    timezoneId: "Asia/Dubai",
    reducedMotion: "reduce",
  });
  await context.addInitScript({ content: "window.__name = (f) => f;" });
  await context.addInitScript(installHelpers);
  const page = await context.newPage();
  const failures: string[] = [];
  const forms = ["/book", "/contact", "/about", "/events/personal-statement-workshop"];
  for (const path of builtLocales.flatMap((l) => forms.map((p) => localePath(l, p)))) {
    await page.goto(t.server.origin + path);
    await page.waitForFunction(() => document.documentElement.classList.contains("js"));
    let fields = 0;
    for (let i = 0; i < 400; i++) {
      await page.keyboard.press("Tab");
      const seen = await page.evaluate(() => {
        const focused = document.activeElement;
        // Focus may fall to the body for a moment (a control replaced while focused): go on.
        if (!focused || focused === document.body) return { field: false, covered: undefined };
        // Round the page once: back at the first element Tab reached, stop.
        if (focused.hasAttribute("data-first-tab")) return undefined;
        if (!document.querySelector("[data-first-tab]")) focused.setAttribute("data-first-tab", "");
        const hit = window.fixedElements.coveredBy(focused);
        return {
          field: focused.matches("input, textarea, select"),
          covered: hit
            ? `${window.fixedElements.describe(focused)} under ${window.fixedElements.describe(hit)}`
            : undefined,
        };
      });
      if (!seen) break;
      if (seen.field) fields++;
      if (seen.covered) failures.push(`${path}: ${seen.covered}`);
    }
    assert.ok(fields >= 3, `${path}: ${fields} form fields reached`);
  }
  await context.close();
  assert.deepEqual(failures, []);
});

test("the contact menu opens with JavaScript off; with it, Escape, a click outside and focus leaving close it", async () => {
  const noScript = await t.browser.newContext({ ...widths[0].options, javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto(t.server.origin + "/ar/contact");
  await plain.locator(".quick-contact summary").click();
  const links = plain.locator("#quick-contact-links a");
  await links.first().waitFor();
  assert.deepEqual(
    await links.evaluateAll((all) => all.map((a) => a.getAttribute("href")?.split(":")[0])),
    ["https", "tel", "mailto"],
  );
  await noScript.close();

  const context = await t.browser.newContext(widths[0].options);
  const page = await context.newPage();
  await page.goto(t.server.origin + "/contact");
  const menu = page.locator("details[data-quick-contact]");
  const toggle = menu.locator("summary");
  const isOpen = () => menu.evaluate((d) => (d as HTMLDetailsElement).open);
  await toggle.click();
  // Its closing behaviour loads on first opening: wait until it has started.
  await page.waitForSelector("details[data-quick-contact][data-started]");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Escape");
  assert.equal(await isOpen(), false, "Escape closes it");
  assert.equal(await toggle.evaluate((s) => s === document.activeElement), true, "focus is back");
  await toggle.press("Enter");
  assert.equal(await isOpen(), true, "Enter opens it");
  await page.mouse.click(20, 300);
  assert.equal(await isOpen(), false, "a click outside closes it");
  await toggle.click();
  await toggle.press("Shift+Tab");
  assert.equal(await isOpen(), false, "focus leaving closes it");
  await context.close();
});

test("the corner button keeps its box however much of it has arrived (a first paint mid-parse does not move it)", async () => {
  const context = await t.browser.newContext({ ...widths[0].options, javaScriptEnabled: false });
  const page = await context.newPage();
  const url = t.server.origin + "/ar/postgraduate-programmes";
  const html = await (await fetch(url)).text();
  const box = () =>
    page.locator(".quick-contact").evaluate((e) => {
      const r = e.getBoundingClientRect();
      return [r.left, r.top, r.width, r.height].map(Math.round);
    });
  await page.goto(url);
  const whole = await box();
  const start = html.indexOf('<aside class="quick-contact"');
  assert.ok(start > 0, "the page has the corner button");
  // The document cut where a parser may stop for a first paint: the browser closes what is open.
  for (const after of ["<details", "<summary", "<svg", "</summary>", "<li>"]) {
    const cut = html.indexOf(">", html.indexOf(after, start)) + 1;
    await page.route(url, (route) =>
      route.fulfill({ contentType: "text/html", body: html.slice(0, cut) }),
    );
    await page.goto(url);
    assert.deepEqual(await box(), whole, `cut after ${after}: the button's box moved`);
    await page.unroute(url);
  }
  await context.close();
});

test("with the language offer shown (it stays until answered), focus is never under it and the page's end scrolls clear of it", async () => {
  const failures: string[] = [];
  const context = await t.browser.newContext({ ...widths[0].options, reducedMotion: "reduce" });
  try {
    await context.addInitScript({ content: "window.__name = (f) => f;" });
    await context.addInitScript(installHelpers);
    await context.addInitScript({ content: PREFERS_ANOTHER_LANGUAGE });
    const page = await context.newPage();
    for (const path of ["/ar/contact", "/book", "/zh/cost-of-study"]) {
      await page.goto(t.server.origin + path);
      await page.locator(".language-offer").waitFor();
      for (const c of await coveredFocus(page)) failures.push(`${path}: focus covered: ${c}`);
      for (const c of await underFixedAtEnd(page)) failures.push(`${path}: at the end: ${c}`);
    }
  } finally {
    await context.close();
  }
  assert.deepEqual(failures, []);
});
