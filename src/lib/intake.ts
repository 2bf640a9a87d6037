/**
 * The intake the site promotes (content/site.yaml `promotedIntake`, written "January 2026"): the
 * month it starts, and its name in each language. Texts name it through the `{intake}`
 * placeholder in their translations, so moving the intake on needs no new translation.
 */
export const INTAKE_PLACEHOLDER = "{intake}";

/** "January"... "December", as the content writes them (English, whatever the page's language). */
export const MONTHS = Array.from({ length: 12 }, (_, m) =>
  new Intl.DateTimeFormat("en", { month: "long", timeZone: "UTC" }).format(Date.UTC(2000, m, 1)),
);

/** "January 2026" -> "2026-01"; undefined when it is not an English month and a year. */
export function intakeMonth(name: string): string | undefined {
  const match = /^([A-Z][a-z]+) (\d{4})$/.exec(name);
  const month = match ? MONTHS.indexOf(match[1]) + 1 : 0;
  return month ? `${match![2]}-${String(month).padStart(2, "0")}` : undefined;
}

/** The intake's name in a language (BCP 47), with Latin digits: "يناير 2026", "2026年1月". */
export function intakeName(english: string, lang: string) {
  const month = intakeMonth(english);
  if (!month) return english;
  return new Intl.DateTimeFormat(`${lang}-u-nu-latn`, {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${month}-01T00:00:00Z`));
}
