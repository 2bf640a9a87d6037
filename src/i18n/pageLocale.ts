import { localeByCode, locales, sourceLocale, type Locale } from "./locales";
import { currentLocaleCode } from "./scope";

/**
 * The language of the page being rendered or the request being answered (src/i18n/scope.ts), or
 * of the bundle this code is in.
 */
export const pageLocale = (): Locale => localeByCode(currentLocaleCode()) ?? sourceLocale;

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
