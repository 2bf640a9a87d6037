import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { contentModules } from "../../src/build/content";
import { applyTranslations, MissingTranslations, englishCopy } from "../../src/i18n/apply";
import {
  readCatalog,
  stateOf,
  TRANSLATIONS_DIR,
  writeCatalog,
  type Catalog,
} from "../../src/i18n/catalog";
import { replaceTexts, unitsOf } from "../../src/i18n/units";
import { exportXliff, importXliff, XliffError } from "../../src/i18n/xliff";
import { hasPart, MISSING, MISSING_OPTIONAL, omittedPart, pruneMissing } from "../../src/i18n/omit";
import { exportLocale, importLocale } from "../../src/i18n/workflow";

const home = contentModules.find((m) => m.file === "content/home.yaml")!;
const homeUnits = unitsOf(home.file, home.exports);

test("texts a reader reads are units; data and names that stay as written are not", () => {
  const fields = new Set(homeUnits.map((u) => u.field));
  assert.ok(fields.has("slides[january-2026].title"));
  assert.ok(![...fields].some((f) => /\.(href|id|icon|src)$/.test(f)), "links and ids are data");
  assert.ok(![...fields].some((f) => /^partners\[\d+\]\.(name|city)$/.test(f)), "universities");
  const programmes = contentModules.find((m) => m.file === "content/programmes.yaml")!;
  const titles = unitsOf(programmes.file, programmes.exports).filter((u) =>
    /\.programs\[\d+\]$/.test(u.field),
  );
  assert.deepEqual(titles, [], "programme titles stay as a student meets them on an application");
});

test("a translation is current, stale (with the English it was made from) or missing", () => {
  const [a, b, c] = homeUnits;
  const catalog: Catalog = {
    [a.field]: { source: a.text, text: "نص" },
    [b.field]: { source: `${b.text} (old)`, text: "نص قديم" },
  };
  const state = stateOf([a, b, c], catalog);
  assert.deepEqual(state.translated, [a]);
  assert.deepEqual(state.stale, [{ unit: b, was: `${b.text} (old)` }]);
  assert.deepEqual(state.missing, [c]);
});

test("a missing translation of the code's own words or a page's own title stops the build, naming locale, file and field", () => {
  const dir = mkdtempSync(join(tmpdir(), "eg-tr-"));
  try {
    assert.throws(
      () => applyTranslations("ar", dir),
      (e: Error) =>
        e instanceof MissingTranslations &&
        e.message.includes("have no ar translation") &&
        /translations\/ar\/booking\.json: \S+/.test(e.message) &&
        /translations\/ar\/about\.json: about\.title/.test(e.message) &&
        !/translations\/ar\/guides\.json/.test(e.message),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("translations are put in place where the pages read them", () => {
  const copy = englishCopy(home.exports);
  replaceTexts(home.file, copy, (u) => `«${u.text}»`);
  const slides = (copy as { slides: { title: string; href?: string }[] }).slides;
  assert.equal(
    slides[0].title,
    `«${homeUnits.find((u) => u.field === "slides[january-2026].title")!.text}»`,
  );
  assert.ok(unitsOf(home.file, copy).every((u) => u.text.startsWith("«")));
});

test("XLIFF 2.0 out and back: source, note, current translation; a lost placeholder or link refuses the file", () => {
  const units = [
    { file: "content/x.ts", field: "a", text: "A {route} in {place}" },
    { file: "content/x.ts", field: "b", text: "See https://www.gov.uk/student-visa & more" },
  ];
  const catalog: Catalog = { a: { source: units[0].text, text: "{route} في {place}" } };
  const xml = exportXliff("ar", [{ file: "content/x.ts", units, catalog, where: "a test" }]);
  assert.match(xml, /<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0"/);
  assert.match(xml, /<note category="location">content\/x.ts, a: a test<\/note>/);
  assert.match(xml, /&amp; more/);
  assert.deepEqual(importXliff(xml).files["content/x.ts"], catalog);

  const withTarget = (text: string) =>
    xml.replace("&amp; more</source>", `&amp; more</source>\n        <target>${text}</target>`);
  assert.equal(
    importXliff(withTarget("انظر https://www.gov.uk/student-visa")).files["content/x.ts"].b.text,
    "انظر https://www.gov.uk/student-visa",
  );
  assert.throws(
    () => importXliff(withTarget("انظر الموقع")),
    /content\/x.ts b: .*missing https:\/\/www.gov.uk\/student-visa/,
  );
  assert.throws(
    () => importXliff(xml.replace("{route} في {place}", "{route} في المكان")),
    /content\/x.ts a: .*missing \{place\}/,
  );
});

test("npm run translations -- export / import: the real content, round trip into the catalogs", () => {
  const dir = mkdtempSync(join(tmpdir(), "eg-tr-"));
  try {
    const { xml } = exportLocale("zh", dir, { all: true });
    assert.equal(
      (xml.match(/<unit /g) ?? []).length,
      contentModules.reduce((n, m) => n + unitsOf(m.file, m.exports).length, 0),
    );
    // A translator fills in one unit.
    const filled = xml.replace(
      /(<unit id="slides\[january-2026\]\.title">[\s\S]*?<source>([^<]*)<\/source>)/,
      "$1\n        <target>立即申请{intake}入学</target>",
    );
    const { locale, counts } = importLocale(filled, dir);
    assert.equal(locale, "zh");
    assert.deepEqual(counts, { "content/home.yaml": 1 });
    const entry = readCatalog("zh", "content/home.yaml", dir)["slides[january-2026].title"];
    assert.equal(entry.text, "立即申请{intake}入学");
    assert.throws(
      () =>
        importLocale(
          filled.replace('<unit id="slides[january-2026].title">', '<unit id="nope">'),
          dir,
        ),
      /content\/home.yaml nope: no such text/,
    );
    // A file exported before its module moved (content/home.ts was the home page's loader)
    // still goes into the catalogue the module reads now.
    writeCatalog("zh", "content/home.yaml", {}, dir);
    const older = filled.replace(/(id|original)="content\/home\.yaml"/g, '$1="content/home.ts"');
    assert.deepEqual(importLocale(older, dir).counts, { "content/home.yaml": 1 });
    assert.equal(
      readCatalog("zh", "content/home.yaml", dir)["slides[january-2026].title"].text,
      "立即申请{intake}入学",
    );
    writeCatalog("zh", "content/home.yaml", {}, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/**
 * Numbers as written, thousands separators dropped: "£1,483" and "1483" are the same figure.
 * Chinese writes months as numbers (2026年1月): for it, an English month name counts as its number.
 */
const numbers = (text: string, monthsAsNumbers = false) =>
  (monthsAsNumbers
    ? MONTHS.reduce((t, m, i) => t.replace(new RegExp(`\\b${m}\\b`, "g"), String(i + 1)), text)
    : text
  )
    .match(/\d+(?:[.,:]\d+)*/g)
    ?.map((n) => n.replace(/,(?=\d{3}\b)/g, ""))
    .sort() ?? [];

test("every translation states the same numbers as its English", () => {
  const problems: string[] = [];
  for (const locale of readdirSync(TRANSLATIONS_DIR, { withFileTypes: true }))
    if (locale.isDirectory())
      for (const m of contentModules)
        for (const [field, entry] of Object.entries(readCatalog(locale.name, m.file)))
          if (
            numbers(entry.text).join(" ") !== numbers(entry.source, locale.name === "zh").join(" ")
          )
            problems.push(
              `${locale.name} ${m.file} ${field}: ${numbers(entry.source, locale.name === "zh").join(" ")} in the English, ${numbers(entry.text).join(" ")} in the translation`,
            );
  assert.deepEqual(problems, []);
});

test("a text staff wrote with no translation leaves out the part that holds it, never the page", () => {
  assert.equal(omittedPart("content/guides", "guides[new].title"), "guides[new]");
  assert.equal(
    omittedPart("content/guides", "guides[a].sections[b].paragraphs[2].items[1]"),
    "guides[a].sections[b].paragraphs[2].items[1]",
  );
  assert.equal(omittedPart("content/events.yaml", "events.open-day.title"), "events.open-day");
  assert.equal(
    omittedPart("content/events.yaml", "events.open-day.body[1]"),
    "events.open-day.body[1]",
  );
  assert.equal(omittedPart("content/about.yaml", "about.title"), "about.title");
  assert.equal(hasPart("content/about.yaml", "about.title"), false, "a page's own title");
  assert.equal(
    omittedPart("content/routeFinder.yaml", "questions[goal].hint"),
    "questions[goal].hint",
  );
  assert.equal(hasPart("content/routeFinder.yaml", "questions[goal].hint"), true, "optional");

  const exports = {
    guides: [
      { slug: "old", title: "عنوان", sections: [{ paragraphs: ["نص", MISSING, "نص"] }] },
      { slug: "new", title: MISSING, sections: [{ paragraphs: [MISSING] }] },
      { slug: "list", title: "عنوان", items: { items: ["بند", MISSING] } },
    ],
    questions: [{ id: "q", question: "سؤال", hint: MISSING_OPTIONAL }],
  };
  pruneMissing("content/guides", exports);
  assert.deepEqual(exports, {
    guides: [
      { slug: "old", title: "عنوان", sections: [{ paragraphs: ["نص", "نص"] }] },
      { slug: "list", title: "عنوان", items: { items: ["بند"] } },
    ],
    questions: [{ id: "q", question: "سؤال" }],
  });
  const events = { events: { a: { title: "أ" }, b: { title: MISSING, body: ["ب"] } } };
  pruneMissing("content/events.yaml", events);
  assert.deepEqual(events, { events: { a: { title: "أ" } } });
});

/** The catalogs, byte for byte. */
const snapshot = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => [join(e.parentPath, e.name), readFileSync(join(e.parentPath, e.name), "utf8")]),
  );

for (const code of ["ar", "zh"])
  test(`XLIFF round trip in ${code}: every unit out, untouched back in, nothing changed`, () => {
    const dir = mkdtempSync(join(tmpdir(), "eg-tr-"));
    try {
      cpSync(TRANSLATIONS_DIR, dir, { recursive: true });
      const before = snapshot(dir);
      const { xml, units } = exportLocale(code, dir, { all: true });
      const total = contentModules.reduce((n, m) => n + unitsOf(m.file, m.exports).length, 0);
      assert.equal(units, total);
      assert.equal((xml.match(/<unit /g) ?? []).length, total);
      const { locale, counts } = importLocale(xml, dir);
      assert.equal(locale, code);
      assert.deepEqual(counts, {}, "an untouched file changes nothing");
      assert.deepEqual(snapshot(dir), before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

test("an export holds what is new or stale; untouched, a stale text stays stale; every bad unit is named", () => {
  const dir = mkdtempSync(join(tmpdir(), "eg-tr-"));
  try {
    cpSync(TRANSLATIONS_DIR, dir, { recursive: true });
    const file = "content/about.yaml";
    const waiting = exportLocale("ar", dir).units; // the staff page not yet translated
    const catalog = readCatalog("ar", file, dir);
    const [[gone], [aged, agedEntry], [third]] = Object.entries(catalog);
    delete catalog[gone];
    catalog[aged] = { ...agedEntry, source: `${agedEntry.source} (before)` };
    writeCatalog("ar", file, catalog, dir);

    const { xml, units } = exportLocale("ar", dir);
    assert.equal(units, waiting + 2, "the new text and the stale one, no more");
    const aboutFile = xml.slice(xml.indexOf(`<file id="${file}"`));
    assert.deepEqual(
      [...aboutFile.slice(0, aboutFile.indexOf("</file>")).matchAll(/<unit id="([^"]+)"/g)]
        .map((m) => m[1])
        .sort(),
      [gone, aged].sort(),
    );
    assert.match(xml, /<note category="stale">The English changed\. It was: .* \(before\)<\/note>/);
    assert.deepEqual(importLocale(xml, dir).counts, {}, "untouched: nothing imported");
    assert.equal(readCatalog("ar", file, dir)[aged].source, `${agedEntry.source} (before)`);

    // Two bad units in one file: both named, nothing written.
    const { xml: whole } = exportLocale("ar", dir, { all: true });
    const broken = whole
      .replace(
        new RegExp(`(<unit id="${third.replace(/[[\]().]/g, "\\$&")}">[\\s\\S]*?<target>)[^<]*`),
        "$1{nope} نص",
      )
      .replace(/(<unit id="readingWords\.readingTime">[\s\S]*?<target>)[^<]*/, "$1قراءة {hours}");
    const files = snapshot(dir);
    assert.throws(
      () => importLocale(broken, dir),
      (e: Error) =>
        e instanceof XliffError &&
        e.problems.length === 2 &&
        e.problems.some((p) => p.startsWith(`${file} ${third}:`) && p.includes("{nope}")) &&
        e.problems.some((p) => p.includes("readingWords.readingTime") && p.includes("{hours}")),
    );
    assert.deepEqual(snapshot(dir), files, "a refused file changes nothing");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a list whose items are all new goes whole; its section stays", () => {
  const exports = {
    guides: [
      {
        slug: "g",
        title: "عنوان",
        sections: [{ title: "قسم", paragraphs: ["نص", { items: [MISSING, MISSING] }] }],
      },
    ],
  };
  pruneMissing("content/guides", exports);
  assert.deepEqual(exports.guides[0].sections[0].paragraphs, ["نص"]);
});
