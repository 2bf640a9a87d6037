/**
 * Pages staff compose (content/pages/): the schema and the slug checks refuse what the build
 * must not publish, naming file and field; blocks render as the site's components; FAQ blocks
 * are an FAQPage; a page is published in a language only when its translation is complete.
 */
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import {
  addressClashes,
  englishPages,
  knownIds,
  loadPageFiles,
  parsePage,
} from "../../src/content/pages";
import { staffPagePath, type StaffPage } from "../../src/content/schema/pages";
import { ContentError } from "../../src/content/contentError";
import type { Image } from "../../src/content/types";
import { PageBlocks as Blocks } from "../../src/components/PageBlocks";
import { AssetsContext } from "../../src/components/Assets";
import { readSvg } from "../../src/components/InlineSvg";
import { faqPage } from "../../src/build/structuredData";
import { builtInRoutes, routes } from "../../src/routes";
import { checkRedirects } from "../../src/build/redirects";
import { locales } from "../../src/i18n/locales";
import { pageUnits, pathLocales, translatedIn } from "../../src/i18n/pageLanguages";
import { exportLocale } from "../../src/i18n/workflow";
import { cmsConfig } from "../../src/cms/config";
import { readContentYaml } from "../../src/cms/contentFormat";
import { pagePreviewHtml } from "../../src/cms/pagePreview";
import { builtSite } from "../testBuild";

const root = join(import.meta.dirname, "../..");
const FILE = "content/pages/test-page.yaml";
const known = knownIds();

/** The blocks as the build draws them (no uploaded photos here), our SVGs read to draw inline. */
const PageBlocks = ({ page }: { page: StaffPage }) => (
  <AssetsContext.Provider value={{ css: "", font: "", worldMap: "", flags: {}, svg: readSvg }}>
    <Blocks page={page} />
  </AssetsContext.Provider>
);

const GOOD = `slug: test-page
title: A test page
description: What it is for.
socialImage:
  src: /images/programmes/foundation.svg
  width: 560
  height: 420
  alt: Stairs of books
socialAlt: The title beside stairs of books
campaign: spring
blocks:
  - type: hero
    id: hero
    heading: The heading
    text: The lead.
    action:
      label: Book now
      to: booking
  - type: text
    id: about
    heading: About it
    body: |
      A paragraph with [a link](/contact).

      - one
      - two
  - type: cards
    id: programmes
    heading: Programmes
    programmes: [foundation, postgraduate]
  - type: faq
    id: questions
    heading: Questions
    items:
      - question: Is it free?
        answer: Yes, the consultation is free.
  - type: action
    id: ask
    heading: Ask us
    label: Ask an adviser
    to: enquiry
`;

/** The messages parsePage throws for `yaml`, one a line. */
function problems(yaml: string) {
  try {
    parsePage(yaml, FILE, known);
  } catch (error) {
    assert.ok(error instanceof ContentError, String(error));
    return error.message.split("\n");
  }
  assert.fail("the page was accepted");
}

test("a good page reads, its blocks in order", () => {
  const page = parsePage(GOOD, FILE, known);
  assert.deepEqual(
    page.blocks.map((b) => b.type),
    ["hero", "text", "cards", "faq", "action"],
  );
  assert.equal(staffPagePath(page), "/test-page");
  assert.equal(staffPagePath({ ...page, folder: "campaigns" }), "/campaigns/test-page");
});

test("the schema refuses a bad page, naming the file, line, block and field", () => {
  const bad = GOOD.replace("programmes: [foundation, postgraduate]", "programmes: [nursing]")
    .replace("    heading: About it\n", "")
    .replace("to: enquiry", "to: whatsapp")
    .replace("type: faq", "type: carousel");
  const found = problems(bad);
  const has = (re: RegExp) =>
    assert.ok(
      found.some((m) => re.test(m)),
      `${re} not in:\n${found.join("\n")}`,
    );
  has(/^content\/pages\/test-page\.yaml:\d+: block 2 \(about\) field heading: /);
  has(
    /^content\/pages\/test-page\.yaml:\d+: block 3 \(programmes\) field programmes\.0: .*foundation/,
  );
  has(/^content\/pages\/test-page\.yaml:\d+: block 4 \(questions\) field type: /);
  has(/^content\/pages\/test-page\.yaml:\d+: block 5 \(ask\) field to: /);
});

test("a campaign the server would drop (over 60 characters, not a slug) is refused at build", () => {
  for (const campaign of ["a".repeat(61), "UK_September"])
    assert.ok(
      problems(GOOD.replace("campaign: spring", `campaign: ${campaign}`)).some((m) =>
        /field campaign: /.test(m),
      ),
      campaign,
    );
  assert.equal(
    parsePage(GOOD.replace("campaign: spring", `campaign: ${"a".repeat(60)}`), FILE, known)
      .campaign,
    "a".repeat(60),
  );
});

test("a text block follows the guides' rules; block ids are unique; cards name something; one hero", () => {
  const found = problems(
    GOOD.replace("A paragraph with [a link](/contact).", "A **bold** claim.")
      .replace("id: ask", "id: about")
      .replace("programmes: [foundation, postgraduate]", "intro: Nothing chosen")
      .replace(
        "  - type: action",
        "  - type: hero\n    id: hero-two\n    heading: Again\n    text: Again.\n  - type: action",
      ),
  );
  const has = (re: RegExp) =>
    assert.ok(
      found.some((m) => re.test(m)),
      `${re} not in:\n${found.join("\n")}`,
    );
  has(/block 2 \(about\) field body: line 1: emphasis and code marks are not shown/);
  has(/block 6 \(about\) field id: "about" is another block's id/);
  has(/block 3 \(programmes\) field programmes: choose at least one card/);
  has(/field blocks: a page has one hero at most/);
  assert.match(
    problems(
      GOOD.replace(
        "  - type: action",
        "  - type: text\n    id: two\n    heading: Two\n    body: |\n      Text.\n\n      ## Another {#x}\n      More.\n  - type: action",
      ),
    ).join("\n"),
    /block 5 \(two\) field body: line 3: a text section has one heading/,
  );
});

test("slugs: reserved ones refused, each used once, no built-in page's address or folder", () => {
  for (const slug of ["api", "admin", "assets", "ar", "zh"])
    assert.match(
      problems(GOOD.replace("slug: test-page", `slug: ${slug}`)).join("\n"),
      new RegExp(`^${FILE}:1: field slug: "${slug}" is reserved`),
    );
  assert.match(
    problems(GOOD.replace("slug: test-page", "slug: Test_Page")).join("\n"),
    /field slug: lower-case words/,
  );
  const dir = mkdtempSync(join(tmpdir(), "eg-pages-"));
  try {
    writeFileSync(join(dir, "a.yaml"), GOOD);
    writeFileSync(join(dir, "b.yaml"), GOOD);
    assert.throws(
      () => loadPageFiles(dir, known),
      (e: Error) =>
        e instanceof ContentError &&
        /b\.yaml field slug: "test-page" is the slug of .*a\.yaml too/.test(e.message),
    );
    rmSync(join(dir, "b.yaml"));
    writeFileSync(join(dir, "c.yaml"), GOOD.replace("slug: test-page", "slug: about"));
    writeFileSync(
      join(dir, "d.yaml"),
      GOOD.replace("slug: test-page", "slug: new-one\nfolder: campaigns"),
    );
    const loaded = loadPageFiles(dir, known);
    const builtIn = builtInRoutes.map((r) => r.path);
    assert.deepEqual(addressClashes(loaded, builtIn), [
      `${relative(process.cwd(), join(dir, "c.yaml"))} field slug: /about is already a page of the site: choose another slug or folder`,
    ]);
    assert.deepEqual(addressClashes(loaded, [...builtIn, "/campaigns/x"]).length, 2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the blocks render as the site's components, calls to action carrying the campaign", () => {
  const page = parsePage(GOOD, FILE, known);
  const html = renderToStaticMarkup(<PageBlocks page={page} />);
  assert.match(html, /<h1>The heading<\/h1>/);
  assert.match(html, /href="\/book\?campaign=spring"/);
  assert.match(html, /href="\/contact\?campaign=spring#contact-form"/);
  assert.match(html, /<a href="\/contact">a link<\/a>/);
  assert.match(html, /<li>one<\/li><li>two<\/li>/);
  assert.match(html, /href="\/foundation-programmes">Foundation Programmes</);
  assert.match(html, /href="\/postgraduate-programmes"/);
  assert.match(html, /<details><summary>Is it free\?<\/summary>/);
  // With no hero, the page's title and description are its heading band.
  const plain = renderToStaticMarkup(
    <PageBlocks page={{ ...page, blocks: page.blocks.filter((b) => b.type !== "hero") }} />,
  );
  assert.match(plain, /<h1>A test page<\/h1><p class="lead">What it is for\.<\/p>/);
});

test("our illustrations are drawn in the page, a hero's photo fetched first: nothing lazy is fetched before the first paint", () => {
  const page = parsePage(GOOD, FILE, known);
  const withImage = (image: Image) => {
    const blocks = page.blocks.map((b) => (b.type === "hero" ? { ...b, image } : b));
    return renderToStaticMarkup(<PageBlocks page={{ ...page, blocks }} />);
  };
  const svg = { src: "/images/programmes/foundation.svg", width: 560, height: 420 };
  const decorative = withImage({ ...svg, alt: "", decorative: true });
  assert.match(decorative, /<svg class="page-hero-image"[^>]*aria-hidden="true"[^>]*><rect/);
  assert.doesNotMatch(decorative, /page-hero-image[^>]*(?:role=|aria-label=)/);
  assert.doesNotMatch(decorative, /<img[^>]*page-hero-image/);
  const described = withImage({ ...svg, alt: "Stairs of books" });
  assert.match(
    described,
    /<svg class="page-hero-image"[^>]*role="img" aria-label="Stairs of books"/,
  );
  const photo = withImage({ src: "/uploads/campus.jpg", alt: "The campus" });
  const img = /<img class="page-hero-image"[^>]*>/.exec(photo)?.[0] ?? "";
  assert.match(img, /fetchPriority="high"/i);
  assert.doesNotMatch(img, /loading=/);
  // The cards' programme illustrations, cropped to the card's box as an <img> is.
  assert.match(
    described,
    /<svg class="card-image"[^>]*preserveAspectRatio="xMidYMid slice" role="img" aria-label="[^"]+"/,
  );
  assert.doesNotMatch(described, /<img/);
  // The editor's preview cannot read our files: it shows them as images.
  const preview = renderToStaticMarkup(
    <AssetsContext.Provider value={{ css: "", font: "", worldMap: "", flags: {} }}>
      <Blocks page={page} />
    </AssetsContext.Provider>,
  );
  assert.match(preview, /<img class="card-image" src="\/images\/programmes\/foundation.svg"/);
});

test("FAQ blocks are an FAQPage in the page's JSON-LD; a page without any has none", () => {
  const page = parsePage(GOOD, FILE, known);
  const route = { ...routes[0], path: "/test-page" };
  const facts = {
    route,
    routes,
    siteUrl: "https://example.test",
    image: "",
    logo: { url: "", size: 512 },
    now: 0,
  };
  assert.deepEqual(faqPage(facts, [page]), {
    "@type": "FAQPage",
    url: "https://example.test/test-page",
    inLanguage: "en",
    mainEntity: [
      {
        "@type": "Question",
        name: "Is it free?",
        acceptedAnswer: { "@type": "Answer", text: "Yes, the consultation is free." },
      },
    ],
  });
  const none = { ...page, blocks: page.blocks.filter((b) => b.type !== "faq") };
  assert.equal(faqPage(facts, [none]), undefined);
});

test("a page's texts are translation units keyed by its slug and block id; ids and types are not", () => {
  const page = parsePage(GOOD, FILE, known);
  const fields = pageUnits(page).map((u) => u.field);
  assert.ok(fields.includes("pages[test-page].blocks[hero].heading"), fields.join("\n"));
  assert.ok(fields.includes("pages[test-page].blocks[about].body"));
  assert.ok(fields.includes("pages[test-page].blocks[questions].items[0].answer"));
  assert.ok(fields.includes("pages[test-page].socialImage.alt"));
  assert.ok(
    !fields.some((f) => /\.(?:type|id|to|programmes\[\d+\]|campaign|src)$/.test(f)),
    fields.join("\n"),
  );
});

test("a page is published in a language only when every text has a current translation", () => {
  const page = parsePage(GOOD, FILE, known);
  const dir = mkdtempSync(join(tmpdir(), "eg-page-tr-"));
  try {
    const units = pageUnits(page);
    const write = (entries: typeof units) => {
      mkdirSync(join(dir, "ar"), { recursive: true });
      writeFileSync(
        join(dir, "ar", "pages.json"),
        JSON.stringify(
          Object.fromEntries(
            entries.map((u) => [u.field, { source: u.text, text: `ع ${u.text}` }]),
          ),
        ),
      );
    };
    assert.equal(translatedIn(page, "ar", dir, [page]), false, "no catalog");
    write(units.slice(1));
    assert.equal(translatedIn(page, "ar", dir, [page]), false, "one text missing");
    write(units);
    assert.equal(translatedIn(page, "ar", dir, [page]), true, "all translated");
    assert.equal(translatedIn(page, "zh", dir, [page]), false, "another language is not");
    const edited = { ...page, title: "A new title" };
    assert.equal(translatedIn(edited, "ar", dir, [edited]), false, "its English changed: stale");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the example page is English only: no language lists it, a redirect to it leads every language to the English page", () => {
  const example = englishPages.find((p) => p.slug === "study-in-the-uk-september-2027");
  assert.ok(example, "content/pages has the example");
  const path = staffPagePath(example);
  assert.deepEqual(
    pathLocales(path).map((l) => l.code),
    ["en"],
  );
  assert.deepEqual(
    pathLocales("/about").map((l) => l.code),
    ["en", "ar", "zh"],
  );
  const redirects = checkRedirects(
    `redirects:\n  - from: /old-campaign\n    to: ${path}\n  - from: /old-about\n    to: /about\n`,
    "content/redirects.yaml",
    new Set(routes.map((r) => r.path)),
    locales,
    pathLocales,
  );
  assert.deepEqual(
    redirects.map((r) => `${r.from} ${r.to}`),
    [
      `/old-campaign ${path}`,
      `/ar/old-campaign ${path}`,
      `/zh/old-campaign ${path}`,
      "/old-about /about",
      "/ar/old-about /ar/about",
      "/zh/old-about /zh/about",
    ],
  );
});

// The whole site built twice over: once as it is (the example page in English alone), once with
// the example page translated into Arabic only.
let dist = "";
let translatedDist = "";
let translations = "";
const example = "study-in-the-uk-september-2027";
const build = (out: string, env: Record<string, string> = {}) =>
  execFileSync(process.execPath, ["--import", "tsx", "build.ts"], {
    cwd: root,
    env: { ...process.env, DIST_DIR: out, CMS_BACKEND: "off", ...env },
    stdio: "pipe",
  });

before(() => {
  const shared = process.env.TEST_DIST;
  dist = shared ? builtSite(resolve(shared)) : mkdtempSync(join(tmpdir(), "eg-pages-build-"));
  if (!shared) build(dist);
  translations = mkdtempSync(join(tmpdir(), "eg-pages-translations-"));
  cpSync(join(root, "content/translations"), translations, { recursive: true });
  const page = englishPages.find((p) => p.slug === example)!;
  writeFileSync(
    join(translations, "ar", "pages.json"),
    JSON.stringify(
      Object.fromEntries(
        pageUnits(page, englishPages).map((u) => [
          u.field,
          { source: u.text, text: `(ع) ${u.text}` },
        ]),
      ),
    ),
  );
  translatedDist = mkdtempSync(join(tmpdir(), "eg-pages-ar-"));
  build(translatedDist, { TRANSLATIONS_DIR: translations });
});
after(() => {
  if (!process.env.TEST_DIST) rmSync(dist, { recursive: true, force: true });
  rmSync(translatedDist, { recursive: true, force: true });
  rmSync(translations, { recursive: true, force: true });
});

const read = (d: string, file: string) => readFileSync(join(d, file), "utf8");
const alternates = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)"/gi)].map((m) => m[1]);
const switcher = (html: string) =>
  [
    ...(/<ul class="language-switcher".*?<\/ul>/.exec(html)?.[0] ?? "").matchAll(/href="([^"]+)"/g),
  ].map((m) => m[1]);

test("untranslated, the page is built in English alone: no hreflang, no switcher, one sitemap entry", () => {
  const html = read(dist, `${example}/index.html`);
  assert.deepEqual(alternates(html), []);
  assert.deepEqual(switcher(html), []);
  assert.ok(!existsSync(join(dist, "ar", example)), "no Arabic page");
  assert.ok(!existsSync(join(dist, "zh", example)), "no Chinese page");
  const sitemap = read(dist, "sitemap.xml");
  assert.equal(sitemap.match(new RegExp(`/${example}</loc>`, "g"))?.length, 1);
  assert.ok(!sitemap.includes(`/ar/${example}`) && !sitemap.includes(`/zh/${example}`));
  assert.match(html, /"@type":"FAQPage"/);
  assert.match(html, /"@type":"BreadcrumbList"/);
  // Other pages keep every language.
  assert.deepEqual(alternates(read(dist, "about/index.html")), [
    "en",
    "ar",
    "zh-Hans",
    "x-default",
  ]);
});

test("translated into Arabic only, it is published in English and Arabic, each pointing at the other", () => {
  const en = read(translatedDist, `${example}/index.html`);
  const ar = read(translatedDist, `ar/${example}/index.html`);
  assert.ok(!existsSync(join(translatedDist, "zh", example)), "no Chinese page");
  assert.deepEqual(alternates(en), ["en", "ar", "x-default"]);
  assert.deepEqual(alternates(ar), ["en", "ar", "x-default"]);
  assert.deepEqual(switcher(en), [`/ar/${example}`]);
  assert.deepEqual(switcher(ar), [`/${example}`]);
  assert.match(ar, /<h1>\(ع\) Study in the UK: September 2027<\/h1>/);
  const zhAbout = read(translatedDist, "zh/about/index.html");
  assert.ok(!zhAbout.includes(`/zh/${example}`), "no Chinese link to it");
  const sitemap = read(translatedDist, "sitemap.xml");
  assert.ok(sitemap.includes(`/ar/${example}</loc>`));
  assert.ok(!sitemap.includes(`/zh/${example}`));
});

test("npm run translations lists an untranslated page's texts as missing, and says it waits for them", () => {
  const out = execFileSync(process.execPath, ["--import", "tsx", "scripts/translations.ts"], {
    cwd: root,
    encoding: "utf8",
  });
  for (const code of ["ar", "zh"]) {
    assert.match(
      out,
      new RegExp(
        `${code} /${example} \\(content/pages\\): in English only until its 28 text\\(s\\) are translated`,
      ),
    );
  }
  const { xml: xliff } = exportLocale("ar");
  assert.match(
    xliff,
    new RegExp(`<unit id="pages\\[${example}\\]\\.blocks\\[questions\\]\\.items\\[0\\]\\.answer">`),
  );
});

test("the editor's Pages collection: a folder of YAML files, the blocks a typed list from the union, cards chosen from real ids", () => {
  const pagesCollection = cmsConfig({}).collections.find((c) => c.name === "pages");
  assert.ok(pagesCollection && "folder" in pagesCollection);
  assert.equal(pagesCollection.folder, "content/pages");
  assert.equal(pagesCollection.extension, "yaml");
  const blocks = pagesCollection.fields.find((f) => f.name === "blocks");
  assert.equal(blocks?.widget, "list");
  assert.equal(blocks?.typeKey, "type");
  assert.deepEqual(
    blocks?.types?.map((t) => t.name),
    ["hero", "text", "cards", "facts", "faq", "action", "image"],
  );
  const cards = blocks?.types?.find((t) => t.name === "cards");
  const programmes = cards?.fields?.find((f) => f.name === "programmes");
  assert.equal(programmes?.widget, "select");
  assert.equal(programmes?.multiple, true);
  assert.deepEqual(programmes?.options, known.programmes);
  assert.ok(!cards?.fields?.some((f) => f.name === "type"), "the tag is Decap's typeKey");
});

test("the page preview draws the real blocks; a new entry shows a prompt; a wrong block what the build says", () => {
  const text = readFileSync(join(root, "content/pages", `${example}.yaml`), "utf8");
  const html = pagePreviewHtml(readContentYaml(text).data);
  assert.match(html, /<h1>Study in the UK: September 2027<\/h1>/);
  assert.match(html, /href="\/foundation-programmes"/);
  assert.match(html, /<details><summary>How long must the money be in my account\?<\/summary>/);
  for (const fresh of [{}, { blocks: [] }, { blocks: [{ type: "hero" }] }, { blocks: null }]) {
    const prompt = pagePreviewHtml(fresh);
    assert.match(prompt, /The preview shows the page once its/);
    assert.doesNotMatch(prompt, /undefined|Cannot read|TypeError/);
  }
  const half = pagePreviewHtml({
    title: "New",
    blocks: [
      { type: "text", id: "a", heading: "A", body: "A **bold** word." },
      { type: "cards", id: "b", heading: "B", programmes: ["nursing"] },
      { type: "text", id: "c", heading: "C", body: "Fine." },
    ],
  });
  assert.match(half, /block 1 \(a\) field body: line 1: emphasis/);
  assert.match(half, /block 2 \(b\) field programmes.0: /);
  assert.match(half, /<h2 id="c-title">C<\/h2>/);
});
