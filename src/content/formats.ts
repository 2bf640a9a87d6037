import { localized } from "../i18n/scope";
/**
 * How dates, amounts of money and times in two zones are put into words. Each language orders
 * them its own way, so they are templates; the digits stay Western in every language
 * (docs/developers/languages.md).
 */
export const dateWords = localized({
  months: [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
  ],
  /** "November 2026" */
  monthYear: "{month} {year}",
  /** "23 November 2026" */
  dayMonthYear: "{day} {month} {year}",
});

/**
 * How long a guide takes to read. `{minutes}` is the number, `{duration}` the same as the page's
 * language writes an amount of minutes ("6 minutes", "6 دقائق", "6分钟", from Intl with its plurals).
 */
export const readingWords = localized({
  /** "6 min read" */
  readingTime: "{minutes} min read",
});

/** Opening hours on a day without them (with them: Intl's range of two times, "09:00–18:00"). */
export const hoursWords = localized({
  closed: "Closed",
});

export const moneyWords = localized({
  /** "£900 to £1,400" */
  range: "{min} to {max}",
});

/** A consultation's time in the student's zone and the office's. `{city}`: "Kolkata". */
export const zoneWords = localized({
  cityTime: "{city} time",
  /** "Lagos time (West Africa Standard Time)" */
  zoneLong: "{city} time ({long})",
  /** When the student is in the office's zone: "Tuesday 2 December, 14:30 (London time)" */
  office: "{day}, {time} ({city} time)",
  /** "Tuesday 2 December, 18:15 in Kolkata (12:45 in London)" */
  both: "{day}, {time} in {city} ({officeTime} in {officeCity})",
  /** When the office's date is another: "Wednesday 3 December, 01:00 in Sydney (14:00 Tuesday 2 December in London)" */
  bothOtherDay: "{day}, {time} in {city} ({officeTime} {officeDay} in {officeCity})",
});
