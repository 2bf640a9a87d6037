/**
 * The visitor's time zone and some start times as they read in it. Run off the page's thread
 * where it can be (src/client/timesWorker.ts): a page's first `Intl.DateTimeFormat` loads ICU's
 * date and zone data, 14-33 ms on the audit host before any slowdown, one long task during load.
 */
import { currentZoneName, isTimeZone, slotLabel } from "./slots";

/** A start as it reads in a zone: "Wednesday 9 December", "23:45". */
export interface TimeLabel {
  day: string;
  time: string;
}

export interface VisitorTimes {
  /** The visitor's IANA zone by its current name; absent when the browser gives none we know. */
  zone?: string;
  /** Each start (an ISO instant) as it reads in that zone. */
  labels: Record<string, TimeLabel>;
}

/** What the page's script asks the worker. */
export interface TimesRequest {
  starts: string[];
  /** The page's `Intl` locale (src/i18n/intl.ts). */
  locale: string;
}

export function visitorTimes({ starts, locale }: TimesRequest): VisitorTimes {
  const zone = currentZoneName(Intl.DateTimeFormat().resolvedOptions().timeZone ?? "");
  if (!isTimeZone(zone)) return { labels: {} };
  const labels: VisitorTimes["labels"] = {};
  for (const start of starts) {
    const { day, time } = slotLabel(start, zone, locale);
    labels[start] = { day, time };
  }
  return { zone, labels };
}
