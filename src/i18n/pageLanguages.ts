/**
 * Which languages a page is published in. A page staff compose: English always, another built
 * language only when every text of the page has a current translation there (none missing, none
 * made from English that has since changed). A guide, event or programme: in every language
 * where its own texts are translated (a new one is English only until it is; src/i18n/omit.ts).
 * The site's other pages are in every built language, leaving out what is not translated yet.
 * No half-English page, no hreflang or language switcher link to a twin that is not there.
 */
import { englishPages } from "../content/pages";
import { categories } from "../content/programmes";
import { contentModules } from "../build/content";
import { englishOf } from "./scope";
import { omissions } from "./omit";
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

/** The content item a page shows on its own (`content/guides` `guides[<slug>]`), by its path. */
function itemOf(path: string): string | undefined {
  const guide = /^\/guides\/([^/]+)$/.exec(path)?.[1];
  if (guide) return `content/guides\nguides[${guide}]`;
  const event = /^\/events\/([^/]+)$/.exec(path)?.[1];
  if (event) return `content/events.yaml\nevents.${event}`;
  const category = englishOf(categories).find((c) => c.path === path);
  if (category) return `content/programmes.yaml\ncategories[${category.id}]`;
}

const omittedCache = new Map<string, Set<string>>();

/** The parts `locale` leaves out for want of a translation, as `file\npart`. */
export function omittedIn(locale: string, dir = process.env.TRANSLATIONS_DIR): Set<string> {
  const key = `${locale}\n${dir ?? ""}`;
  let parts = omittedCache.get(key);
  if (!parts) {
    const reports = contentModules.map(({ file, exports }) => {
      const english = Object.fromEntries(
        Object.entries(exports).map(([k, v]) => [k, englishOf(v)]),
      );
      const { missing } = stateOf(unitsOf(file, english), readCatalog(locale, file, dir));
      return { file, missing: missing.map((u) => u.field) };
    });
    parts = new Set(omissions(reports).map((o) => `${o.file}\n${o.part}`));
    omittedCache.set(key, parts);
  }
  return parts;
}

/** The built languages a page of the site is in: a staff page's, a guide's, or all of them. */
export function pathLocales(path: string): Locale[] {
  const page = englishPages.find((p) => staffPagePath(p) === path);
  if (page) {
    const codes = pageLanguages(page);
    return builtLocales.filter((l) => codes.includes(l.code));
  }
  const item = itemOf(path);
  if (!item) return builtLocales;
  return builtLocales.filter((l) => l === sourceLocale || !omittedIn(l.code).has(item));
}

/** The routes (or anything with a path) that are pages in `locale`. */
export const routesIn = <R extends { path: string }>(locale: Locale, list: readonly R[]): R[] =>
  list.filter((r) => r.path === "/404" || pathLocales(r.path).includes(locale));
