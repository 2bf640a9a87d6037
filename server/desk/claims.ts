import type { SiteEvent } from "../../src/events/load";
import { wallClock } from "../../src/lib/slots";
import { LONDON } from "./consultations";

/** One of the site's claims a date has made untrue: where it is and what to change. */
export interface StaleClaim {
  /** The content file ("content/site.yaml", "content/guides/visa.md"). */
  file: string;
  /** The field in it ("promotedIntake", "deadlines[0]"). */
  field: string;
  /** What is wrong and what to change. */
  text: string;
  /** The entry in the editor (/admin/#/collections/...), where the file is one. */
  editor?: string;
}

/** "content/site.yaml promotedIntake: what to change" as its parts (src/build/staleness.ts). */
const WARNING = /^(\S+) ([^:]+): (.*)$/s;

/**
 * The site's out-of-date claims as `npm run content -- check` finds them (src/build/staleness.ts),
 * on today's London date, from the content this server's code was built with and the events it
 * runs. Worked out once a day: the content is loaded at the first ask, not at every start.
 */
export class StaleClaims {
  private cached: { day: string; claims: Promise<StaleClaim[]> } | undefined;

  constructor(
    private readonly now: () => number,
    /** The events the server runs (its events file); undefined: content/events.yaml's. */
    private readonly events?: () => SiteEvent[],
  ) {}

  today() {
    const day = wallClock(this.now(), LONDON).date;
    if (this.cached?.day !== day) {
      const claims = this.find(day);
      this.cached = { day, claims };
      // A failure is not kept: the next ask tries again.
      claims.catch(() => {
        if (this.cached?.claims === claims) this.cached = undefined;
      });
    }
    return this.cached.claims;
  }

  private async find(day: string): Promise<StaleClaim[]> {
    const [{ contentModules }, { staleClaims }, { entryAddress }] = await Promise.all([
      import("../../src/build/content"),
      import("../../src/build/staleness"),
      import("../../src/content/collections"),
    ]);
    return staleClaims(contentModules, day, this.events?.()).map((warning) => {
      const [, file = "", field = "", text = warning] = WARNING.exec(warning) ?? [];
      const editor = file ? entryAddress(file) : undefined;
      return { file, field, text, ...(editor ? { editor } : {}) };
    });
  }
}
