/**
 * content/redirects.yaml checked against the pages the build makes, and written as `_redirects`
 * (the file Netlify and Cloudflare Pages read; our server answers from the same file). A
 * redirect to no page, to itself or to another redirect's old address, or from an address that
 * is still a page, stops the build, naming the file, line and field.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { localePath } from "../i18n/pageLocale";
import type { Locale } from "../i18n/locales";
import { checkYaml } from "../content/yamlFile";
import { redirectsFileSchema } from "../content/schema/redirects";

/** content/redirects.yaml, or REDIRECTS_FILE (the editor's browser test builds its edited copy). */
export const REDIRECTS_FILE = process.env.REDIRECTS_FILE
  ? resolve(process.env.REDIRECTS_FILE)
  : join(import.meta.dirname, "../../content/redirects.yaml");

export interface Redirect {
  from: string;
  to: string;
  status: 301 | 302;
}

/** "/guides/x/" -> "/guides/x" (the site's addresses have no trailing slash but "/"). */
export const withoutSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);

/**
 * The redirects of `text` (the file `file`), each also under every other built locale's prefix, so
 * that an old address answers in every language: to the page in that locale where it is in it,
 * else to the English page (`localesOf`: a renamed staff page whose translation is stale is in
 * English alone). Throws ContentError listing every problem.
 */
export function checkRedirects(
  text: string,
  file: string,
  pages: ReadonlySet<string>,
  locales: readonly Locale[],
  localesOf: (path: string) => readonly Locale[] = () => locales,
): Redirect[] {
  const checked = checkYaml(text, file, redirectsFileSchema, { redirects: "redirect" });
  const entries = checked.data.redirects.map((r) => ({ ...r, from: withoutSlash(r.from) }));
  const firstFrom = new Map<string, number>();
  entries.forEach((r, i) => {
    if (!firstFrom.has(r.from)) firstFrom.set(r.from, i);
  });
  entries.forEach((r, i) => {
    const at = (field: string) => ["redirects", i, field];
    if (pages.has(r.from))
      checked.problem(
        at("from"),
        `${r.from} is a page of the site: a redirect would hide it. Remove the page first, or this redirect`,
      );
    if (firstFrom.get(r.from) !== i)
      checked.problem(
        at("from"),
        `${r.from} is redirected already, by redirect ${firstFrom.get(r.from)! + 1}`,
      );
    if (!r.to.startsWith("/")) return;
    const target = withoutSlash(r.to.split("#")[0]);
    if (target === r.from) checked.problem(at("to"), `a loop: ${r.from} leads to itself`);
    else if (firstFrom.has(target)) {
      const next = entries[firstFrom.get(target)!].to;
      checked.problem(
        at("to"),
        `a chain: ${target} is itself redirected (to ${next}); lead straight to ${next} instead`,
      );
    } else if (!pages.has(target))
      checked.problem(at("to"), `leads nowhere: the site has no page ${target}`);
  });
  checked.done();
  return entries.flatMap(({ from, to, permanent }) => {
    const status = permanent ? 301 : 302;
    const target = withoutSlash(to.split("#")[0]);
    const there = to.startsWith("/") ? localesOf(target) : [];
    return locales.map((locale) => ({
      from: localePath(locale, from),
      // An address elsewhere, or a page not in this language: the same for every language.
      to: there.includes(locale) ? localePath(locale, to) : to,
      status,
    }));
  });
}

export const loadRedirects = (
  file: string,
  pages: ReadonlySet<string>,
  locales: readonly Locale[],
  localesOf?: (path: string) => readonly Locale[],
) => checkRedirects(readFileSync(file, "utf8"), file, pages, locales, localesOf);

/** `_redirects`: one "from to status" line each. */
export const redirectsFile = (redirects: readonly Redirect[]) =>
  redirects.map((r) => `${r.from} ${r.to} ${r.status}\n`).join("");

/** The lines of a `_redirects` file (what the server answers from); others are skipped. */
export function parseRedirects(text: string): Redirect[] {
  return text.split("\n").flatMap((line) => {
    const [from, to, status] = line.trim().split(/\s+/);
    return from?.startsWith("/") && to && (status === "301" || status === "302")
      ? [{ from: withoutSlash(from), to, status: Number(status) as 301 | 302 }]
      : [];
  });
}
