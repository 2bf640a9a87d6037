import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { selectAll, selectOne } from "css-select";
import { hasChildren, isTag, isText, type AnyNode, type Element } from "domhandler";
import { parseDocument } from "htmlparser2";
import type { SearchDoc, SearchKind } from "../search/engine";

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

/** A node's words as a reader sees them: hidden and skipped parts out, a space between blocks. */
function textOf(node: AnyNode, skip: (el: Element) => boolean = () => false): string {
  let out = "";
  const walk = (n: AnyNode) => {
    if (isText(n)) out += n.data;
    if (!hasChildren(n)) return;
    // The node asked for is read even if hidden (the home page's heading is for screen readers).
    if (isTag(n) && n !== node) {
      if (SKIP.has(n.name) || n.attribs["aria-hidden"] === "true" || "hidden" in n.attribs) return;
      if (/\bvisually-hidden\b/.test(n.attribs.class ?? "") || skip(n)) return;
    }
    const block = isTag(n) && BLOCK.test(n.name);
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

/**
 * What one built page gives the search: the page, and apart from it each guide section (found at
 * its #id) and each programme of a category (found at the list).
 */
export function pageDocs(html: string, url: string, kind: SearchKind): SearchDoc[] {
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
  const page: SearchDoc = {
    url,
    kind,
    title,
    text: pageText.startsWith(description) ? pageText : `${description} ${pageText}`.trim(),
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
 * One language's index: every page that is searched, in a content-hashed file the page scripts
 * and the server read. Returns its URL.
 */
export function writeSearchIndex(
  dist: string,
  code: string,
  pages: { url: string; html: string; kind: SearchKind }[],
) {
  const docs = pages.flatMap((p) => pageDocs(p.html, p.url, p.kind));
  const json = JSON.stringify(docs);
  const hash = createHash("sha256").update(json).digest("hex").slice(0, 8);
  const file = `assets/search-${code}-${hash}.json`;
  writeFileSync(join(dist, file), json);
  return `/${file}`;
}
