import { localeByCode, locales, sourceLocale, type Locale } from "./locales";

/**
 * The language of the pages this process renders, or of the bundle this code is in: the build
 * renders and bundles each locale apart, with PAGE_LOCALE set (src/build/renderLocale.ts).
 */
export const pageLocale: Locale = localeByCode(process.env.PAGE_LOCALE ?? "") ?? sourceLocale;

/**
 * The locales whose pages are built: the published ones, plus any PREVIEW_LOCALES names (a
 * preview build for translators and tests; missing translations still stop it).
 */
export const builtLocales: Locale[] = locales.filter(
  (l) =>
    l.published ||
    (process.env.PREVIEW_LOCALES ?? "")
      .split(",")
      .map((s) => s.trim())
      .includes(l.code),
);

/** A site path in a locale: "/about" -> "/ar/about", "/" -> "/ar/". */
export const localePath = (locale: Locale, path: string) =>
  locale.prefix ? `${locale.prefix}${path}` : path;
