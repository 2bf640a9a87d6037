import type { searchCopy } from "../content/search";
import type { SearchResult } from "../search/engine";
import { fill } from "./template";
import { placesText, type Places, type PlacesCopy } from "./places";

/** The search page's address (in each language under its prefix). */
export const SEARCH_PATH = "/search";

/** The least a query must have before results are worked out. */
export const MIN_QUERY_LENGTH = 2;

/** The words the results need: the search page carries them for the server as a data block. */
export type ResultsCopy = Pick<
  typeof searchCopy,
  "found" | "none" | "tooShort" | "kinds" | "past"
> & {
  places: PlacesCopy;
};

const escapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c]);

/** What the search page says above its results (read out politely as it changes). */
export function resultsStatus(
  copy: Pick<ResultsCopy, "found" | "none" | "tooShort">,
  query: string,
  count: number,
) {
  if ([...query.trim()].length < MIN_QUERY_LENGTH) return query.trim() ? copy.tooShort : "";
  if (!count) return fill(copy.none, { query: query.trim() });
  return fill(count === 1 ? copy.found.one : copy.found.other, { query: query.trim(), count });
}

/**
 * The results as the search page lists them: the same markup from the server (without
 * JavaScript) and from the page's script, each a heading with its link, what it is, an event's
 * date and places left, and a passage with the matched words marked.
 */
export function resultsHtml(
  copy: ResultsCopy,
  results: SearchResult[],
  /** Each event's places now (the events server's answer), when known: else the page's capacity. */
  livePlaces: Record<string, Places> = {},
) {
  if (!results.length) return "";
  const items = results.map(({ doc, snippet, past }) => {
    const kind = past ? copy.past : copy.kinds[doc.kind];
    const about = [kind, doc.page].filter(Boolean).map((t) => escapeHtml(t!));
    const live = doc.event ? livePlaces[doc.event] : undefined;
    const places = live ? placesText(copy.places, live) : doc.places;
    const when = [doc.when, past ? undefined : places].filter(Boolean);
    const passage = snippet
      .map((p) => (p.marked ? `<mark>${escapeHtml(p.text)}</mark>` : escapeHtml(p.text)))
      .join("");
    return (
      `<li class="search-result">` +
      `<h2 class="search-result-title"><a href="${escapeHtml(doc.url)}">${escapeHtml(doc.title)}</a></h2>` +
      `<p class="search-result-kind">${about.join(" · ")}</p>` +
      (when.length
        ? `<p class="search-result-when">${when.map((t) => escapeHtml(t!)).join(" · ")}</p>`
        : "") +
      (passage ? `<p class="search-result-text">${passage}</p>` : "") +
      `</li>`
    );
  });
  return `<ol class="search-results">${items.join("")}</ol>`;
}
