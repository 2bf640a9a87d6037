import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { selectAll, selectOne } from "css-select";
import { hasChildren, isTag, isText, type AnyNode, type Element } from "domhandler";
import { parseDocument } from "htmlparser2";
import type { SearchData, SearchDoc, SearchKind } from "../search/engine";

/**
 * Left out of what a page says: drawings, scripts and data, forms' controls; and in pageDocs the
 * guide's contents and the line above its title ("Guide · 8 min read"), which say nothing of it.
 */
const SKIP = new Set([
  "script",
  "style",
  "svg",
  "template",
  "form",
  "select",
  "button",
  "noscript",
]);
const BLOCK =
  /^(p|div|section|article|li|dt|dd|h[1-6]|ul|ol|dl|table|tr|td|th|br|address|figure|figcaption|blockquote|header|footer|aside|details|summary)$/;

/**
 * A node's words as a reader sees them: hidden and skipped parts out, a space between blocks;
 * with `heard` (a link's words), also those only a screen reader hears ("about visas"), and a
 * space between any two elements (a button-like link's two lines are two spans).
 */
function textOf(
  node: AnyNode,
  skip: (el: Element) => boolean = () => false,
  heard = false,
): string {
  let out = "";
  const walk = (n: AnyNode) => {
    if (isText(n)) out += n.data;
    if (!hasChildren(n)) return;
    // The node asked for is read even if hidden (the home page's heading is for screen readers).
    if (isTag(n) && n !== node) {
      if (SKIP.has(n.name) || n.attribs["aria-hidden"] === "true" || "hidden" in n.attribs) return;
      if (!heard && /\bvisually-hidden\b/.test(n.attribs.class ?? "")) return;
      if (skip(n)) return;
    }
    const block = isTag(n) && (heard || BLOCK.test(n.name));
    if (block) out += " ";
    for (const c of n.children) walk(c);
    if (block) out += " ";
  };
  walk(node);
  return out.replace(/\s+/g, " ").trim();
}

const one = (selector: string, node: AnyNode) =>
  selectOne<AnyNode, Element>(selector, node) ?? undefined;
const all = (selector: string, node: AnyNode) => selectAll<AnyNode, Element>(selector, node);

/** A text that leads to this many pages or more ("Read more", "Home") says nothing of any one. */
const GENERIC_LINK_PAGES = 3;

/** What links call each page: its words, each once, by the address they lead to. */
export type LinkWords = Map<string, string[]>;

/**
 * The words of every link between a language's pages (the menus, the footer, cards, links in
 * the text), gathered from the pages as rendered, by the address they lead to ("/book", or
 * "/guides/uk-student-visa#your-cas" for a part of a page): what the site itself calls each
 * page, as a search engine reads anchor text. Each text counts once however many pages repeat
 * it (the menu is on all of them); the language switcher's links, links within a page and texts
 * used for many different pages are left out.
 */
export function linkWords(pages: { html: string }[]): LinkWords {
  const byTarget = new Map<string, Map<string, string>>();
  const targetsOf = new Map<string, Set<string>>();
  for (const { html } of pages)
    for (const a of all("a[href]", parseDocument(html))) {
      const link = /^(\/(?!\/)[^?#]*)(?:\?[^#]*)?(?:#(.+))?$/.exec(a.attribs.href);
      if (!link || "hreflang" in a.attribs) continue;
      const path = link[1].length > 1 ? link[1].replace(/\/+$/, "") : link[1];
      const target = link[2] ? `${path}#${link[2]}` : path;
      const text = (a.attribs["aria-label"] ?? textOf(a, () => false, true))
        .replace(/\s+/g, " ")
        .trim();
      if (!text) continue;
      const key = text.toLowerCase();
      let texts = byTarget.get(target);
      if (!texts) byTarget.set(target, (texts = new Map<string, string>()));
      if (!texts.has(key)) texts.set(key, text);
      let targets = targetsOf.get(key);
      if (!targets) targetsOf.set(key, (targets = new Set<string>()));
      targets.add(path);
    }
  return new Map(
    [...byTarget].map(([target, texts]) => [
      target,
      [...texts]
        .filter(([key]) => targetsOf.get(key)!.size < GENERIC_LINK_PAGES)
        .map(([, text]) => text),
    ]),
  );
}

/** The words links call a document by, when there are any (an index carries no empty lists). */
const named = (links: string[]) => (links.length ? { links } : {});

/**
 * What one built page gives the search: the page, and apart from it each guide section (found at
 * its #id) and each programme of a category (found at the list). `links` are the words of the
 * site's links, by the address they lead to (a page's path is its URL without the language).
 */
export function pageDocs(
  html: string,
  url: string,
  kind: SearchKind,
  links: LinkWords = new Map(),
  path = url,
): SearchDoc[] {
  const dom = parseDocument(html);
  const main = one("main", dom);
  const h1 = main && one("h1", main);
  if (!main || !h1) throw new Error(`${url}: a page to search has no <main> with an <h1>`);
  const title = textOf(h1);
  const description = one('meta[name="description"]', dom)?.attribs.content ?? "";
  const sections = all(".guide-body > section[id]", main);
  const docs: SearchDoc[] = [];
  const inToc = (el: Element) => /\bguide-toc\b/.test(el.attribs.class ?? "");
  // The whole page, its sections too: a guide ranks on all it says; each section also on its own.
  // A guide's line above its title is its reading time and date; an event's is its kind (found).
  const eyebrow = (el: Element) => kind === "guide" && /\beyebrow\b/.test(el.attribs.class ?? "");
  const pageText = textOf(main, (el) => el === h1 || inToc(el) || eyebrow(el));
  const sectionIds = new Set(sections.map((s) => s.attribs.id));
  // A link to a place on the page that is not a part of its own (the home page's #blog) is to it.
  const pageLinks = [...links].flatMap(([target, texts]) => {
    const [to, fragment] = target.split("#");
    return to === path && !(fragment && sectionIds.has(fragment)) ? texts : [];
  });
  const page: SearchDoc = {
    url,
    kind,
    title,
    text: pageText.startsWith(description) ? pageText : `${description} ${pageText}`.trim(),
    ...(description ? { lead: description.length } : {}),
    ...named([...new Set(pageLinks)]),
  };
  const time = one(".event-when time[datetime]", main);
  if (kind === "event" && time) {
    page.start = new Date(time.attribs.datetime).toISOString();
    page.when = textOf(time);
    const places = one(".event-places", main);
    if (places) {
      page.places = textOf(places);
      page.event = places.attribs["data-places"];
      page.placesUrl = places.attribs["data-places-url"];
    }
  }
  docs.push(page);
  for (const section of sections) {
    const heading = one("h2", section);
    docs.push({
      url: `${url}#${section.attribs.id}`,
      kind,
      title: heading ? textOf(heading) : title,
      page: title,
      text: textOf(section, (el) => el === heading),
      ...named(links.get(`${path}#${section.attribs.id}`) ?? []),
    });
  }
  if (kind === "programme")
    for (const item of all(".programme-items > li", main))
      docs.push({
        url: `${url}#programmes`,
        kind,
        title: textOf(item),
        page: title,
        text: "",
      });
  return docs;
}

/**
 * One language's index: every page that is searched (those with a `kind`), known also by the
 * words of the links to it on all of the language's pages, and the language's synonyms, in a
 * content-hashed file the page scripts and the server read. A page's `path` is its address
 * without the language, as its links are written before the build puts each language's prefix
 * in. Returns its URL.
 */
export function writeSearchIndex(
  dist: string,
  code: string,
  pages: { path: string; url: string; html: string; kind?: SearchKind }[],
  synonyms: string[][] = [],
) {
  const links = linkWords(pages);
  const docs = pages.flatMap((p) => (p.kind ? pageDocs(p.html, p.url, p.kind, links, p.path) : []));
  const json = JSON.stringify({ synonyms, docs } satisfies SearchData);
  const hash = createHash("sha256").update(json).digest("hex").slice(0, 8);
  const file = `assets/search-${code}-${hash}.json`;
  writeFileSync(join(dist, file), json);
  return `/${file}`;
}
