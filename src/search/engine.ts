import {
  create,
  insertMultiple,
  search,
  type Orama,
  type Results,
  type TypedDocument,
} from "@orama/orama";
import { searchWords, term, terms, withinOneEdit, words, type SearchLanguage } from "./text";

/** What a result is, shown beside its title. */
export type SearchKind = "guide" | "programme" | "event" | "service" | "page" | "tool";

/** One thing a reader can land on: a page, or a part of one (a guide's section, a programme). */
export interface SearchDoc {
  url: string;
  kind: SearchKind;
  title: string;
  /** The page this is part of (a guide's title for its section, a category for a programme). */
  page?: string;
  text: string;
  /** How many characters at the start of `text` are the page's description (its meta description). */
  lead?: number;
  /** What the site calls it: the words of the links that lead to it (menus, footer, cards), each once. */
  links?: string[];
  /** An event's start (ISO) and its date and places as its page shows them. */
  start?: string;
  when?: string;
  places?: string;
  /** An event's slug and where its live places are read (the events server), if it has one. */
  event?: string;
  placesUrl?: string;
}

/** The words of a snippet, those the query matched marked. */
export type Snippet = { text: string; marked: boolean }[];

export interface SearchResult {
  doc: SearchDoc;
  snippet: Snippet;
  /** An event that has started: ranked below those still to come. */
  past: boolean;
}

const schema = {
  title: "string",
  links: "string",
  description: "string",
  page: "string",
  text: "string",
} as const;

/** One language's search file as the build writes it: its documents and its synonyms. */
export interface SearchData {
  /** Groups of words or phrases taken as one (content/searchSynonyms.yaml). */
  synonyms: string[][];
  docs: SearchDoc[];
}

/** An index of one language's documents; the same in the browser and on the server. */
export interface SearchIndex {
  language: SearchLanguage;
  docs: SearchDoc[];
  db: Orama<typeof schema>;
  /** Every word of the documents as written (normalised): what a typo is corrected to. */
  vocabulary: Set<string>;
  synonyms: Synonyms;
}

/**
 * Synonyms as terms: each word or phrase of a group, by its first term, with the group's own
 * token; the group's one-word terms (marked in a passage); every word of them (never a typo).
 */
interface Synonyms {
  phrases: Map<string, { terms: string[]; token: string; group: number }[]>;
  words: Set<string>;
  marks: string[][];
}

function synonymsOf(language: SearchLanguage, groups: string[][]): Synonyms {
  const synonyms: Synonyms = { phrases: new Map(), words: new Set(), marks: [] };
  groups.forEach((group, i) => {
    // Closed at both ends: a query's token matches the tokens starting as it does.
    const token = `~${i}~`;
    synonyms.marks.push([]);
    for (const phrase of group) {
      const phraseTerms = terms(language, phrase);
      if (!phraseTerms.length) continue;
      for (const word of searchWords(language, phrase)) synonyms.words.add(word);
      if (phraseTerms.length === 1) synonyms.marks[i].push(phraseTerms[0]);
      const list = synonyms.phrases.get(phraseTerms[0]) ?? [];
      list.push({ terms: phraseTerms, token, group: i });
      synonyms.phrases.set(phraseTerms[0], list);
    }
  });
  return synonyms;
}

/** The groups whose word or phrase stands in `found` (terms in order). */
function groupsIn(synonyms: Synonyms, found: string[]) {
  const groups = new Map<number, string>();
  found.forEach((t, i) => {
    for (const p of synonyms.phrases.get(t) ?? [])
      if (p.terms.every((pt, j) => found[i + j] === pt)) groups.set(p.group, p.token);
  });
  return groups;
}

/**
 * The index of `docs`. Where a text or a query has a word or phrase of a synonym group, its
 * group's token is added to its terms, so a query finds what any word of its group finds, and
 * what its own word finds first.
 */
export function createIndex(
  language: SearchLanguage,
  docs: SearchDoc[],
  synonymGroups: string[][] = [],
): SearchIndex {
  const vocabulary = new Set<string>();
  const synonyms = synonymsOf(language, synonymGroups);
  let indexing = true;
  const tokenize = (raw: string) => {
    const found = terms(language, raw, indexing ? vocabulary : undefined);
    const groups = synonyms.phrases.size ? groupsIn(synonyms, found) : undefined;
    return groups?.size ? [...found, ...groups.values()] : found;
  };
  const db = create({
    schema,
    components: { tokenizer: { language, normalizationCache: new Map(), tokenize } },
  });
  void insertMultiple(
    db,
    docs.map((d, i) => ({
      id: String(i),
      title: d.title,
      links: (d.links ?? []).join("\n"),
      description: d.text.slice(0, d.lead ?? 0),
      page: d.page ?? "",
      text: d.text,
    })),
  );
  indexing = false;
  return { language, docs, db, vocabulary, synonyms };
}

/** A typo is forgiven only in words this long: shorter ones would match too much. */
const TYPO_MIN_LENGTH = 5;
/**
 * What a page is called counts most: its title, then the words of the links to it (as a search
 * engine weighs anchor text), then its description, the page a part is of, and its text.
 */
const boost = { title: 4, links: 3, description: 2, page: 1.5, text: 1 };
/** An event that has started weighs this much of its score. */
const PAST_WEIGHT = 0.25;
/** A part of a page (a guide's section, a programme) against a whole page of the same score. */
const PART_WEIGHT = 0.7;
/** How much of each matching part's score its page gains. */
const PART_LIFT = 0.5;

/**
 * The results for a query, best first: every document with a word starting as a query word does,
 * or with a synonym of one, ranked by BM25 (titles weigh most); then those found by correcting
 * one typo in a word of five letters or more that no page has (nor a synonym). Past events sink
 * below those to come.
 */
export function query(
  index: SearchIndex,
  text: string,
  { now = Date.now(), limit = 20 } = {},
): SearchResult[] {
  const queryWords = searchWords(index.language, text);
  if (!queryWords.length) return [];
  const corrected = queryWords
    .filter(
      (w) =>
        [...w].length >= TYPO_MIN_LENGTH &&
        !index.vocabulary.has(w) &&
        !index.synonyms.words.has(w),
    )
    .flatMap((w) => [...index.vocabulary].filter((v) => withinOneEdit(w, v)));
  // Synchronous with these components: the types also allow for asynchronous ones.
  const run = (term: string) =>
    search(index.db, { term, boost, limit: index.docs.length }) as Results<
      TypedDocument<typeof index.db>
    >;
  const exact = run(text).hits;
  const seen = new Set(exact.map((h) => h.id));
  const typos = corrected.length
    ? run(corrected.join(" ")).hits.filter((h) => !seen.has(h.id))
    : [];
  const ranked = (hits: typeof exact) => {
    const scored = hits.map((h) => {
      const doc = index.docs[Number(h.id)];
      const past = !!doc.start && Date.parse(doc.start) <= now;
      return { doc, past, raw: h.score, score: h.score * (past ? PAST_WEIGHT : 1) };
    });
    // A page that matches in several of its parts is about the query: its parts lift it.
    const pages = new Map(scored.filter((r) => !r.doc.page).map((r) => [r.doc.url, r]));
    for (const r of scored) {
      if (!r.doc.page) continue;
      r.score *= PART_WEIGHT;
      const page = pages.get(r.doc.url.split("#")[0]);
      if (page) page.score += r.raw * PART_LIFT;
    }
    return scored.sort((a, b) => b.score - a.score);
  };
  const marked = [...queryWords, ...corrected].map(term);
  // A passage shows where a synonym of the query stands too.
  for (const group of groupsIn(index.synonyms, marked).keys())
    marked.push(...index.synonyms.marks[group]);
  return [...ranked(exact), ...ranked(typos)].slice(0, limit).map(({ doc, past }) => ({
    doc,
    past,
    snippet: snippet(index.language, doc.text, marked),
  }));
}

const BEFORE = 40;
const LENGTH = 180;

/** Where in the text the query's words are, as a passage of about 180 characters around the first. */
export function snippet(language: SearchLanguage, text: string, queryTerms: string[]): Snippet {
  const matches = (word: string) => {
    const t = term(word);
    return queryTerms.some((q) => t.startsWith(q));
  };
  // The first match, then the matches within the passage that starts before it: no further.
  const found: { index: number; end: number }[] = [];
  let start = 0;
  let end = Math.min(text.length, LENGTH);
  // Segmenting Chinese is slow: start a little before the first place a query word appears.
  const lower = language === "zh" ? text.toLowerCase() : "";
  const first = Math.min(
    ...queryTerms.map((q) => lower.indexOf(q)).filter((i) => i >= 0),
    Number.MAX_SAFE_INTEGER,
  );
  const from = language === "zh" && first < text.length ? Math.max(0, first - BEFORE) : 0;
  for (const found0 of words(language, text.slice(from))) {
    const word = found0.word;
    const index = found0.index + from;
    if (found.length && index >= end) break;
    if (!matches(word)) continue;
    if (!found.length) {
      start = Math.max(0, index - BEFORE);
      // Start at a word's beginning, not inside one.
      if (start > 0) {
        const space = text.lastIndexOf(" ", start);
        start = space > index - BEFORE * 2 ? space + 1 : start;
      }
      end = Math.min(text.length, start + LENGTH);
      if (end < text.length) {
        const space = text.indexOf(" ", end);
        if (space >= 0 && space - end < 30) end = space;
      }
    }
    found.push({ index, end: index + word.length });
  }
  const parts: Snippet = [];
  let at = start;
  for (const m of found) {
    if (m.index < at || m.end > end) continue;
    if (m.index > at) parts.push({ text: text.slice(at, m.index), marked: false });
    parts.push({ text: text.slice(m.index, m.end), marked: true });
    at = m.end;
  }
  if (at < end) parts.push({ text: text.slice(at, end), marked: false });
  if (start > 0) parts.unshift({ text: "… ", marked: false });
  if (end < text.length) parts.push({ text: " …", marked: false });
  return parts;
}
