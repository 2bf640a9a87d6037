/**
 * One locale's words: a translated copy of every content module, read by what runs in that
 * locale's scope (src/i18n/scope.ts). A translated page never falls back to English: a text staff
 * wrote (content/) with no translation is left out with the part that holds it
 * (src/i18n/omit.ts), and listed; one of the code's own (src/content/) stops the build. A stale
 * one (its English changed since) is still used and is listed, with the old and the new English.
 * A page staff compose is left out of the language whole until every text of it is current.
 */
import { relative } from "node:path";
import { catalogFile, readCatalog, stateOf, type Stale } from "./catalog";
import { contentModules } from "../build/content";
import { replaceTexts, unitsOf } from "./units";
import { cldrZoneCities } from "./zoneCities";
import { localeByCode, type LocaleCode } from "./locales";
import { site } from "../content/site";
import { INTAKE_PLACEHOLDER, intakeName } from "../lib/intake";
import { englishPages } from "../content/pages";
import type { ContentModule } from "../build/validate";
import { englishOf, hasCopies, setCopy } from "./scope";
import type { StaffPage } from "../content/schema/pages";
import { PAGES_FILE, translatedIn } from "./pageLanguages";
import { hasPart, missingFor, omissions, pruneMissing, type Omitted } from "./omit";

/** Filled from CLDR (src/i18n/zoneCities.ts): no texts of its own. */
const ZONE_CITIES_FILE = "src/content/zoneCities.ts";

export interface Report {
  locale: string;
  file: string;
  translated: number;
  stale: Stale[];
  missing: string[];
}

/** The content modules as loaded, in English whatever the locale of the work under way. */
const englishModules = (): ContentModule[] =>
  contentModules.map(({ file, exports }) => ({
    file,
    exports: Object.fromEntries(Object.entries(exports).map(([k, v]) => [k, englishOf(v)])),
  }));

/** Each content file's state for a locale. */
export function translationState(
  locale: string,
  dir?: string,
  modules = englishModules(),
): Report[] {
  return modules.map(({ file, exports }) => {
    const state = stateOf(unitsOf(file, exports), readCatalog(locale, file, dir));
    return {
      locale,
      file,
      translated: state.translated.length,
      stale: state.stale,
      missing: state.missing.map((u) => u.field),
    };
  });
}

/** A copy of content's arrays and plain objects (a function in it is kept as it is). */
function copyOf<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyOf) as T;
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copyOf(v)])) as T;
  return value;
}

/** A copy of a content module's exports, in English whatever the scope (tests edit such copies). */
export const englishCopy = (exports: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(exports).map(([k, v]) => [k, copyOf(englishOf(v))]));

export class MissingTranslations extends Error {}

/**
 * Puts `locale`'s copy of every content module in place (src/i18n/scope.ts): what runs in that
 * locale's scope reads its words. Once per locale; returns the stale translations (used, and
 * listed with the old and the new English) and what was left out for want of a translation. A
 * page staff compose not wholly translated is left out of the locale's copy (not published in it).
 * A text of the code's own (src/content/), or a page's own required text, with no translation
 * throws MissingTranslations (src/i18n/omit.ts says why).
 */
export function applyTranslations(
  locale: LocaleCode,
  dir?: string,
): { stale: Stale[]; omitted: Omitted[] } {
  if (hasCopies(locale)) return { stale: [], omitted: [] };
  const modules = contentModules.map(({ file, exports }) => ({
    file,
    exports: Object.fromEntries(Object.entries(exports).map(([k, v]) => [k, copyOf(englishOf(v))])),
  }));
  const pages = modules.find((m) => m.file === PAGES_FILE)?.exports.pages as StaffPage[];
  const english = [...englishPages];
  const withheld = english.filter((p) => !translatedIn(p, locale, dir, english));
  pages.splice(0, pages.length, ...pages.filter((p) => !withheld.some((w) => w.slug === p.slug)));

  const reports = translationState(locale, dir, modules);
  // The code's own words (src/content/) come translated with the code, and a page's own title
  // or introduction was translated before staff could change it: a missing one is a mistake (a
  // developer's, or a catalog edited by hand), and stops the build. Nothing staff write does.
  const missing = reports.flatMap((r) =>
    r.missing
      .filter((f) => !r.file.startsWith("content/") || !hasPart(r.file, f))
      .map((f) => `${relative(process.cwd(), catalogFile(locale, r.file))}: ${f}`),
  );
  if (missing.length)
    throw new MissingTranslations(
      `${missing.length} text(s) have no ${locale} translation (npm run translations -- export ${locale}):\n  ${missing.slice(0, 20).join("\n  ")}${missing.length > 20 ? `\n  ...and ${missing.length - 20} more` : ""}`,
    );
  const intake = intakeName(site.promotedIntake, localeByCode(locale)?.lang ?? locale);
  for (const { file, exports } of modules) {
    const { entries } = stateOf(unitsOf(file, exports), readCatalog(locale, file, dir));
    replaceTexts(
      file,
      exports,
      (unit) =>
        entries.get(unit.field)?.text.replaceAll(INTAKE_PLACEHOLDER, intake) ??
        missingFor(unit.field),
    );
    pruneMissing(file, exports);
  }
  const zones = modules.find((m) => m.file === ZONE_CITIES_FILE)!.exports;
  Object.assign(zones.zoneCities as object, cldrZoneCities(locale));
  contentModules.forEach(({ exports }, i) => {
    for (const [name, value] of Object.entries(exports))
      if (value && typeof value === "object")
        setCopy(locale, value, modules[i].exports[name] as object);
  });
  return { stale: reports.flatMap((r) => r.stale), omitted: omissions(reports) };
}
