/**
 * Site search without JavaScript: the search page of each language, served with its results
 * written in from the query, on the same index the browser loads.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { locales } from "../../src/i18n/locales";
import { createIndex, query, type SearchData, type SearchIndex } from "../../src/search/engine";
import {
  MIN_QUERY_LENGTH,
  SEARCH_PATH,
  escapeHtml,
  resultsHtml,
  resultsStatus,
  type ResultsCopy,
} from "../../src/lib/siteSearch";
import { acceptedEncoding, Compressible } from "../service/compress";
import type { Places } from "../../src/lib/places";
import { log } from "../service/log";

interface LocaleSearch {
  index: SearchIndex;
  /** The built search page, and the words its results need (its data block). */
  page: string;
  copy: ResultsCopy;
}

/**
 * The search page for a query, without JavaScript: the built page in the reader's language with
 * its results written in, from the same index and ranking as the page's script.
 */
export function siteSearch(
  dist: string,
  {
    now = Date.now,
    places = () => Promise.resolve({}),
  }: {
    now?: () => number;
    /** Each event's places now (the events desk), so results say whether places are left. */
    places?: () => Promise<Record<string, Places>>;
  } = {},
) {
  const built = new Map<string, LocaleSearch | null>();
  // A site built without search (or a bare test folder) is served as it is.
  const assets = join(dist, "assets");
  const indexFiles = existsSync(assets)
    ? readdirSync(assets).filter((f) => /^search-[a-z]{2}-[0-9a-f]{8}\.json$/.test(f))
    : [];
  /** A language's index and page, read once; a built site without them is served as it is. */
  const forLocale = (prefix: string) => {
    if (!built.has(prefix))
      try {
        built.set(prefix, load(prefix));
      } catch (error) {
        log.error({ err: error }, `Search in ${prefix || "/"} answers without the server`);
        built.set(prefix, null);
      }
    return built.get(prefix);
  };
  const load = (prefix: string) => {
    const locale = locales.find((l) => l.prefix === prefix);
    const file = locale && indexFiles.find((f) => f.startsWith(`search-${locale.code}-`));
    let search: LocaleSearch | null = null;
    if (locale && file) {
      const page = readFileSync(join(dist, prefix, SEARCH_PATH, "index.html"), "utf8");
      const copy =
        /<script type="application\/json" data-search-copy="[^"]*">(.*?)<\/script>/s.exec(
          page,
        )?.[1];
      if (!copy) throw new Error(`${prefix}${SEARCH_PATH}: the built page has no search copy`);
      const data = JSON.parse(readFileSync(join(dist, "assets", file), "utf8")) as SearchData;
      search = {
        index: createIndex(locale.code, data.docs, data.synonyms),
        page,
        copy: JSON.parse(copy) as ResultsCopy,
      };
    }
    return search;
  };
  const pathPattern = new RegExp(`^(/[a-z]{2})?${SEARCH_PATH}/?$`);

  return {
    /** Answers the search page in any language; false when the path is not one. */
    answer(req: IncomingMessage, res: ServerResponse, pathname: string) {
      const match = pathPattern.exec(pathname);
      const search = match && forLocale(match[1] ?? "");
      if (!search) return false;
      const params = new URLSearchParams((req.url ?? "").split("?")[1] ?? "");
      const text = (params.get("q") ?? "").slice(0, 200);
      const found =
        [...text.trim()].length >= MIN_QUERY_LENGTH
          ? query(search.index, text, { now: now() })
          : [];
      void (async () => {
        const live = found.some((r) => r.doc.event)
          ? await places().catch((error: unknown) => {
              // The results still answer; each event shows its capacity instead.
              log.error({ err: error }, "Search: places left could not be read");
              return {};
            })
          : {};
        const html = search.page
          .replace(/<p class="search-offline"[^]*?<\/p>/, "")
          .replace(
            /(<input id="search-page-input"[^>]*?)(\/?>)/,
            `$1 value="${escapeHtml(text)}"$2`,
          )
          .replace(
            /(<p class="search-status" role="status" data-search-status="[^"]*">)(<\/p>)/,
            `$1${escapeHtml(resultsStatus(search.copy, text, found.length))}$2`,
          )
          .replace(
            /(<div id="search-results" data-search-results="[^"]*">)(<\/div>)/,
            `$1${resultsHtml(search.copy, found, live)}$2`,
          );
        const encoding = acceptedEncoding(req.headers["accept-encoding"]);
        res.writeHead(200, {
          "Content-Type": "text/html; charset=utf-8",
          // A query's page is the reader's own; the page without one may be cached as any page.
          "Cache-Control": text ? "private, no-cache" : "no-cache",
          Vary: "Accept-Encoding",
          ...(encoding ? { "Content-Encoding": encoding } : {}),
        });
        res.end(new Compressible(html).as(encoding));
      })();
      return true;
    },
  };
}
