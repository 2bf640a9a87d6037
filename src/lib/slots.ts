/**
 * Consultation slots: which instants can be booked, computed from the office's wall-clock hours
 * with the IANA time zone database (Intl), never with fixed offsets. Shared by the server (what
 * it offers and accepts), the booking page (what it shows) and the tests. Instants are ISO UTC.
 */
import { zoneWords } from "../content/formats";
import { zoneCities } from "../content/zoneCities";
import { intlLocale } from "../i18n/intl";
import { fill } from "./template";

export interface SlotRules {
  /** The office's IANA zone; hours and dates below are wall-clock there. */
  zone: string;
  /** Opening hours by ISO weekday (1 Monday ... 7 Sunday): "HH:MM" to "HH:MM", absent when closed. */
  hours: Partial<Record<number, { opens: string; closes: string }>>;
  slotMinutes: number;
  bufferMinutes: number;
  minNoticeHours: number;
  horizonDays: number;
  /** "YYYY-MM-DD" dates (office zone) with no consultations. */
  closed: ReadonlySet<string>;
  /** Mode id -> how many consultations of it can run at once. */
  capacity: Readonly<Record<string, number>>;
}

export interface Slot {
  /** ISO instant, UTC. */
  start: string;
  end: string;
  /** Places left. */
  free: number;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(zone: string) {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Milliseconds `zone` is ahead of UTC at a whole second, read from Intl (a formatToParts). */
function readOffset(second: number, zone: string) {
  const p = Object.fromEntries(
    partsFormatter(zone)
      .formatToParts(new Date(second))
      .map((x) => [x.type, x.value]),
  );
  return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) - second;
}

/**
 * The zone's offset is read at the ends of the span of time (6 h, from UTC midnight) an instant
 * is in: where both ends agree, the whole span has it, as no zone changes its clock twice within
 * 6 hours; where they differ, at the instant itself. Each reading is a formatToParts (a slow
 * phone's picker read hundreds, one or more per slot: most of its start-up); the ends are kept,
 * and a day's slots share them. Still the time zone database's offsets, never fixed ones.
 */
const SPAN_MS = 6 * 60 * MINUTE;
const offsetsRead = new Map<string, number>();
function offsetAt(second: number, zone: string) {
  const end = (at: number) => {
    const key = `${zone} ${at}`;
    let offset = offsetsRead.get(key);
    if (offset === undefined) {
      // A long-running server reads new spans every day: keep the map small.
      if (offsetsRead.size >= 10_000) offsetsRead.clear();
      offset = readOffset(at, zone);
      offsetsRead.set(key, offset);
    }
    return offset;
  };
  const from = Math.floor(second / SPAN_MS) * SPAN_MS;
  const offset = end(from);
  return offset === end(from + SPAN_MS) ? offset : readOffset(second, zone);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The wall clock in `zone` at an instant: date "YYYY-MM-DD", time "HH:MM", ISO weekday. */
export function wallClock(instant: number | string | Date, zone: string) {
  const second = Math.floor(new Date(instant).getTime() / 1000) * 1000;
  // An invalid instant or zone throws as Intl does.
  const offsetMs = Number.isNaN(second) ? readOffset(second, zone) : offsetAt(second, zone);
  const wall = new Date(second + offsetMs);
  return {
    date: `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`,
    time: `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`,
    weekday: ((wall.getUTCDay() + 6) % 7) + 1,
    /** Milliseconds the zone is ahead of UTC at this instant. */
    offsetMs,
  };
}

/**
 * The instant at which the wall clock in `zone` reads `date` `time`. A time skipped by a clock
 * change does not exist: null (so does anything malformed).
 */
export function zonedInstant(date: string, time: string, zone: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const wall = Date.UTC(+d[1], +d[2] - 1, +d[3], +t[1], +t[2]);
  if (Number.isNaN(wall)) return null;
  // The offset at a guess, then at the corrected guess: right on both sides of a clock change.
  // Away from a change the correction is no change, and the clock there is already known (each
  // reading is a formatToParts, most of the slot picker's start-up on a slow phone).
  const guess = wall - wallClock(wall, zone).offsetMs;
  const atGuess = wallClock(guess, zone);
  const corrected = wall - atGuess.offsetMs;
  const back = corrected === guess ? atGuess : wallClock(corrected, zone);
  return back.date === date && back.time === time ? new Date(corrected) : null;
}

const toMinutes = (time: string) => {
  const [h, m] = time.split(":").map(Number);
  return h * 60 + m;
};
const toTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** The slot start times ("HH:MM", office zone) of an ISO weekday: every slot + buffer from opening. */
export function dayTimes(rules: SlotRules, weekday: number): string[] {
  const hours = rules.hours[weekday];
  if (!hours) return [];
  const step = rules.slotMinutes + rules.bufferMinutes;
  const times: string[] = [];
  for (let t = toMinutes(hours.opens); t + rules.slotMinutes <= toMinutes(hours.closes); t += step)
    times.push(toTime(t));
  return times;
}

/** The date `days` after a "YYYY-MM-DD" date. */
export function addDays(date: string, days: number) {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d) + days * DAY).toISOString().slice(0, 10);
}

/** The ISO weekday (1 Monday ... 7 Sunday) of a "YYYY-MM-DD" date. */
export function weekdayOf(date: string) {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() || 7;
}

/**
 * Every bookable slot start from `now` to the horizon, ignoring who has booked: opening hours,
 * closed dates, the minimum notice and the horizon applied.
 */
export function offeredStarts(rules: SlotRules, now: number): Date[] {
  const earliest = now + rules.minNoticeHours * 60 * MINUTE;
  const latest = now + rules.horizonDays * DAY;
  const today = wallClock(now, rules.zone).date;
  const starts: Date[] = [];
  for (let i = 0; i <= rules.horizonDays + 1; i++) {
    const date = addDays(today, i);
    if (rules.closed.has(date)) continue;
    for (const time of dayTimes(rules, weekdayOf(date))) {
      const start = zonedInstant(date, time, rules.zone);
      if (start && start.getTime() >= earliest && start.getTime() <= latest) starts.push(start);
    }
  }
  return starts;
}

/** The free slots of a mode: offered starts with places left, given how many are taken. */
export function freeSlots(
  rules: SlotRules,
  mode: string,
  now: number,
  taken: (mode: string, start: string) => number,
): Slot[] {
  const capacity = rules.capacity[mode] ?? 0;
  return offeredStarts(rules, now)
    .map((start) => {
      const iso = start.toISOString();
      return {
        start: iso,
        end: new Date(start.getTime() + rules.slotMinutes * MINUTE).toISOString(),
        free: capacity - taken(mode, iso),
      };
    })
    .filter((slot) => slot.free > 0);
}

/** Whether `start` (ISO) is a slot the rules offer now, whoever has booked it. */
export function isOffered(rules: SlotRules, now: number, start: string) {
  const at = Date.parse(start);
  return offeredStarts(rules, now).some((s) => s.getTime() === at);
}

/** The `count` free slots nearest to a wanted instant, in time order. */
export function nearestSlots(slots: readonly Slot[], wanted: string, count = 4): Slot[] {
  const at = Date.parse(wanted);
  const distance = (s: Slot) => (Number.isNaN(at) ? 0 : Math.abs(Date.parse(s.start) - at));
  return [...slots]
    .sort((a, b) => distance(a) - distance(b) || a.start.localeCompare(b.start))
    .slice(0, count)
    .sort((a, b) => a.start.localeCompare(b.start));
}

// Making a formatter costs far more than using one (~0.2 ms on a phone): a picker labels
// hundreds of slots, so each is made once per locale, zone and kind.
const labels = new Map<string, Intl.DateTimeFormat>();
function labelFormat(locale: string, zone: string, kind: "time" | "day") {
  const key = `${locale} ${zone} ${kind}`;
  let f = labels.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(
      locale,
      kind === "time"
        ? { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }
        : { timeZone: zone, weekday: "long", day: "numeric", month: "long" },
    );
    labels.set(key, f);
  }
  return f;
}

/** How a slot reads in a zone: "14:30", "Tuesday 2 December", its date "2026-12-02". */
export function slotLabel(start: string, zone: string, locale = intlLocale()) {
  const at = new Date(start);
  return {
    time: labelFormat(locale, zone, "time").format(at),
    day: labelFormat(locale, zone, "day").format(at),
    date: wallClock(at, zone).date,
  };
}

/** One day of the picker's calendar, a date in the visitor's zone. */
export interface CalendarDay {
  /** "YYYY-MM-DD" in the visitor's zone. */
  date: string;
  /** ISO weekday, 1 Monday ... 7 Sunday. */
  weekday: number;
  /** Its free slots, in time order. */
  slots: Slot[];
  /** "closed": the office offers no time on it; "full": it does, none is free (booked, or too soon). */
  state: "free" | "full" | "closed";
}

/**
 * The days in `zone` from `now` to the horizon, each with its free slots: a visitor's day can
 * hold times of two London days, so whether the office is open is worked out per instant.
 */
export function calendarDays(
  rules: SlotRules,
  now: number,
  zone: string,
  free: readonly Slot[],
): CalendarDay[] {
  const open = new Set<string>();
  const today = wallClock(now, rules.zone).date;
  for (let i = -1; i <= rules.horizonDays + 1; i++) {
    const date = addDays(today, i);
    if (rules.closed.has(date)) continue;
    // One office day's hours (under a day) touch at most two of the visitor's dates: those of
    // its first and last slot. Each slot converted was most of the picker's first drawing.
    // (A slot a clock change skips does not exist: the next one in from that end.)
    const times = dayTimes(rules, weekdayOf(date));
    for (const end of [times, [...times].reverse()])
      for (const time of end) {
        const start = zonedInstant(date, time, rules.zone);
        if (!start) continue;
        open.add(wallClock(start, zone).date);
        break;
      }
  }
  const byDate = new Map<string, Slot[]>();
  for (const s of free) {
    const date = wallClock(s.start, zone).date;
    byDate.set(date, [...(byDate.get(date) ?? []), s]);
  }
  const dates = [...byDate.keys()].sort();
  let first = wallClock(now, zone).date;
  let last = wallClock(now + rules.horizonDays * DAY, zone).date;
  if (dates.length && dates[0] < first) first = dates[0];
  if (dates.length && dates[dates.length - 1] > last) last = dates[dates.length - 1];
  const days: CalendarDay[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) {
    const slots = byDate.get(date) ?? [];
    const state = slots.length ? "free" : open.has(date) ? "full" : "closed";
    days.push({ date, weekday: weekdayOf(date), slots, state });
  }
  return days;
}

// A calendar date (no instant) is formatted at noon UTC, in UTC: the same day in every locale.
const noon = (date: string) => new Date(`${date}T12:00:00Z`);
const calendarFormats = new Map<string, Intl.DateTimeFormat>();
function calendarFormat(locale: string, options: Intl.DateTimeFormatOptions) {
  const key = `${locale} ${JSON.stringify(options)}`;
  let f = calendarFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" });
    calendarFormats.set(key, f);
  }
  return f;
}

/** A "YYYY-MM-DD" date in words: "Tuesday 2 December". */
export const dateLabel = (date: string, locale = intlLocale()) =>
  calendarFormat(locale, { weekday: "long", day: "numeric", month: "long" }).format(noon(date));

/** A "YYYY-MM-DD" date's day of the month: "2" (digits are Western in every language). */
export const dayOfMonth = (date: string) => String(Number(date.slice(8)));

/** A date's month, short: "Jan". */
export const monthName = (date: string, locale = intlLocale()) =>
  calendarFormat(locale, { month: "short" }).format(noon(date));

/** The weekdays' names, Monday first: "Mon" ... "Sun" (`long` for a screen reader). */
export const weekdayNames = (locale = intlLocale(), width: "short" | "long" = "short") =>
  [1, 2, 3, 4, 5, 6, 7].map((d) =>
    calendarFormat(locale, { weekday: width }).format(noon(addDays("2024-01-01", d - 1))),
  );

/** The months two dates span: "December 2026", "December 2026 – January 2027". */
export function monthSpan(first: string, last: string, locale = intlLocale()) {
  const f = calendarFormat(locale, { month: "long", year: "numeric" });
  return first.slice(0, 7) === last.slice(0, 7)
    ? f.format(noon(first))
    : f.formatRange(noon(first), noon(last));
}

/**
 * Old names browsers still report (ICU keeps them as canonical): Chromium in Kolkata says
 * "Asia/Calcutta". Shown by their current names.
 */
const RENAMED: Record<string, string> = {
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Asia/Rangoon": "Asia/Yangon",
  "Europe/Kiev": "Europe/Kyiv",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "Atlantic/Faeroe": "Atlantic/Faroe",
};

/** A zone by its current name. */
export const currentZoneName = (zone: string) => RENAMED[zone] ?? zone;

/**
 * A zone's city in the page's language: CLDR's name on a translated page ("كولكاتا"), else from
 * the zone's name: "Asia/Kolkata" -> "Kolkata", "America/Argentina/Buenos_Aires" -> "Buenos Aires".
 */
export function zoneCity(zone: string) {
  const name = currentZoneName(zone);
  return zoneCities[name] ?? name.split("/").pop()?.replace(/_/g, " ") ?? zone;
}

/** A zone in words: "Lagos time (West Africa Standard Time)", "London time (British Summer Time)". */
export function zoneName(zone: string, at: number | string = Date.now(), locale = intlLocale()) {
  const city = zoneCity(zone);
  const long = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: "long" })
    .formatToParts(new Date(at))
    .find((p) => p.type === "timeZoneName")?.value;
  return long && long !== city
    ? fill(zoneWords.zoneLong, { city, long })
    : fill(zoneWords.cityTime, { city });
}

/**
 * A slot in the student's zone with London's beside it, and a note when the two dates differ:
 * "14:30 Tuesday 2 December in Lagos (13:30 in London)".
 */
export function bothZones(start: string, zone: string, office: string) {
  const local = slotLabel(start, zone);
  const there = slotLabel(start, office);
  const city = zoneCity(zone);
  const officeCity = zoneCity(office);
  if (zone === office) return fill(zoneWords.office, { ...there, city: officeCity });
  const both = { ...local, city, officeTime: there.time, officeDay: there.day, officeCity };
  return fill(there.date === local.date ? zoneWords.both : zoneWords.bothOtherDay, both);
}

/** Whether `zone` is an IANA zone this runtime knows. */
export function isTimeZone(zone: string) {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+){0,2}$/.test(zone) && zone !== "UTC") return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
