import { stemmer as arabicStem } from "@orama/stemmers/arabic";
import { stemmer as englishStem } from "@orama/stemmers/english";
import { stopwords as arabicStopWords } from "@orama/stopwords/arabic";
import { stopwords as englishStopWords } from "@orama/stopwords/english";

/** The languages the site is searched in: each searches its own pages. */
export type SearchLanguage = "en" | "ar" | "zh";

/**
 * One form for the many ways a word is written: lower case, Western digits for Arabic-Indic ones,
 * no Latin accents, and Arabic without diacritics or tatweel, with one alef, yaa for alef maqsura
 * and haa for taa marbuta. Compatibility decomposition (NFKD) splits hamza seats (أ, إ, آ, ؤ, ئ)
 * into their base letter and a mark, so dropping the marks unifies them too.
 */
export function normalise(text: string) {
  return text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, "")
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\u0671/g, "\u0627")
    .replace(/\u0649/g, "\u064a")
    .replace(/\u0629/g, "\u0647");
}

const segmenters = new Map<string, Intl.Segmenter>();
const segmenter = (language: SearchLanguage) => {
  let s = segmenters.get(language);
  if (!s) segmenters.set(language, (s = new Intl.Segmenter(language, { granularity: "word" })));
  return s;
};

const wordPattern = /[\p{L}\p{N}\p{M}]+(?:['’][\p{L}]+)*/gu;

/**
 * The words of a text, each where it stands in it: Chinese segmented into words by the
 * platform's dictionary (Intl.Segmenter); in English and Arabic, letters and digits between
 * spaces and punctuation, found many times faster than the segmenter does.
 */
export function* words(language: SearchLanguage, text: string) {
  if (language === "zh") {
    for (const s of segmenter(language).segment(text))
      if (s.isWordLike) yield { word: s.segment, index: s.index };
    return;
  }
  for (const m of text.matchAll(wordPattern)) yield { word: m[0], index: m.index };
}

/**
 * Words too common to tell pages apart ("the", "of", "في"), normalised: neither indexed nor
 * searched for, so that a question finds the page that answers it, not every page with "a".
 */
const stopWords = new Set(
  // The list leaves out "a".
  [...englishStopWords, "a", ...arabicStopWords].map((w) => normalise(w)),
);

/** The words of a query or a text that search uses (normalised, without the common ones). */
export const searchWords = (language: SearchLanguage, text: string) =>
  [...words(language, normalise(text))].map((w) => w.word).filter((w) => !stopWords.has(w));

const latin = /^[a-z0-9]+$/;
const arabicScript = /^[\u0600-\u06ff]+$/;
// The article and a clinging conjunction or preposition (وال، بال، لل...), which the stemmer keeps.
const arabicArticle = /^(?:[وفبك]?ال|لل)(?=[\u0600-\u06ff]{2})/;

/**
 * A word as the index keeps it: normalised and stemmed. Names that stay English on every page
 * (IELTS, UCAS, titles) are stemmed as English in every language; Chinese words stay as they are.
 */
export function term(word: string) {
  let t = termCache.get(word);
  if (t === undefined) {
    const n = normalise(word);
    t = termCache.get(n) ?? stem(n);
    termCache.set(word, t);
    termCache.set(n, t);
  }
  return t;
}

/** Stemming is the costly part of indexing and of marking a passage: each word once. */
const termCache = new Map<string, string>();

function stem(w: string) {
  if (latin.test(w)) return englishStem(w);
  if (arabicScript.test(w)) return arabicStem(w.replace(arabicArticle, ""));
  return w;
}

/**
 * The terms of a text, in order (repeats kept: they weigh in the ranking); each word as written
 * (normalised) goes into `vocabulary` when one is given.
 */
export function terms(language: SearchLanguage, text: string, vocabulary?: Set<string>) {
  const out: string[] = [];
  for (const { word } of words(language, normalise(text))) {
    if (stopWords.has(word)) continue;
    vocabulary?.add(word);
    const t = term(word);
    if (t) out.push(t);
  }
  return out;
}

/** At most one letter added, dropped or changed, or two neighbours swapped: one typo. */
export function withinOneEdit(a: string, b: string) {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length > b.length) return a.slice(i + 1) === b.slice(i);
  if (a.length < b.length) return a.slice(i) === b.slice(i + 1);
  return (
    a.slice(i + 1) === b.slice(i + 1) ||
    (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2))
  );
}
