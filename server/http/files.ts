import { existsSync, readFileSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import sirv from "sirv";
import { parseRedirects, withoutSlash } from "../../src/build/redirects";
import { locales } from "../../src/i18n/locales";
import { SEARCH_PATH } from "../../src/lib/siteSearch";
import type { siteSearch } from "../search";
import { ANY, rawRoute } from "./raw";

/** The route of the site's files (whatever no other route takes). */
export const FILES = "/*";

export interface FilesOptions {
  /** The built site. */
  dist: string;
  /** `npm run dev`: each file is read when asked for (dist/ is rebuilt while serving). */
  dev: boolean;
  search: ReturnType<typeof siteSearch>;
}

/**
 * The built site: pages and assets (pre-compressed, clean URLs), the old addresses of
 * `_redirects`, the search page with its results written in (JavaScript off), and each
 * language's 404 page for anything else.
 */
export function files(
  app: FastifyInstance,
  { dist, dev, search }: FilesOptions,
  done: (error?: Error) => void,
) {
  const notFound = readFileSync(join(dist, "404.html"));
  // A URL under a language's prefix that leads nowhere gets that language's 404 page.
  const localNotFound = new Map(
    locales
      .filter((l) => l.prefix && existsSync(join(dist, l.prefix, "404.html")))
      .map((l) => [l.prefix, readFileSync(join(dist, l.prefix, "404.html"))] as const),
  );
  const redirectsPath = join(dist, "_redirects");
  const stampOf = () => (existsSync(redirectsPath) ? statSync(redirectsPath).mtimeMs : 0);
  const readRedirects = () =>
    new Map(
      (existsSync(redirectsPath) ? parseRedirects(readFileSync(redirectsPath, "utf8")) : []).map(
        (r) => [r.from, r] as const,
      ),
    );
  let [redirects, redirectsRead] = [readRedirects(), stampOf()];
  // `npm run dev` rebuilds under a running server: a redirect added is answered after the rebuild.
  const currentRedirects = () => {
    if (dev && stampOf() !== redirectsRead)
      [redirects, redirectsRead] = [readRedirects(), stampOf()];
    return redirects;
  };
  const sirvOptions = (etag: boolean) => ({
    extensions: ["html"],
    brotli: true,
    gzip: true,
    etag,
    dev,
    setHeaders(res: ServerResponse) {
      // Pages and unhashed files: always ask whether they changed.
      if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", "no-cache");
    },
  });
  // Hashed assets are immutable: never revalidated, so no ETag (headers on an asset stay small).
  const pages = sirv(dist, sirvOptions(true));
  const assets = sirv(dist, sirvOptions(false));

  const pathOf = (req: IncomingMessage) => (req.url ?? "/").split("?")[0];
  const notFoundPage = (req: IncomingMessage, res: ServerResponse) => {
    const prefix = /^\/[a-z]{2}(?=\/|$)/.exec(pathOf(req))?.[0] ?? "";
    res.writeHead(404, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache" });
    res.end(localNotFound.get(prefix) ?? notFound);
  };
  const isRead = (req: IncomingMessage) => req.method === "GET" || req.method === "HEAD";

  /** An old address: its new one, with its status; the query goes along (as on Netlify). */
  const redirect = (req: IncomingMessage, res: ServerResponse) => {
    const to = isRead(req) && currentRedirects().get(withoutSlash(pathOf(req)));
    if (!to) return false;
    const query = (req.url ?? "").split("?")[1];
    const [path, section] = to.to.split("#");
    const location = query && !path.includes("?") ? `${path}?${query}` : path;
    res.writeHead(to.status, {
      Location: section === undefined ? location : `${location}#${section}`,
    });
    res.end();
    return true;
  };

  const file = (req: IncomingMessage, res: ServerResponse) => {
    const path = pathOf(req);
    // The files that tell a CDN how to serve the site (_headers, _redirects) are no pages.
    if (/^\/(?:_|%5f)/i.test(path)) return notFoundPage(req, res);
    if (redirect(req, res)) return;
    (path.startsWith("/assets/") ? assets : pages)(req, res, () => notFoundPage(req, res));
  };

  // The search page in each language: its results written in from the query.
  for (const prefix of ["", ...locales.filter((l) => l.prefix).map((l) => l.prefix)])
    rawRoute(app, ["GET", "HEAD"], `${prefix}${SEARCH_PATH}`, (req, res) => {
      if (!search.answer(req, res, pathOf(req))) file(req, res);
    });
  rawRoute(app, ANY, FILES, file);
  app.setNotFoundHandler((request, reply) => {
    reply.hijack();
    notFoundPage(request.raw, reply.raw);
  });
  done();
}
