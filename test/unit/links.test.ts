import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Window } from "happy-dom";
import { routes } from "../../src/routes";
import { outputFile } from "../../src/build/render";
import { builtLocales, localePath } from "../../src/i18n/pageLocale";
import { routesIn } from "../../src/i18n/pageLanguages";
import { siteUrl } from "../../src/config";
import { sharedBuild, TEST_BUILD_ENV } from "../testBuild";

// Every page of a real build: each internal href, src and srcset resolves to a file in dist/
// (and each #fragment to an element on its page), and outward links are well formed.
const root = join(import.meta.dirname, "../..");
// The site as npm start serves it (TEST_BUILD_ENV): npm test's build when there is one.
const ORIGIN = new URL(siteUrl).origin;
let dist = "";
let own = false;

before(() => {
  const shared = sharedBuild();
  own = !shared;
  dist = shared ?? mkdtempSync(join(tmpdir(), "eg-links-"));
  if (own)
    execFileSync(process.execPath, ["--import", "tsx", "build.ts"], {
      cwd: root,
      env: { ...process.env, ...TEST_BUILD_ENV, DIST_DIR: dist },
      stdio: "pipe",
    });
});
after(() => {
  if (own) rmSync(dist, { recursive: true, force: true });
});

// Every page in every language: a link on an Arabic page must lead to an Arabic page.
const pages = builtLocales.flatMap((locale) =>
  routesIn(locale, routes)
    .map((r) => ({
      path: localePath(locale, r.path),
      file: outputFile(localePath(locale, r.path)),
    }))
    .concat({
      path: localePath(locale, "/404.html"),
      file: localePath(locale, "/404.html").slice(1),
    })
    .map((p) => ({ ...p, prefix: locale.prefix })),
);

const documents = new Map<string, Document>();
function parse(file: string): Document {
  let doc = documents.get(file);
  if (!doc) {
    const window = new Window();
    window.document.write(readFileSync(join(dist, file), "utf8"));
    doc = window.document as unknown as Document;
    documents.set(file, doc);
  }
  return doc;
}

/** The file in dist/ a same-origin path is served from, or null. */
function fileFor(pathname: string): string | null {
  const rel = decodeURIComponent(pathname).replace(/^\//, "");
  for (const candidate of [rel, join(rel, "index.html")]) {
    const full = join(dist, candidate);
    if (candidate && existsSync(full) && statSync(full).isFile()) return candidate;
  }
  return pathname === "/" ? "index.html" : null;
}

/** Every URL a page refers to, with where it was found. */
function references(doc: Document) {
  const refs: { url: string; where: string; hreflang: string | null }[] = [];
  for (const el of doc.querySelectorAll("[href], [src], [srcset]")) {
    const tag = el.tagName.toLowerCase();
    for (const attr of ["href", "src"]) {
      const value = el.getAttribute(attr);
      if (value !== null)
        refs.push({ url: value, where: `<${tag} ${attr}>`, hreflang: el.getAttribute("hreflang") });
    }
    for (const candidate of (el.getAttribute("srcset") ?? "").split(",")) {
      const url = candidate.trim().split(/\s+/)[0];
      if (url) refs.push({ url, where: `<${tag} srcset>`, hreflang: null });
    }
  }
  return refs;
}

test("every internal href, src and srcset resolves, #fragments included", () => {
  const problems: string[] = [];
  let checked = 0;
  for (const page of pages) {
    for (const { url, where, hreflang } of references(parse(page.file))) {
      const target = new URL(url, ORIGIN + page.path);
      if (target.origin !== ORIGIN) continue;
      checked++;
      const file = fileFor(target.pathname);
      if (!file) {
        problems.push(`${page.path}: ${where} ${url} is not in dist/`);
        continue;
      }
      if (
        page.prefix &&
        file.endsWith(".html") &&
        !hreflang &&
        !file.startsWith(page.prefix.slice(1))
      )
        problems.push(`${page.path}: ${where} ${url} leaves the page's language`);
      const id = decodeURIComponent(target.hash.slice(1));
      if (id && file.endsWith(".html") && !parse(file).getElementById(id))
        problems.push(`${page.path}: ${where} ${url}: no element #${id} on ${target.pathname}`);
    }
  }
  assert.deepEqual(problems, []);
  assert.ok(checked > pages.length * 20, `only ${checked} internal references seen`);
});

test("links that open a new tab carry rel=noopener", () => {
  for (const page of pages) {
    for (const a of parse(page.file).querySelectorAll('[target="_blank"]')) {
      const rel = (a.getAttribute("rel") ?? "").split(/\s+/);
      assert.ok(rel.includes("noopener"), `${page.path}: ${a.outerHTML.slice(0, 120)}`);
    }
  }
});

const EMAIL = /^[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/i;

test("tel:, mailto: and WhatsApp links are well formed; other outward links are https", () => {
  const seen = { tel: 0, mailto: 0, whatsapp: 0 };
  for (const page of pages) {
    const doc = parse(page.file);
    const urls = [
      ...[...doc.querySelectorAll("a[href], form[action]")].map(
        (el) => el.getAttribute("href") ?? el.getAttribute("action") ?? "",
      ),
      ...[...doc.querySelectorAll("[data-whatsapp], [data-mailto]")].flatMap((el) => [
        ...(el.getAttribute("data-whatsapp") ? [el.getAttribute("data-whatsapp")!] : []),
        ...(el.getAttribute("data-mailto") ? [`mailto:${el.getAttribute("data-mailto")}`] : []),
      ]),
    ];
    for (const href of urls) {
      const at = `${page.path}: ${href}`;
      if (href.startsWith("tel:")) {
        seen.tel++;
        assert.match(href, /^tel:\+[1-9]\d{6,14}$/, at);
      } else if (href.startsWith("mailto:")) {
        seen.mailto++;
        const [address, query = ""] = href.slice("mailto:".length).split("?");
        assert.match(decodeURIComponent(address), EMAIL, at);
        for (const [key, value] of new URLSearchParams(query)) {
          assert.ok(["subject", "body", "cc", "bcc"].includes(key), `${at}: unknown field ${key}`);
          assert.ok(value.trim(), `${at}: empty ${key}`);
        }
      } else if (/^https:\/\/(wa\.me|api\.whatsapp\.com)\//.test(href)) {
        seen.whatsapp++;
        const url = new URL(href);
        assert.match(url.pathname, /^\/[1-9]\d{6,14}$/, `${at}: the number, digits only`);
        assert.deepEqual(
          [...url.searchParams.keys()].filter((k) => k !== "text"),
          [],
          at,
        );
      } else if (/^[a-z][a-z0-9+.-]*:/i.test(href)) {
        assert.match(href, /^https:\/\/[^\s/]+\.[a-z]{2,}(\/\S*)?$/i, `${at}: not a https link`);
      }
    }
  }
  for (const [kind, count] of Object.entries(seen)) assert.ok(count > 0, `no ${kind} link seen`);
});
