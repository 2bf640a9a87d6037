/**
 * The locale `Intl` formats dates and times with, in the language of this page or process. Digits
 * are Western (0-9) in every language, as the UK documents, fees and phone numbers a student copies
 * are written (docs/developers/languages.md). Apart from src/i18n/locales.ts so that a browser
 * bundle that formats a date does not carry every language's name.
 */
import { currentLocaleCode } from "./scope";

const intlLocales: Record<string, string> = {
  en: "en-GB",
  ar: "ar-u-nu-latn",
  zh: "zh-Hans-CN",
};

/** In the language of the work under way (src/i18n/scope.ts) or of the bundle. */
export const intlLocale = () => intlLocales[currentLocaleCode()] ?? intlLocales.en;
