import { readFileSync } from "node:fs";
import { join } from "node:path";
import { checkYaml } from "../content/yamlFile";
import { zonedInstant } from "../lib/slots";
import { eventsFileSchema, type EventEntry } from "./schema";

export const EVENTS_FILE = join(import.meta.dirname, "../../content/events.yaml");

/** Events are written in London time: the office's clock. */
export const EVENT_ZONE = "Europe/London";

/** An event with its instants worked out (UTC ISO), as the pages and the server use it. */
export interface SiteEvent extends EventEntry {
  startsAt: string;
  endsAt: string;
  closesAt: string;
}

/** What a page may show: everything but the join link. */
export type PublicEvent = Omit<SiteEvent, "joinLink">;

const londonInstant = (time: string) => zonedInstant(time.slice(0, 10), time.slice(11), EVENT_ZONE);

/** Parse and check an events file; throws ContentError naming file, line, entry and field. */
export function parseEvents(text: string, file = EVENTS_FILE): SiteEvent[] {
  const checked = checkYaml(text, file, eventsFileSchema, { events: "event" });
  const { data, problem: report } = checked;
  const seen = new Set<string>();
  const events = data.events.map((entry, i): SiteEvent | null => {
    if (seen.has(entry.slug)) report(["events", i, "slug"], `"${entry.slug}" is used twice`);
    seen.add(entry.slug);
    const start = londonInstant(entry.start);
    const closes = londonInstant(entry.registrationCloses);
    if (!start)
      report(["events", i, "start"], `${entry.start} is not a time on London's clocks that day`);
    if (!closes)
      report(
        ["events", i, "registrationCloses"],
        `${entry.registrationCloses} is not a time on London's clocks that day`,
      );
    if (!start || !closes) return null;
    if (closes > start)
      report(
        ["events", i, "registrationCloses"],
        "registration must close before the event starts",
      );
    return {
      ...entry,
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + entry.minutes * 60_000).toISOString(),
      closesAt: closes.toISOString(),
    };
  });
  checked.done();
  return (events as SiteEvent[]).sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

/** content/events.yaml (or another file: tests, EVENTS_FILE for the server), checked. */
export const loadEvents = (file = EVENTS_FILE) => parseEvents(readFileSync(file, "utf8"), file);

/** An event without its join link: what pages, structured data and social cards get. */
export function publicEvent(event: SiteEvent): PublicEvent {
  const shown: PublicEvent & { joinLink?: string } = { ...event };
  delete shown.joinLink;
  return shown;
}
