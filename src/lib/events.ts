/**
 * Event lists as the pages show them: upcoming or past at an instant, filtered by kind or by the
 * language an event is held in, grouped by London month. Pure: the build and the tests call it
 * with the build's "now" (src/config.ts). Time-zone arithmetic stays in ./slots.ts.
 */
import type { PublicEvent } from "../events/load";
import { eventKinds, eventLanguages, type EventKind, type EventLanguage } from "../events/schema";
import { wallClock } from "./slots";

/** Events are written, listed and grouped in London time: the office's clock. */
export const EVENT_ZONE = "Europe/London";

/** One filter at a time: a kind, or the language an event is held in, or none. */
export type EventFilter =
  | { kind: EventKind; language?: undefined }
  | { language: EventLanguage; kind?: undefined }
  | Record<string, never>;

/** What registration looks like at an instant, from the content alone (the server knows places). */
export type EventState = "open" | "closed" | "past" | "cancelled";

export const eventPath = (slug: string) => `/events/${slug}`;
export const EVENTS_PATH = "/events";
export const PAST_EVENTS_PATH = "/events/past";
export const kindPath = (kind: EventKind) => `/events/kind/${kind}`;
export const languagePath = (language: EventLanguage) => `/events/in/${language}`;

/** The page a filter lives on. */
export const filterPath = (filter: EventFilter) =>
  filter.kind
    ? kindPath(filter.kind)
    : filter.language
      ? languagePath(filter.language)
      : EVENTS_PATH;

/** Every filter page: each kind and each language, whether or not an event has it today (stable URLs). */
export const everyFilter = (): EventFilter[] => [
  ...eventKinds.map((kind) => ({ kind })),
  ...eventLanguages.map((language) => ({ language })),
];

/** Upcoming: starts after `now`. */
export const isUpcoming = (event: PublicEvent, now: number) => Date.parse(event.startsAt) > now;

/** Upcoming events soonest first; past ones latest first (the archive reads back in time). */
export function splitByTime(events: readonly PublicEvent[], now: number) {
  const byStart = [...events].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  return {
    upcoming: byStart.filter((e) => isUpcoming(e, now)),
    past: byStart.filter((e) => !isUpcoming(e, now)).reverse(),
  };
}

export const matchesFilter = (event: PublicEvent, filter: EventFilter) =>
  (!filter.kind || event.kind === filter.kind) &&
  (!filter.language || event.language === filter.language);

export const filterEvents = (events: readonly PublicEvent[], filter: EventFilter) =>
  events.filter((e) => matchesFilter(e, filter));

/** Events by the London month they start in ("2026-12"), keeping their order. */
export function byMonth(events: readonly PublicEvent[]) {
  const months: { month: string; events: PublicEvent[] }[] = [];
  for (const event of events) {
    const month = wallClock(event.startsAt, EVENT_ZONE).date.slice(0, 7);
    const last = months[months.length - 1];
    if (last?.month === month) last.events.push(event);
    else months.push({ month, events: [event] });
  }
  return months;
}

/** Whether one can register at `now`, as far as the content says. */
export function eventState(event: PublicEvent, now: number): EventState {
  if (event.status === "cancelled") return "cancelled";
  if (Date.parse(event.startsAt) <= now) return "past";
  if (Date.parse(event.closesAt) <= now) return "closed";
  return "open";
}

/** An instant as the wall clock in `zone` reads it, with its offset: "2027-03-29T18:00:00+01:00". */
export function zonedIso(instant: string | number, zone: string) {
  const { date, time, offsetMs } = wallClock(instant, zone);
  const minutes = Math.round(Math.abs(offsetMs) / 60_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  const sign = offsetMs < 0 ? "-" : "+";
  return `${date}T${time}:00${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}
