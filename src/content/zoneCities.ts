import { localized } from "../i18n/scope";
/**
 * Time zones' city names in the page's language ("Asia/Kolkata": "كولكاتا"), keyed by IANA name.
 * Empty here: English spells a city from its zone's name ("Kolkata"). A translated locale's are put
 * in, when its words are (src/i18n/apply.ts), from CLDR's exemplar cities (npm cldr-dates-full),
 * never written by hand.
 */
export const zoneCities: Record<string, string> = localized({});
