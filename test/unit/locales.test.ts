import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { routes } from "../../src/routes";
import { outputFile } from "../../src/build/render";
import { contentModules } from "../../src/build/content";
import { unitsOf } from "../../src/i18n/units";
import { writeCatalog, type Catalog } from "../../src/i18n/catalog";

// A preview build of all three languages from marked stand-in translations ("عربي <English>",
// "中文 <English>"): what the build does with a locale, whatever its words.
const root = join(import.meta.dirname, "../..");
const MARK = { ar: "عربي", zh: "中文" };
let dist = "";
let translations = "";

function standIns(dir: string, skip?: { file: string; field: string }) {
  for (const [code, mark] of Object.entries(MARK))
    for (const { file, exports } of contentModules) {
      const catalog: Catalog = {};
      for (const u of unitsOf(file, exports))
        if (!(skip && code === "ar" && u.file === skip.file && u.field === skip.field))
          catalog[u.field] = { source: u.text, text: `${mark} ${u.text}` };
      writeCatalog(code, file, catalog, dir);
    }
}

const build = (out: string, dir: string) =>
  execFileSync(process.execPath, ["--import", "tsx", "build.ts"], {
    cwd: root,
    env: {
      ...process.env,
      DIST_DIR: out,
      TRANSLATIONS_DIR: dir,
      PREVIEW_LOCALES: "ar,zh",
      ENQUIRY_ENDPOINT: "/api/enquiry",
    },
    stdio: "pipe",
    encoding: "utf8",
  });

before(() => {
  dist = mkdtempSync(join(tmpdir(), "eg-locales-"));
  translations = mkdtempSync(join(tmpdir(), "eg-tr-"));
  standIns(translations);
  build(dist, translations);
});
after(() => {
  rmSync(dist, { recursive: true, force: true });
  rmSync(translations, { recursive: true, force: true });
});

const html = (page: string) => readFileSync(join(dist, page), "utf8");

test("every route in every language: lang and direction, its own canonical, all its versions listed", () => {
  for (const [prefix, lang, dir] of [
    ["", "en", "ltr"],
    ["ar/", "ar", "rtl"],
    ["zh/", "zh-Hans", "ltr"],
  ])
    for (const route of routes) {
      const page = html(prefix + outputFile(route.path));
      assert.match(page, new RegExp(`<html lang="${lang}" dir="${dir}"`), route.path);
      const own = `https://www.eastgate-education.example/${prefix}${route.path.slice(1)}`;
      assert.ok(page.includes(`<link rel="canonical" href="${own}"/>`), `${prefix}${route.path}`);
      for (const [l, p] of [
        ["en", ""],
        ["ar", "ar/"],
        ["zh-Hans", "zh/"],
        ["x-default", ""],
      ])
        assert.ok(
          page.includes(
            `<link rel="alternate" hrefLang="${l}" href="https://www.eastgate-education.example/${p}${route.path.slice(1)}"/>`,
          ),
          `${prefix}${route.path} lists its ${l} version`,
        );
    }
  assert.match(html("ar/404.html"), /<html lang="ar" dir="rtl"/);
});

test("a page's text is in its language; links stay in it; the switcher leads to the same page in the others", () => {
  const about = html("ar/about/index.html");
  assert.match(about, /<title>عربي About us \| Eastgate Education<\/title>/);
  assert.match(about, /<a class="skip-link" href="#main">عربي Skip to main content<\/a>/);
  const links = [...about.matchAll(/<a\b[^>]*href="(\/[^"]*)"[^>]*>/g)];
  const english = links.filter(([tag, href]) => !/hreflang/i.test(tag) && !href.startsWith("/ar"));
  assert.deepEqual(
    english.map(([, href]) => href),
    [],
    "internal links lead to Arabic pages",
  );
  assert.match(
    about,
    /<a href="\/about" hrefLang="en" lang="en" dir="ltr" data-offer="[^"]+" data-offer-dismiss="[^"]+">English<\/a>.*<a href="\/zh\/about" hrefLang="zh-Hans" lang="zh-Hans" dir="ltr" data-offer="本页有中文版" data-offer-dismiss="不用了">中文<\/a>/,
  );
  assert.match(about, /<meta property="og:locale" content="ar_AR"\/>/);
  // A Study Interest reads in the page's language and posts under its one English value.
  assert.match(
    html("ar/contact/index.html"),
    /<option value="Taught Masters">عربي Taught Masters<\/option>/,
  );
  assert.match(about, /"inLanguage":"ar"/);
});

test("each language has its own scripts; an English page ships no other language's words", () => {
  const script = (page: string) => /data-src="(\/assets\/page-[^"]+)"/.exec(html(page))?.[1];
  assert.match(script("ar/book/index.html") ?? "", /^\/assets\/page-ar-/);
  assert.match(script("zh/book/index.html") ?? "", /^\/assets\/page-zh-/);
  const assets = readdirSync(join(dist, "assets")).filter((f) => f.endsWith(".js"));
  const englishJs = assets.filter((f) => !/-(ar|zh)-/.test(f));
  for (const f of englishJs) {
    const code = readFileSync(join(dist, "assets", f), "utf8");
    assert.ok(!code.includes(MARK.ar) && !code.includes(MARK.zh), `${f} carries another language`);
  }
  const arBooking = assets.find((f) => f.startsWith("lazy-ar-client-booking-"));
  assert.ok(arBooking, "the Arabic slot picker");
  assert.ok(readFileSync(join(dist, "assets", arBooking), "utf8").includes(MARK.ar));
});

test("the sitemap lists every page in every language with its alternates", () => {
  const sitemap = html("sitemap.xml");
  assert.equal((sitemap.match(/<url>/g) ?? []).length, routes.length * 3);
  assert.ok(
    sitemap.includes(
      '<url><loc>https://www.eastgate-education.example/ar/about</loc><xhtml:link rel="alternate" hreflang="en" href="https://www.eastgate-education.example/about"/>',
    ),
  );
});

test("a missing translation stops the build, naming locale, file and field", () => {
  const dir = mkdtempSync(join(tmpdir(), "eg-tr-"));
  const out = mkdtempSync(join(tmpdir(), "eg-locales-"));
  try {
    standIns(dir, { file: "content/about.yaml", field: "about.title" });
    assert.throws(
      () => build(out, dir),
      (e: { stderr?: string }) =>
        /translations\/ar\/about\.json: about\.title/.test(e.stderr ?? ""),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  }
});
