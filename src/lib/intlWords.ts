/**
 * Words Intl can write in the page's language, put into the content's templates
 * (src/content/formats.ts): an amount of minutes with its plural, a range of two times.
 */
import { hoursWords, readingWords } from "../content/formats";
import { intlLocale } from "../i18n/intl";
import { fill } from "./template";

/** "6 min read", "قراءة 6 دقائق", "阅读约6分钟". */
export function readingTime(minutes: number, locale = intlLocale()) {
  const duration = new Intl.NumberFormat(locale, {
    style: "unit",
    unit: "minute",
    unitDisplay: "long",
  }).format(minutes);
  return fill(readingWords.readingTime, { minutes, duration });
}

/** "09:00", "18:00" -> "09:00–18:00" as the page's language writes a range; no times: "Closed". */
export function openingHours(
  opens: string | undefined,
  closes: string | undefined,
  locale = intlLocale(),
) {
  if (!opens || !closes) return hoursWords.closed;
  const at = (time: string) => {
    const [h, m] = time.split(":").map(Number);
    return new Date(Date.UTC(2000, 0, 1, h, m));
  };
  return new Intl.DateTimeFormat(locale, {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "UTC",
  }).formatRange(at(opens), at(closes));
}

/** A retention period as the page's language writes it: "24 months", "24 شهرًا", "24个月". */
export function periodWords(
  period: { keep: number; unit: "days" | "months" },
  locale = intlLocale(),
) {
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: period.unit === "days" ? "day" : "month",
    unitDisplay: "long",
  }).format(period.keep);
}
