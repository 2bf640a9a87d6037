/**
 * Which languages a page staff compose is published in: English always, another built language
 * only when every text of the page has a current translation there (none missing, none made from
 * English that has since changed). No half-English page, no hreflang or language switcher link to
 * a twin that is not there. The site's other pages are in every built language (a missing
 * translation of theirs stops the build instead: src/i18n/apply.ts).
 */
import { englishPages } from "../content/pages";
import { staffPagePath, type StaffPage } from "../content/schema/pages";
import { readCatalog, stateOf } from "./catalog";
import { sourceLocale, type Locale, type LocaleCode } from "./locales";
import { builtLocales } from "./pageLocale";
import { unitsOf, type Unit } from "./units";

export const PAGES_FILE = "content/pages";

/** One page's translation units: `pages[<slug>].…`. */
export const pageUnits = (page: StaffPage, all: readonly StaffPage[] = [page]): Unit[] =>
  unitsOf(PAGES_FILE, { pages: all }).filter((u) => u.field.startsWith(`pages[${page.slug}].`));

/** Whether `locale` has a current translation of every text of `page` (in `dir`, or the catalogs). */
export function translatedIn(
  page: StaffPage,
  locale: string,
  dir = process.env.TRANSLATIONS_DIR,
  all: readonly StaffPage[] = englishPages,
) {
  const state = stateOf(pageUnits(page, all), readCatalog(locale, PAGES_FILE, dir));
  return state.missing.length === 0 && state.stale.length === 0;
}

const cache = new Map<string, LocaleCode[]>();

/** The codes of the built languages a staff page is published in, English first. */
export function pageLanguages(page: StaffPage): LocaleCode[] {
  let codes = cache.get(page.slug);
  if (!codes) {
    codes = builtLocales
      .filter((l) => l === sourceLocale || translatedIn(page, l.code))
      .map((l) => l.code);
    cache.set(page.slug, codes);
  }
  return codes;
}

/** The built languages a page of the site is in: a staff page's, or all of them. */
export function pathLocales(path: string): Locale[] {
  const page = englishPages.find((p) => staffPagePath(p) === path);
  if (!page) return builtLocales;
  const codes = pageLanguages(page);
  return builtLocales.filter((l) => codes.includes(l.code));
}

/** The routes (or anything with a path) that are pages in `locale`. */
export const routesIn = <R extends { path: string }>(locale: Locale, list: readonly R[]): R[] =>
  list.filter((r) => r.path === "/404" || pathLocales(r.path).includes(locale));
