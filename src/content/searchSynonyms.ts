/**
 * content/searchSynonyms.yaml, checked: the words site search takes as one, a list of groups per
 * language, written into each language's search index (src/build/searchIndex.ts) so that the
 * browser's search and our server's read the same ones.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { checkYaml } from "./yamlFile";
import { searchSynonymsFileSchema } from "./schema/searchSynonyms";
import { searchWords, type SearchLanguage } from "../search/text";

/** content/searchSynonyms.yaml, or SEARCH_SYNONYMS_FILE (a test's own copy). */
export const SYNONYMS_FILE = process.env.SEARCH_SYNONYMS_FILE
  ? resolve(process.env.SEARCH_SYNONYMS_FILE)
  : join(import.meta.dirname, "../../content/searchSynonyms.yaml");

/** Each language's groups of words that search takes as one. */
export type SearchSynonyms = Record<SearchLanguage, string[][]>;

/**
 * The groups of `text` (the file `file`). Throws ContentError, naming the line, for a word search
 * cannot use (only common words such as "the", which it leaves out) and for a word in two groups
 * of a language (it would join them: make them one group).
 */
export function checkSynonyms(text: string, file: string): SearchSynonyms {
  const checked = checkYaml(text, file, searchSynonymsFileSchema, {
    en: "English group",
    ar: "Arabic group",
    zh: "Chinese group",
  });
  const languages = ["en", "ar", "zh"] as const;
  for (const language of languages) {
    const groupOf = new Map<string, number>();
    checked.data[language].forEach((group, g) =>
      group.words.forEach((word, w) => {
        const at = [language, g, "words", w];
        const key = searchWords(language, word).join(" ");
        if (!key)
          checked.problem(at, `"${word}" has only words too common to search for: add another`);
        else if (groupOf.has(key) && groupOf.get(key) !== g)
          checked.problem(
            at,
            `"${word}" is in group ${groupOf.get(key)! + 1} too: make the two groups one`,
          );
        else groupOf.set(key, g);
      }),
    );
  }
  checked.done();
  return Object.fromEntries(
    languages.map((l) => [l, checked.data[l].map((g) => g.words)]),
  ) as SearchSynonyms;
}

/** content/searchSynonyms.yaml, checked. */
export const loadSynonyms = (file = SYNONYMS_FILE) =>
  checkSynonyms(readFileSync(file, "utf8"), file);
