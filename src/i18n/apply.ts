/**
 * Puts one locale's words into the content modules, in place, so the pages rendered after it
 * (in the process that renders that locale) read them. A missing translation stops the build,
 * naming locale, file and field: a translated page never falls back to English. A stale one (its
 * English changed since) is still used and is listed, with the old and the new English. A page
 * staff compose is the exception: one not wholly translated is left out of the language.
 */
import { relative } from "node:path";
import { catalogFile, readCatalog, stateOf, type Stale } from "./catalog";
import { contentModules } from "../build/content";
import { replaceTexts, unitsOf } from "./units";
import { zoneCities } from "../content/zoneCities";
import { cldrZoneCities } from "./zoneCities";
import { localeByCode } from "./locales";
import { site } from "../content/site";
import { INTAKE_PLACEHOLDER, intakeName } from "../lib/intake";
import { englishPages } from "../content/pages";
import type { StaffPage } from "../content/schema/pages";
import { PAGES_FILE, translatedIn } from "./pageLanguages";

export interface Report {
  locale: string;
  file: string;
  translated: number;
  stale: Stale[];
  missing: string[];
}

/** Each content file's state for a locale. */
export function translationState(locale: string, dir?: string): Report[] {
  return contentModules.map(({ file, exports }) => {
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

export class MissingTranslations extends Error {}

/**
 * Takes out of the pages module, in place, each staff page `locale` has not wholly translated:
 * that page is not published in that language (src/i18n/pageLanguages.ts), and its missing
 * texts do not stop the build. Returns the slugs taken out.
 */
export function withholdUntranslatedPages(locale: string, dir?: string): string[] {
  const module = contentModules.find((m) => m.file === PAGES_FILE);
  const list = module?.exports.pages as StaffPage[] | undefined;
  if (!list) return [];
  const english = [...englishPages];
  const withheld = english.filter((p) => !translatedIn(p, locale, dir, english)).map((p) => p.slug);
  for (let i = list.length - 1; i >= 0; i--) if (withheld.includes(list[i].slug)) list.splice(i, 1);
  return withheld;
}

export function applyTranslations(locale: string, dir?: string): Stale[] {
  withholdUntranslatedPages(locale, dir);
  const reports = translationState(locale, dir);
  const missing = reports.flatMap((r) =>
    r.missing.map((f) => `${relative(process.cwd(), catalogFile(locale, r.file))}: ${f}`),
  );
  if (missing.length)
    throw new MissingTranslations(
      `${missing.length} text(s) have no ${locale} translation (npm run translations -- export ${locale}):\n  ${missing.slice(0, 20).join("\n  ")}${missing.length > 20 ? `\n  ...and ${missing.length - 20} more` : ""}`,
    );
  const intake = intakeName(site.promotedIntake, localeByCode(locale)?.lang ?? locale);
  for (const { file, exports } of contentModules) {
    const { entries } = stateOf(unitsOf(file, exports), readCatalog(locale, file, dir));
    replaceTexts(file, exports, (unit) =>
      entries.get(unit.field)!.text.replaceAll(INTAKE_PLACEHOLDER, intake),
    );
  }
  Object.assign(zoneCities, cldrZoneCities(locale));
  return reports.flatMap((r) => r.stale);
}
