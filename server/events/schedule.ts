import { statSync } from "node:fs";
import { loadEvents, type SiteEvent } from "../../src/events/load";
import { DurableLog, readJsonLines } from "../jsonl";

/** An event's version as announced to its registrants: a move or a cancellation makes a new one. */
interface EventVersion {
  slug: string;
  sequence: number;
  startsAt: string;
  endsAt: string;
  cancelled: boolean;
  at: string;
}

/** An event as the server holds it: the content (with its join link), its version, whether cancelled. */
export interface ScheduledEvent {
  event: SiteEvent;
  sequence: number;
  cancelled: boolean;
}

/**
 * The events as the server knows them: content/events.yaml (or EVENTS_FILE), read again when it
 * changes, and each event's announced version in an fsynced file beside the data. When an event's
 * time or status differs from what was announced, its version goes up and its registrants are
 * told (updated or cancelling invites). A cancellation by staff (`npm run events -- --cancel`)
 * stands even if the file still says scheduled.
 */
export class EventSchedule {
  private readonly log: DurableLog;
  private readonly versions = new Map<string, EventVersion>();
  private events = new Map<string, SiteEvent>();
  private mtimeMs = -1;

  constructor(
    readonly eventsFile: string,
    stateFile: string,
    private readonly now: () => number = Date.now,
  ) {
    this.log = new DurableLog(stateFile);
    for (const r of readJsonLines(stateFile))
      if (typeof r.slug === "string" && typeof r.sequence === "number")
        this.versions.set(r.slug, r as unknown as EventVersion);
  }

  get(slug: string): ScheduledEvent | undefined {
    const event = this.events.get(slug);
    const version = this.versions.get(slug);
    if (!event || !version) return undefined;
    return { event, sequence: version.sequence, cancelled: version.cancelled };
  }

  all() {
    return [...this.events.keys()].map((slug) => this.get(slug)!);
  }

  /**
   * Read the events file if it changed since the last read; returns the slugs whose time or
   * status changed from what was announced. Bad content keeps the events as they were (and
   * throws, for the caller to log).
   */
  async refresh(): Promise<string[]> {
    const mtimeMs = statSync(this.eventsFile).mtimeMs;
    if (mtimeMs === this.mtimeMs) return [];
    this.mtimeMs = mtimeMs;
    const events = loadEvents(this.eventsFile);
    // Taken in at once (requests may come before the versions are on disk), then recorded.
    const changed: string[] = [];
    const records: Promise<void>[] = [];
    for (const event of events) {
      const was = this.versions.get(event.slug);
      const cancelled = event.status === "cancelled" || (was?.cancelled ?? false);
      if (!was) records.push(this.record(event.slug, 0, event, cancelled));
      else if (
        was.startsAt !== event.startsAt ||
        was.endsAt !== event.endsAt ||
        was.cancelled !== cancelled
      ) {
        records.push(this.record(event.slug, was.sequence + 1, event, cancelled));
        changed.push(event.slug);
      }
    }
    this.events = new Map(events.map((e) => [e.slug, e]));
    await Promise.all(records);
    return changed;
  }

  /** Cancel an event (staff); false when unknown or cancelled already. */
  async cancel(slug: string) {
    const was = this.versions.get(slug);
    const event = this.events.get(slug);
    if (!was || !event || was.cancelled) return false;
    await this.record(slug, was.sequence + 1, event, true);
    return true;
  }

  private async record(slug: string, sequence: number, event: SiteEvent, cancelled: boolean) {
    const version: EventVersion = {
      slug,
      sequence,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      cancelled,
      at: new Date(this.now()).toISOString(),
    };
    this.versions.set(slug, version);
    await this.log.append(version);
  }
}
