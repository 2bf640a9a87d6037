/**
 * The languages the site is written in. English is the source: its pages keep today's URLs; every
 * other locale's pages live under its prefix. A locale is published (its pages built, linked and
 * listed) only once every text has a current translation: `npm run translations` shows how far
 * each one is.
 */
export interface Locale {
  code: "en" | "ar" | "zh";
  /** BCP 47, for `lang` and `hreflang`. */
  lang: string;
  dir: "ltr" | "rtl";
  /** The language's name in itself, for the switcher. */
  name: string;
  /**
   * The one-line offer a visitor whose browser prefers this language sees on a page in another
   * (src/client/languageOffer.ts): written in this language, as its name is.
   */
  offer: string;
  /** The offer's dismiss button, in this language. */
  offerDismiss: string;
  /**
   * Whether its pages use Fraunces (Latin letters only): only those preload it. The others'
   * faces, their wordmark's included, are set by `:root:lang()` in src/styles/tokens.css.
   */
  brandFont: boolean;
  /** Its name in English, for the advisers (which language a student wrote in). */
  english: string;
  /** Open Graph's form (language_TERRITORY). */
  og: string;
  /** Where its pages live: "" for English, "/ar" for Arabic. */
  prefix: string;
  published: boolean;
}

export const locales: Locale[] = [
  {
    code: "en",
    // Language only: hreflang="en-GB" would offer the English pages to UK readers alone.
    lang: "en",
    dir: "ltr",
    name: "English",
    offer: "This page is also in English",
    offerDismiss: "No thanks",
    brandFont: true,
    english: "English",
    og: "en_GB",
    prefix: "",
    published: true,
  },
  {
    code: "ar",
    lang: "ar",
    dir: "rtl",
    name: "العربية",
    offer: "هذه الصفحة متوفرة بالعربية",
    offerDismiss: "لا، شكرًا",
    brandFont: false,
    english: "Arabic",
    og: "ar_AR",
    prefix: "/ar",
    published: true,
  },
  {
    code: "zh",
    lang: "zh-Hans",
    dir: "ltr",
    name: "中文",
    offer: "本页有中文版",
    offerDismiss: "不用了",
    brandFont: false,
    english: "Simplified Chinese",
    og: "zh_CN",
    prefix: "/zh",
    published: true,
  },
];

export type LocaleCode = Locale["code"];
export const sourceLocale = locales[0];
export const translatedLocales = locales.filter((l) => l !== sourceLocale);
export const localeByCode = (code: string) => locales.find((l) => l.code === code);

/** A language as an adviser reads it: "Arabic (العربية)", "English" (absent: English). */
export function advisersName(code: string | undefined) {
  const locale = localeByCode(code ?? "") ?? sourceLocale;
  return locale === sourceLocale ? locale.english : `${locale.english} (${locale.name})`;
}
