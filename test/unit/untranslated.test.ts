/**
 * New English never takes the site down: a real build of the site with a new guide written in
 * English only, a new paragraph in a translated guide, and a list added to it with one item
 * translated. The build succeeds; the new guide is English only (no Arabic or Chinese page,
 * alternate, sitemap entry or switcher link); the translated guide stays up in both languages
 * without the new texts, and no English word appears on it; `npm run translations` names each.
 */
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = join(import.meta.dirname, "../..");
const NEW_PARAGRAPH = "A paragraph staff added today, not yet translated.";
const LIST = ["Bring your passport.", "Bring two photographs."];
let work: string;
let dist: string;
let guidesDir: string;
let translationsDir: string;
let built: ReturnType<typeof spawnSync>;

before(() => {
  work = mkdtempSync(join(tmpdir(), "eg-untranslated-"));
  dist = join(work, "dist");
  guidesDir = join(work, "guides");
  translationsDir = join(work, "translations");
  cpSync(join(root, "content/guides"), guidesDir, { recursive: true });
  cpSync(join(root, "content/translations"), translationsDir, { recursive: true });
  const visa = join(guidesDir, "uk-student-visa.md");
  writeFileSync(
    visa,
    readFileSync(visa, "utf8").replace(
      "\nShorter courses may be possible",
      `\n${NEW_PARAGRAPH}\n\n${LIST.map((i) => `- ${i}`).join("\n")}\n\nShorter courses may be possible`,
    ),
  );
  // A translator has done the list's first item in Arabic only.
  const arFile = join(translationsDir, "ar/guides.json");
  const ar = JSON.parse(readFileSync(arFile, "utf8")) as Record<string, unknown>;
  ar["guides[uk-student-visa].sections[who-needs-a-visa].paragraphs[2].items[0]"] = {
    source: LIST[0],
    text: "أحضر جواز سفرك.",
  };
  writeFileSync(arFile, JSON.stringify(ar, null, 2));
  writeFileSync(
    join(guidesDir, "studying-in-scotland.md"),
    `---
slug: studying-in-scotland
title: Studying in Scotland
summary: "Four-year degrees, Scottish fees and cities: what is different about studying in Scotland."
image:
  src: /images/guides/uk-student-visa.svg
  width: 400
  height: 240
  alt: ""
  decorative: true
minutes: 5
published: "2026-11-22"
updated: "2026-11-22"
position: 4
---

## Four-year degrees {#four-year-degrees}

An undergraduate degree in Scotland usually takes four years, one more than in England.
`,
  );
  built = spawnSync(process.execPath, ["--import", "tsx", "build.ts"], {
    cwd: root,
    env: {
      ...process.env,
      DIST_DIR: dist,
      GUIDES_DIR: guidesDir,
      TRANSLATIONS_DIR: translationsDir,
      BUILD_NOW: "2026-11-25T12:00:00Z",
    },
    encoding: "utf8",
  });
});
after(() => rmSync(work, { recursive: true, force: true }));

const page = (path: string) => readFileSync(join(dist, path, "index.html"), "utf8");

test("the build succeeds and names what waits for a translation", () => {
  assert.equal(built.status, 0, String(built.stderr));
  for (const code of ["ar", "zh"]) {
    assert.match(
      String(built.stderr),
      new RegExp(
        `Not yet in ${code}, left out until translated: content/guides guides\\[studying-in-scotland\\]`,
      ),
    );
  }
});

test("a new guide is published in English only", () => {
  const english = page("guides/studying-in-scotland");
  assert.match(english, /Studying in Scotland/);
  assert.ok(!existsSync(join(dist, "ar/guides/studying-in-scotland")));
  assert.ok(!existsSync(join(dist, "zh/guides/studying-in-scotland")));
  assert.doesNotMatch(english, /hreflang/i, "no alternates to pages that are not there");
  assert.doesNotMatch(
    english,
    /href="\/(ar|zh)\/guides\/studying-in-scotland"/,
    "no switcher link",
  );
  const sitemap = readFileSync(join(dist, "sitemap.xml"), "utf8");
  assert.equal(sitemap.match(/guides\/studying-in-scotland/g)?.length, 1);
  for (const code of ["ar", "zh"]) {
    assert.doesNotMatch(page(`${code}/guides`.replace("/guides", "")), /Studying in Scotland/);
    assert.doesNotMatch(page(`${code}/search`), /studying-in-scotland/);
  }
});

test("a translated guide stays up without its new texts, in no English", () => {
  const english = page("guides/uk-student-visa");
  for (const text of [NEW_PARAGRAPH, ...LIST]) assert.ok(english.includes(text), text);
  for (const code of ["ar", "zh"]) {
    const translated = page(`${code}/guides/uk-student-visa`);
    for (const text of [NEW_PARAGRAPH, ...LIST]) assert.ok(!translated.includes(text), text);
    assert.match(english, new RegExp(`hreflang="${code === "ar" ? "ar" : "zh-Hans"}"`, "i"));
  }
  assert.match(page("ar/guides/uk-student-visa"), /<li>أحضر جواز سفرك\.<\/li>/);
  assert.doesNotMatch(page("zh/guides/uk-student-visa"), /<ul><li>/, "no item translated: no list");
});

test("npm run translations lists, per language and page, what is new", () => {
  const out = execFileSync(process.execPath, ["--import", "tsx", "scripts/translations.ts"], {
    cwd: root,
    env: { ...process.env, GUIDES_DIR: guidesDir, TRANSLATIONS_DIR: translationsDir },
    encoding: "utf8",
  });
  assert.match(out, /^ar \/guides\/studying-in-scotland \(content\/guides\): in English only/m);
  assert.match(
    out,
    /^ar \/guides\/uk-student-visa \(content\/guides\): published in ar without the new text\(s\)/m,
  );
  const zh = out.slice(out.indexOf("\nzh /guides/uk-student-visa"));
  for (const text of [NEW_PARAGRAPH, ...LIST]) assert.ok(zh.includes(text), text);
  const ar = out.slice(out.indexOf("\nar /guides/uk-student-visa"), out.indexOf("\nzh /"));
  assert.ok(ar.includes(LIST[1]) && !ar.includes(LIST[0]), "the translated item is not listed");
  assert.match(
    readFileSync(join(dist, "admin/translations/index.html"), "utf8"),
    /Studying in Scotland/,
  );
});
