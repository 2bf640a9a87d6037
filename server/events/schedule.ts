import { statSync } from "node:fs";
import { loadEvents, type SiteEvent } from "../../src/events/load";
import type { Kysely } from "kysely";
import type { OpenDatabase } from "../db";
import type { Database } from "../db/schema";
import { readJsonLines } from "../db/jsonl";

/** An event's version as announced to its registrants: a move or a cancellation makes a new one. */
export interface EventVersion {
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
 * changes, and each event's announced version in the database. When an event's time or status
 * differs from what was announced, its version goes up and its registrants are told (updated or
 * cancelling invites): decided under a lock, so of several processes only one announces it. A
 * cancellation by staff (`npm run events -- --cancel`) stands even if the file still says
 * scheduled.
 */
export class EventSchedule {
  private versions = new Map<string, EventVersion>();
  private events = new Map<string, SiteEvent>();
  private mtimeMs = -1;

  constructor(
    readonly eventsFile: string,
    private readonly database: Pick<OpenDatabase, "db" | "exclusive">,
    private readonly ready: Promise<unknown> = Promise.resolve(),
    private readonly now: () => number = Date.now,
  ) {}

  get(slug: string): ScheduledEvent | undefined {
    const event = this.events.get(slug);
    const version = this.versions.get(slug);
    if (!event || !version) return undefined;
    return { event, sequence: version.sequence, cancelled: version.cancelled };
  }

  all() {
    return [...this.events.keys()].flatMap((slug) => this.get(slug) ?? []);
  }

  /**
   * Read the events file if it changed since the last read, and the versions announced (by any
   * process); returns the slugs whose time or status this call found changed from what was
   * announced. Bad content keeps the events as they were (and throws, for the caller to log).
   */
  async refresh(): Promise<string[]> {
    await this.ready;
    const mtimeMs = statSync(this.eventsFile).mtimeMs;
    if (mtimeMs !== this.mtimeMs) {
      this.mtimeMs = mtimeMs;
      this.events = new Map(loadEvents(this.eventsFile).map((e) => [e.slug, e]));
    }
    this.versions = await readVersions(this.database.db);
    if (![...this.events.values()].some((e) => this.differs(e, this.versions.get(e.slug))))
      return [];
    return this.database.exclusive(["event-versions"], async (trx) => {
      // Read again under the lock: another process may have announced it meanwhile.
      const versions = await readVersions(trx);
      const changed: string[] = [];
      for (const event of this.events.values()) {
        const was = versions.get(event.slug);
        if (!this.differs(event, was)) continue;
        const cancelled = event.status === "cancelled" || (was?.cancelled ?? false);
        const next = this.version(event, was ? was.sequence + 1 : 0, cancelled);
        await upsert(trx, next);
        versions.set(event.slug, next);
        if (was) changed.push(event.slug);
      }
      this.versions = versions;
      return changed;
    });
  }

  /** Cancel an event (staff); false when unknown or cancelled already. */
  async cancel(slug: string) {
    await this.ready;
    const event = this.events.get(slug);
    if (!event) return false;
    return this.database.exclusive(["event-versions"], async (trx) => {
      const versions = await readVersions(trx);
      const was = versions.get(slug);
      if (!was || was.cancelled) return false;
      const next = this.version(event, was.sequence + 1, true);
      await upsert(trx, next);
      this.versions = versions.set(slug, next);
      return true;
    });
  }

  /** Not announced yet, or its time or status changed since. */
  private differs(event: SiteEvent, was: EventVersion | undefined) {
    if (!was) return true;
    const cancelled = event.status === "cancelled" || was.cancelled;
    return (
      was.startsAt !== event.startsAt || was.endsAt !== event.endsAt || was.cancelled !== cancelled
    );
  }

  private version(event: SiteEvent, sequence: number, cancelled: boolean): EventVersion {
    return {
      slug: event.slug,
      sequence,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      cancelled,
      at: new Date(this.now()).toISOString(),
    };
  }
}

async function readVersions(db: Kysely<Database>) {
  const rows = await db.selectFrom("eventVersions").selectAll().execute();
  return new Map(rows.map((r) => [r.slug, { ...r, cancelled: Boolean(r.cancelled) }]));
}

function upsert(db: Kysely<Database>, v: EventVersion) {
  const row = { ...v, cancelled: v.cancelled ? 1 : 0 };
  return db
    .insertInto("eventVersions")
    .values(row)
    .onConflict((oc) => oc.column("slug").doUpdateSet(row))
    .execute();
}

/** The versions an earlier version kept in events.state.jsonl (the latest of each event), for the import. */
export function readEventVersionFile(file: string): EventVersion[] {
  const latest = new Map<string, EventVersion>();
  for (const r of readJsonLines(file))
    if (typeof r.slug === "string" && typeof r.sequence === "number")
      latest.set(r.slug, r as unknown as EventVersion);
  return [...latest.values()];
}

/** Stores the versions no process has announced yet (the import); how many. */
export async function importEventVersions(db: Kysely<Database>, versions: EventVersion[]) {
  let added = 0;
  for (const v of versions) {
    const result = await db
      .insertInto("eventVersions")
      .values({ ...v, cancelled: v.cancelled ? 1 : 0 })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows);
  }
  return added;
}
