import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { brotliDecompressSync, constants } from "node:zlib";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { routes, notFoundRoute } from "../../src/routes";
import { localeOutputFile, outputFile } from "../../src/build/render";
import { measure, type PageBytes } from "../../src/build/report";
import { builtLocales } from "../../src/i18n/pageLocale";
import { routesIn } from "../../src/i18n/pageLanguages";
import { sourceLocale, type Locale } from "../../src/i18n/locales";
import { sharedBuild, TEST_BUILD_ENV } from "../testBuild";

const root = join(import.meta.dirname, "../..");
const KINDS = ["htmlGz", "inlineCssGz", "jsGz", "cssGz", "fonts"] as const;
type Kind = (typeof KINDS)[number];
type Budget = Record<Kind, number>;
const budgets = JSON.parse(readFileSync(join(root, "test/budgets.json"), "utf8")) as {
  default: Budget;
  pages: Record<string, Partial<Budget>>;
};

/** What each kind of byte is, for a message that names the file. */
const fileOf = (page: PageBytes, kind: Kind) =>
  ({
    htmlGz: page.page,
    inlineCssGz: `${page.page} <style>`,
    jsGz: page.files.js.join(" + "),
    cssGz: page.files.css.join(" + "),
    fonts: page.files.fonts.join(" + "),
  })[kind];

let dist = "";
let own = false;
let measured: PageBytes[] = [];
let translated: { locale: Locale; pages: PageBytes[] }[] = [];
// The site as `npm start` serves it, every endpoint on (TEST_BUILD_ENV): npm test's build
// (TEST_DIST) when there is one, else one of its own.
before(() => {
  const shared = sharedBuild();
  own = !shared;
  dist = shared ?? mkdtempSync(join(tmpdir(), "eg-budgets-"));
  if (own)
    execFileSync(process.execPath, ["--import", "tsx", "build.ts"], {
      cwd: root,
      env: { ...process.env, ...TEST_BUILD_ENV, DIST_DIR: dist },
      stdio: "pipe",
    });
  measured = measure(
    dist,
    [...routes, notFoundRoute].map((r) => outputFile(r.path)),
  );
  translated = builtLocales
    .filter((l) => l !== sourceLocale)
    .map((locale) => ({
      locale,
      pages: measure(
        dist,
        routesIn(locale, [...routes, notFoundRoute]).map((r) => localeOutputFile(locale, r.path)),
      ),
    }));
});
after(() => {
  if (own) rmSync(dist, { recursive: true, force: true });
});

test("budgets name only pages the site has, and only known kinds", () => {
  const pages = new Set(measured.map((p) => p.page));
  for (const [page, budget] of Object.entries(budgets.pages)) {
    assert.ok(pages.has(page), `test/budgets.json: no page ${page}`);
    for (const kind of Object.keys(budget))
      assert.ok(KINDS.includes(kind as Kind), `test/budgets.json ${page}: unknown ${kind}`);
  }
  assert.deepEqual(Object.keys(budgets.default).sort(), [...KINDS].sort());
});

test("every page ships within its byte budget", () => {
  const over: string[] = [];
  for (const page of measured) {
    const budget = { ...budgets.default, ...budgets.pages[page.page] };
    for (const kind of KINDS)
      if (page[kind] > budget[kind])
        over.push(
          `${page.page}: ${kind} ${page[kind]} B > budget ${budget[kind]} B (${fileOf(page, kind)})`,
        );
  }
  if (over.length) assert.fail(`over budget (test/budgets.json):\n  ${over.join("\n  ")}`);
});

/**
 * What a new connection delivers in its first round trip: TCP's first window (10 segments of
 * 1,460 B) less 1,000 B for the response's headers (our server's are 841 B on a page).
 */
const FIRST_WINDOW = 14_600 - 1_000;

test("each home page's first screen arrives in the first round trip (brotli, as served)", () => {
  for (const locale of builtLocales) {
    const file = localeOutputFile(locale, "/");
    const html = readFileSync(join(dist, file), "utf8");
    // The first screen: the head (with its CSS), the header and the hero, up to the next section.
    const hero = html.indexOf('<section class="hero"');
    const firstScreenEnd = html.indexOf("<section", hero + 1);
    assert.ok(hero > 0 && firstScreenEnd > hero, `${file}: no hero, or nothing after it`);
    // A truncated stream decodes as far as its bytes go when asked to flush, not finish.
    const served = readFileSync(join(dist, `${file}.br`));
    const decoded = brotliDecompressSync(served.subarray(0, FIRST_WINDOW), {
      finishFlush: constants.BROTLI_OPERATION_FLUSH,
    }).toString("utf8");
    assert.ok(
      decoded.length >= firstScreenEnd,
      `${file}: the first ${FIRST_WINDOW} B of brotli decode to ${decoded.length} characters, ` +
        `short of the first screen's ${firstScreenEnd}: keep the head (inline CSS, JSON-LD) and the hero smaller`,
    );
  }
});

/**
 * Lighthouse's model (Lantern) counts a document's whole transfer before its first paint: one byte
 * past the first window is a second round trip (~150 ms on its slow 4G), against the page's own
 * words. Every page but the home pages (decisions.md: every section stays) fits whole.
 */
test("every page but the home pages arrives whole in the first round trip (brotli, as served)", () => {
  const over: string[] = [];
  let largest = { file: "", bytes: 0 };
  for (const locale of builtLocales)
    for (const route of routesIn(locale, [...routes, notFoundRoute])) {
      if (route.path === "/") continue;
      const file = `${localeOutputFile(locale, route.path)}.br`;
      const bytes = readFileSync(join(dist, file)).length;
      if (bytes > largest.bytes) largest = { file, bytes };
      if (bytes > FIRST_WINDOW) over.push(`${file}: ${bytes} B`);
    }
  console.log(`largest: ${largest.file} ${largest.bytes} B of ${FIRST_WINDOW} B`);
  if (over.length)
    assert.fail(
      `past the first round trip (${FIRST_WINDOW} B): move data a script needs into its code, ` +
        `CSS or markup off the page:\n  ${over.join("\n  ")}`,
    );
});

test("the budgets measure something: every page has inline CSS and one web font", () => {
  for (const page of measured) {
    assert.ok(page.inlineCssGz > 0, `${page.page}: no inline CSS`);
    assert.equal(page.files.fonts.length, 1, `${page.page}: fonts ${page.files.fonts.join(", ")}`);
  }
});

/** What a page costs at load: its HTML (inline CSS included), its script and the full sheet. */
const atLoad = (p: PageBytes) => p.htmlGz + p.jsGz + p.cssGz;

test("each translated page weighs within 10 % of its English twin at load (gzip)", () => {
  const english = new Map(measured.map((p) => [p.page, p]));
  const rows: string[] = [];
  for (const { locale, pages } of translated) {
    // Every page in that language: a staff page not yet translated is in English alone.
    assert.equal(
      pages.length,
      routesIn(locale, [...routes, notFoundRoute]).length,
      `${locale.code}: every page is built`,
    );
    for (const page of pages) {
      const twin = english.get(page.page.slice(locale.code.length + 1));
      assert.ok(twin, page.page);
      const ratio = atLoad(page) / atLoad(twin);
      rows.push(`${page.page} ${atLoad(page)} B / ${atLoad(twin)} B = ${ratio.toFixed(3)}`);
      assert.ok(ratio <= 1.1, `${page.page}: ${atLoad(page)} B is ${ratio.toFixed(2)}x its twin`);
    }
  }
  console.log(rows.join("\n"));
});
