import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, posix } from "node:path";
import { readFile, writeFile } from "node:fs/promises";
import { promisify } from "node:util";
import { brotliCompress, gzip as gzipAsync, gzipSync, constants } from "node:zlib";
import { cachedFile, compressedCacheDir, hashOf } from "./buildCache";

const gzip = promisify(gzipAsync);
const brotli = promisify(brotliCompress);

const COMPRESSIBLE = /\.(html|css|js|svg|xml|txt|json)$/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/**
 * Write .gz and .br beside every text file, so the server sends them pre-compressed. zlib's
 * async calls run on libuv's thread pool: every core compresses. Brotli at its best is most of
 * a build's time (5 of 10 s), and a build mostly writes the same files as the one before (the
 * build is deterministic): each is compressed once and then read from the cache.
 */
export async function compressAll(dist: string) {
  await Promise.all(
    files(dist)
      .filter((f) => COMPRESSIBLE.test(f))
      .map(async (file) => {
        const data = await readFile(file);
        const key = hashOf(data);
        const [gz, br] = await Promise.all([
          cachedFile(compressedCacheDir, key, () => gzip(data, { level: 9 }), "gz"),
          cachedFile(
            compressedCacheDir,
            key,
            () => brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            "br",
          ),
        ]);
        await Promise.all([writeFile(`${file}.gz`, gz), writeFile(`${file}.br`, br)]);
      }),
  );
}

const gz = (data: Buffer | string) => gzipSync(data, { level: 9 }).length;

/** Scripts a page loads: those it needs up front (static imports) and those it may import(). */
export function scriptsOf(dist: string, html: string) {
  const eager = new Set<string>();
  const lazy = new Set<string>();
  const visit = (url: string, isLazy: boolean) => {
    const target = isLazy ? lazy : eager;
    if (eager.has(url) || target.has(url)) return;
    lazy.delete(url);
    target.add(url);
    const code = readFileSync(join(dist, url), "utf8");
    const dir = posix.dirname(url);
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g))
      visit(posix.join(dir, m[1]), isLazy);
    for (const m of code.matchAll(/\bimport\(\s*["']([^"']+\.js)["']\s*\)/g))
      visit(posix.join(dir, m[1]), true);
  };
  // The page script, named by the inline loader that requests it after first paint (data-src).
  for (const m of html.matchAll(/<script[^>]+(?:data-)?src="(\/assets\/[^"]+)"/g))
    visit(m[1], false);
  return { eager: [...eager], lazy: [...lazy].filter((u) => !eager.has(u)) };
}

export interface PageBytes {
  page: string;
  html: number;
  htmlGz: number;
  /** The page's inline <style> (part of htmlGz), gzip alone. */
  inlineCssGz: number;
  jsGz: number;
  lazyJsGz: number;
  /** Linked stylesheets (the full sheet, loaded after first paint), gzip. */
  cssGz: number;
  /** Web fonts the page preloads (WOFF2: already compressed). */
  fonts: number;
  /** The files behind jsGz, cssGz and fonts. */
  files: { js: string[]; css: string[]; fonts: string[] };
}

/** Bytes each page ships: HTML raw and gzip, CSS inline and linked, JS up front and on demand, fonts. */
export function measure(dist: string, pages: string[]): PageBytes[] {
  const read = (url: string) => readFileSync(join(dist, url));
  // Pages share their scripts and sheet: each file is compressed once.
  const sizes = new Map<string, number>();
  const size = (url: string) => {
    if (!sizes.has(url)) sizes.set(url, gz(read(url)));
    return sizes.get(url)!;
  };
  return pages.map((page) => {
    const html = readFileSync(join(dist, page), "utf8");
    const { eager, lazy } = scriptsOf(dist, html);
    const css = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
    const inline = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join("");
    // Fetched up front: the fonts it preloads (Arabic and Chinese pages declare Fraunces but
    // never use it, so a browser never fetches it there).
    const fonts = [...html.matchAll(/<link rel="preload" href="([^"]+\.woff2)" as="font"/g)].map(
      (m) => m[1],
    );
    return {
      page,
      html: Buffer.byteLength(html),
      htmlGz: gz(html),
      inlineCssGz: inline ? gz(inline) : 0,
      jsGz: eager.reduce((n, u) => n + size(u), 0),
      lazyJsGz: lazy.reduce((n, u) => n + size(u), 0),
      cssGz: css.reduce((n, u) => n + size(u), 0),
      fonts: fonts.reduce((n, u) => n + read(u).length, 0),
      files: { js: eager, css, fonts },
    };
  });
}

export function printReport(dist: string, pages: string[]) {
  const kb = (n: number) => (n / 1024).toFixed(1).padStart(7);
  console.log(
    `${"page".padEnd(52)}   html  html.gz  style.gz    js.gz  +lazy.gz   css.gz    fonts  (KiB)`,
  );
  for (const r of measure(dist, pages))
    console.log(
      `${r.page.padEnd(52)}${kb(r.html)}  ${kb(r.htmlGz)}   ${kb(r.inlineCssGz)}  ${kb(r.jsGz)}  ${kb(r.lazyJsGz)}  ${kb(r.cssGz)}  ${kb(r.fonts)}`,
    );
}
