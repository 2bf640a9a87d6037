import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, posix } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { routes } from "../../src/routes";
import { localeOutputFile } from "../../src/build/render";
import { scriptsOf } from "../../src/build/report";
import { styleHash } from "../../src/build/critical";
import { metaPolicy } from "../../src/build/headers";
import { pageScriptLoader } from "../../src/build/pageScript";
import { builtLocales } from "../../src/i18n/pageLocale";
import { routesIn } from "../../src/i18n/pageLanguages";
import { sharedBuild, TEST_BUILD_ENV } from "../testBuild";

const root = join(import.meta.dirname, "../..");
let dist = "";

// Built as npm test builds it, with every endpoint the server answers (TEST_BUILD_ENV): the
// build read here is npm test's own (TEST_DIST) when there is one, and one of its own if not.
const build = (into: string) =>
  execFileSync(process.execPath, ["--import", "tsx", "build.ts"], {
    cwd: root,
    env: { ...process.env, ...TEST_BUILD_ENV, DIST_DIR: into },
    stdio: "pipe",
  });

let own = false;
before(() => {
  const shared = sharedBuild();
  own = !shared;
  dist = shared ?? mkdtempSync(join(tmpdir(), "eg-build-"));
  if (own) build(dist);
});
after(() => {
  if (own) rmSync(dist, { recursive: true, force: true });
});

/** Every file under `dir`, as paths relative to it. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => posix.relative(dir, join(e.parentPath, e.name)))
    .sort();

test("the same sources build the same files, names and bytes: a deploy changes only what changed", () => {
  const again = mkdtempSync(join(tmpdir(), "eg-build-again-"));
  try {
    build(again);
    const files = filesUnder(dist);
    assert.deepEqual(filesUnder(again), files);
    for (const file of files)
      assert.ok(readFileSync(join(again, file)).equals(readFileSync(join(dist, file))), file);
  } finally {
    rmSync(again, { recursive: true, force: true });
  }
});

const html = (page: string) => readFileSync(join(dist, page), "utf8");
/** Every page file in every language: "about/index.html", "ar/about/index.html", "zh/404.html". */
const pages = () =>
  builtLocales.flatMap((l) =>
    [...routesIn(l, routes).map((r) => r.path), "/404"].map((path) => localeOutputFile(l, path)),
  );

test("every route is a file; sitemap, robots, favicon and pre-compressed copies exist", () => {
  for (const page of pages()) {
    assert.ok(existsSync(join(dist, page)), page);
    const original = readFileSync(join(dist, page));
    assert.ok(brotliDecompressSync(readFileSync(join(dist, `${page}.br`))).equals(original), page);
    assert.ok(gunzipSync(readFileSync(join(dist, `${page}.gz`))).equals(original), page);
  }
  assert.ok(existsSync(join(dist, "about/index.html")), "clean URL /about");
  const sitemap = readFileSync(join(dist, "sitemap.xml"), "utf8");
  for (const r of routes) assert.ok(sitemap.includes(`${r.path}</loc>`), r.path);
  assert.ok(!sitemap.includes("404"));
  assert.ok(existsSync(join(dist, "robots.txt")) && existsSync(join(dist, "favicon.svg")));
  // The editor (/admin/) is built, and kept out of search: robots.txt, not in the sitemap.
  assert.ok(
    existsSync(join(dist, "admin/index.html")) && existsSync(join(dist, "admin/decap-cms.js")),
  );
  assert.ok(!sitemap.includes("/admin"));
  assert.match(readFileSync(join(dist, "robots.txt"), "utf8"), /^Disallow: \/admin\/$/m);
});

test("assets are content-hashed; scripts' imports and the CSS's url()s resolve", () => {
  // Links, sources and #fragments in the pages: test/unit/links.test.ts.
  const assets = readdirSync(join(dist, "assets")).filter((f) => !/\.(gz|br)$/.test(f));
  for (const a of assets) assert.match(a, /-[A-Za-z0-9_]{8}\.\w+$/, `${a} is hashed`);
  // Scripts' own imports (shared chunks, island chunks) resolve too.
  for (const page of pages()) {
    const { eager, lazy } = scriptsOf(dist, html(page));
    for (const url of [...eager, ...lazy]) assert.ok(existsSync(join(dist, url)), url);
  }
  // The CSS's url()s (the font) resolve.
  for (const css of assets.filter((a) => a.endsWith(".css"))) {
    for (const [, url] of readFileSync(join(dist, "assets", css), "utf8").matchAll(
      /url\(["']?([^)"']+)/g,
    ))
      if (!url.startsWith("data:"))
        assert.ok(existsSync(join(dist, "assets", posix.normalize(url))), url);
  }
});

test("strict CSP holds: no inline executable script but the hashed loader, no style attributes, no other hosts", async () => {
  const loader = await pageScriptLoader();
  for (const page of pages()) {
    const doc = html(page);
    for (const [tag] of doc.matchAll(/<script\b[^>]*>/g))
      assert.ok(/type="application\/(ld\+)?json"|src="\/assets\//.test(tag), `${page}: ${tag}`);
    const inline = [...doc.matchAll(/<script data-src="[^"]+">([^<]*)<\/script>/g)];
    assert.equal(inline.length, 1, `${page}: one loader`);
    assert.equal(loader.hash, styleHash(inline[0][1]), `${page}: the loader is the hashed one`);
    assert.ok(!/\sstyle="/.test(doc), `${page} has a style attribute`);
    for (const [tag, url] of doc.matchAll(
      /<(?:script|link|img|iframe)\b[^>]*(?:src|href)="(https?:[^"]+)"[^>]*>/g,
    ))
      // Canonical and alternate (hreflang) links name pages; they load nothing.
      if (!/rel="(canonical|alternate)"/.test(tag))
        assert.fail(`${page} loads ${url} from another host`);
  }
});

test("React reaches only pages with islands, and only on demand", () => {
  const reactChunk = (urls: string[]) =>
    urls.some((u) => readFileSync(join(dist, u), "utf8").includes("react.transitional.element"));
  for (const page of pages()) {
    const { eager, lazy } = scriptsOf(dist, html(page));
    assert.equal(reactChunk(eager), false, `${page} loads React up front`);
    const hasIslands = html(page).includes("data-island=");
    assert.equal(reactChunk(lazy), hasIslands, `${page} React on demand iff islands`);
  }
});

test("forms post to the configured endpoint", () => {
  assert.match(html("contact/index.html"), /<form[^>]+action="\/api\/enquiry"/);
});

test("each page inlines its CSS under a CSP hash; the full sheet and the manifest wait for load", () => {
  for (const page of pages()) {
    // Each page's policy (first in its head) allows its own inline style and the loader, nothing else inline.
    const csp = metaPolicy(html(page)) ?? "";
    assert.match(
      html(page),
      /^<!DOCTYPE html><html [^>]*><head><meta charSet="utf-8"\/><meta http-equiv="Content-Security-Policy"/,
      `${page}: the policy comes first`,
    );
    const hashes = (directive: string) =>
      csp
        .split("; ")
        .find((d) => d.startsWith(`${directive} `))!
        .split(" ")
        .filter((s) => s.startsWith("'sha256-"));
    const doc = html(page);
    const styles = [...doc.matchAll(/<style>([\s\S]*?)<\/style>/g)];
    assert.equal(styles.length, 1, `${page}: one inline style`);
    const [, css] = styles[0];
    assert.deepEqual(hashes("style-src"), [styleHash(css)], `${page}: style-src is its style`);
    assert.equal(hashes("script-src").length, 1, `${page}: script-src allows the loader only`);
    // Fraunces and its metric-matched local fallbacks.
    assert.match(css, /@font-face\{font-family:Fraunces;[^}]*font-display:optional/, page);
    assert.match(css, /@font-face\{font-family:Fraunces fallback/, page);
    // Every stylesheet link, and the manifest, is held back: nothing requested before paint.
    const held = [...doc.matchAll(/<noscript data-after-load>(<link [^>]*>)<\/noscript>/g)];
    const links = [...doc.matchAll(/<link rel="(?:stylesheet|manifest)"[^>]*>/g)].map((m) => m[0]);
    assert.deepEqual(
      held.map((m) => m[1]),
      links,
      `${page}: links outside <noscript data-after-load>`,
    );
    assert.equal(links.length, 2, page);
    for (const [, href] of links.join("").matchAll(/href="([^"]+)"/g))
      assert.ok(existsSync(join(dist, href)), `${page}: ${href} exists`);
    assert.match(doc, /<script data-src="\/assets\/page-[^"]+\.js">/, page);
    // Preloaded: the font (font-display: optional waits for it briefly, so it must start early)
    // and the LCP image (React adds it for fetchPriority="high"); nothing else.
    for (const [tag] of doc.matchAll(/<link rel="preload"[^>]*>/g))
      assert.match(tag, /as="(?:image|font)"/, `${page}: ${tag}`);
    // Fraunces has Latin letters only: Arabic and Chinese pages, set in system faces, skip it.
    const translated = /^(?:ar|zh)\//.test(page);
    assert.equal(
      /<link rel="preload"[^>]*as="font"/.test(doc),
      !translated,
      `${page}: font preload`,
    );
  }
});
