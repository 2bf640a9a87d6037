import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { englishLeftovers, englishWords, namesStayingEnglish } from "../englishLeftovers";
import { dist } from "../browser/harness";
import { locales } from "../../src/i18n/locales";

function* htmlFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* htmlFiles(path);
    else if (name.endsWith(".html")) yield path;
  }
}

test("the check finds English words and lets names through", () => {
  assert.deepEqual(englishWords("ابحث في البرامج: suggestions"), ["suggestions"]);
  assert.deepEqual(englishWords("09:00 to 18:00"), ["to"]);
  assert.deepEqual(englishWords("اختبار IELTS Academic في University of Birmingham"), []);
  assert.deepEqual(englishWords("راسلنا على hello@eastgate-education.example"), []);
  assert.deepEqual(englishWords("CASE"), ["CASE"], "a name inside a longer word is no name");
});

for (const locale of locales.filter((l) => l.code !== "en")) {
  test(`no English outside the names that stay English on every ${locale.code} page`, (t) => {
    const dir = join(dist, locale.code);
    assert.ok(existsSync(dir), `build first: no ${dir}`);
    const found: string[] = [];
    let pages = 0;
    for (const file of htmlFiles(dir)) {
      pages++;
      for (const hit of englishLeftovers(readFileSync(file, "utf8"), locale.lang))
        found.push(`${relative(dist, file)}: ${hit}`);
    }
    assert.ok(pages >= 15, `only ${pages} pages under ${dir}`);
    assert.deepEqual(found, [], `English on ${locale.code} pages:\n${found.join("\n")}`);
    t.diagnostic(
      `names allowed to stay English: ${namesStayingEnglish.map((g) => `${g.why} (${g.names.length})`).join("; ")}`,
    );
  });
}
