import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { LineCounter, parseDocument } from "yaml";
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

/** Bad content: the message names file, line, entry and field. */
export class EventsContentError extends Error {}

const londonInstant = (time: string) => zonedInstant(time.slice(0, 10), time.slice(11), EVENT_ZONE);

/** Parse and check an events file; throws EventsContentError naming every problem. */
export function parseEvents(text: string, file = EVENTS_FILE): SiteEvent[] {
  const name = relative(process.cwd(), file) || file;
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  if (doc.errors.length)
    throw new EventsContentError(
      doc.errors
        .map((e) => `${name}:${lineCounter.linePos(e.pos[0]).line}: ${e.message.split("\n")[0]}`)
        .join("\n"),
    );
  const raw = doc.toJS() as unknown;
  const problems: string[] = [];
  /** "content/events.yaml:12: event 2 (visa-questions) field start: ..." */
  const report = (path: readonly PropertyKey[], message: string) => {
    let node: unknown;
    for (let n = path.length; n >= 0 && !node; n--) node = doc.getIn(path.slice(0, n), true);
    const range = (node as { range?: [number, number, number] } | undefined)?.range;
    const line = range ? `:${lineCounter.linePos(range[0]).line}` : "";
    const index = path[0] === "events" && typeof path[1] === "number" ? path[1] : undefined;
    const slug = index === undefined ? undefined : doc.getIn(["events", index, "slug"]);
    const entry =
      index === undefined
        ? ""
        : ` event ${index + 1}${typeof slug === "string" ? ` (${slug})` : ""}`;
    const field = path.slice(index === undefined ? 0 : 2).join(".");
    problems.push(`${name}${line}:${entry}${field ? ` field ${field}` : ""}: ${message}`);
  };
  const parsed = eventsFileSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) report(issue.path, issue.message);
    throw new EventsContentError(problems.join("\n"));
  }
  const seen = new Set<string>();
  const events = parsed.data.events.map((entry, i): SiteEvent | null => {
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
  if (problems.length) throw new EventsContentError(problems.join("\n"));
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
