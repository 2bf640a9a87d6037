/**
 * CLDR's exemplar city of every time zone this runtime knows, in one language, from the npm package
 * cldr-dates-full (read in Node only: at build for the pages, in the server's language workers for
 * the e-mails; the browser gets them with the locale's content modules).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { currentZoneName } from "../lib/slots";

/** Our locale codes as CLDR names its folders. */
const cldrLocales: Record<string, string> = { ar: "ar", zh: "zh-Hans" };

interface ZoneTree {
  [part: string]: ZoneTree | string | undefined;
  exemplarCity?: string;
}

export function cldrZoneCities(locale: string): Record<string, string> {
  const cldr = cldrLocales[locale];
  if (!cldr) throw new Error(`No CLDR locale for "${locale}" in src/i18n/zoneCities.ts`);
  const file = createRequire(import.meta.url).resolve(
    `cldr-dates-full/main/${cldr}/timeZoneNames.json`,
  );
  const data = JSON.parse(readFileSync(file, "utf8")) as {
    main: Record<string, { dates: { timeZoneNames: { zone: ZoneTree } } }>;
  };
  const tree = data.main[cldr].dates.timeZoneNames.zone;
  const cities: Record<string, string> = {};
  // ICU names zones as CLDR does (Asia/Calcutta); the picker shows today's names (Asia/Kolkata).
  for (const zone of Intl.supportedValuesOf("timeZone")) {
    let node: ZoneTree | string | undefined = tree;
    for (const part of zone.split("/")) node = typeof node === "object" ? node[part] : undefined;
    const city = typeof node === "object" ? node.exemplarCity : undefined;
    if (city) cities[currentZoneName(zone)] = city;
  }
  return cities;
}
