import { englishCopy } from "../../src/i18n/apply";
import { test } from "node:test";
import assert from "node:assert/strict";
import { contentModules } from "../../src/build/content";
import { readCatalog, stateOf } from "../../src/i18n/catalog";
import { replaceTexts, unitsOf } from "../../src/i18n/units";

// The real English and the real Arabic catalogs, with the English edited as staff would edit it.
const moduleOf = (file: string) => {
  const found = contentModules.find((m) => m.file === file)!;
  return { file, exports: englishCopy(found.exports) };
};
type Guides = {
  guides: { slug: string; sections: { id: string; title: string; paragraphs: string[] }[] }[];
};
type Programmes = { categories: { id: string }[] };

/** Each English text's Arabic as the build would put it in place. */
function arabicByEnglish(file: string, exports: Record<string, unknown>) {
  const units = unitsOf(file, exports);
  const { entries, missing, stale } = stateOf(units, readCatalog("ar", file));
  return {
    byText: new Map(units.map((u) => [u.text, entries.get(u.field)?.text])),
    units,
    missing,
    stale,
    entries,
  };
}

test("keys are stable ids where items have them: guides and sections by slug and id, programme categories by id", () => {
  const { units } = arabicByEnglish("content/guides", moduleOf("content/guides").exports);
  assert.ok(
    units.some(
      (u) => u.field === "guides[january-2026-intake].sections[why-january].paragraphs[0]",
    ),
  );
  const programmes = moduleOf("content/programmes.yaml");
  assert.ok(
    unitsOf(programmes.file, programmes.exports).some((u) =>
      u.field.startsWith("categories[foundation]."),
    ),
  );
});

test("a section inserted at the top of a guide and two programme categories swapped: no translation moves to another text", () => {
  for (const [file, edit] of [
    [
      "content/guides",
      (e: Record<string, unknown>) =>
        (e as Guides).guides[0].sections.unshift({
          id: "new-first",
          title: "A new first section",
          paragraphs: ["A paragraph no one has translated yet."],
        }),
    ],
    [
      "content/programmes.yaml",
      (e: Record<string, unknown>) => {
        const c = (e as Programmes).categories;
        [c[0], c[1]] = [c[1], c[0]];
      },
    ],
  ] as const) {
    const before = arabicByEnglish(file, moduleOf(file).exports);
    const edited = moduleOf(file);
    edit(edited.exports);
    const after = arabicByEnglish(file, edited.exports);
    for (const [english, arabic] of before.byText)
      assert.equal(
        after.byText.get(english),
        arabic,
        `${file}: "${english.slice(0, 40)}" keeps its Arabic`,
      );
    assert.deepEqual(after.stale, [], `${file}: nothing stale`);
    assert.deepEqual(
      after.missing.map((u) => u.text),
      file === "content/guides"
        ? ["A new first section", "A paragraph no one has translated yet."]
        : [],
    );
  }
});

test("a paragraph inserted before others: they keep theirs (matched by their English), the new one is missing", () => {
  const file = "content/guides";
  const before = arabicByEnglish(file, moduleOf(file).exports);
  const edited = moduleOf(file);
  (edited.exports as Guides).guides[0].sections[0].paragraphs.unshift("A new opening paragraph.");
  const after = arabicByEnglish(file, edited.exports);
  for (const [english, arabic] of before.byText) assert.equal(after.byText.get(english), arabic);
  assert.deepEqual(
    after.missing.map((u) => u.text),
    ["A new opening paragraph."],
  );
  assert.deepEqual(after.stale, []);
});

test("one paragraph edited: exactly that unit is stale, old and new English shown, and the page keeps the old translation", () => {
  const file = "content/guides";
  const edited = moduleOf(file);
  const section = (edited.exports as Guides).guides[0].sections[1];
  const old = section.paragraphs[0];
  section.paragraphs[0] = `${old} Check your university's own date.`;
  const { stale, missing, entries, units } = arabicByEnglish(file, edited.exports);
  assert.deepEqual(missing, []);
  assert.equal(stale.length, 1);
  assert.equal(
    stale[0].unit.field,
    "guides[january-2026-intake].sections[key-deadlines].paragraphs[0]",
  );
  assert.equal(stale[0].was, old);
  assert.equal(stale[0].unit.text, section.paragraphs[0]);
  const oldArabic = readCatalog("ar", file)[stale[0].unit.field].text;
  replaceTexts(file, edited.exports, (u) => entries.get(u.field)!.text);
  assert.equal((edited.exports as Guides).guides[0].sections[1].paragraphs[0], oldArabic);
  assert.equal(units.length, unitsOf(file, moduleOf(file).exports).length);
});
