import { randomUUID } from "node:crypto";
import { validateEnquiry, type EnquiryValues, type FieldErrors } from "../../src/lib/enquiry";
import type { DeliveryWorker } from "../delivery";
import type { RateLimiter } from "../rateLimit";
import type { EventSchedule, ScheduledEvent } from "./schedule";
import type { Registration, RegistrationStore } from "./store";

/** Whether an event takes registrations now, and why not. */
export type EventState = "open" | "full" | "closed" | "cancelled" | "past";

export interface Places {
  capacity: number;
  confirmed: number;
  waiting: number;
  left: number;
  state: EventState;
}

export type RegisterResult =
  /** place: their number on the waiting list when the event is full. */
  | { outcome: "registered" | "existing"; registration: Registration; place?: number }
  | { outcome: "invalid"; errors: FieldErrors }
  | { outcome: "limited"; retryAfterS: number }
  | { outcome: "unknown" | "closed" | "cancelled" | "past" }
  | { outcome: "unstored"; error: unknown };

export type CancelResult =
  | { outcome: "cancelled"; registration: Registration }
  | { outcome: "closed"; registration?: Registration }
  | { outcome: "unstored"; error: unknown };

interface Options {
  store: RegistrationStore;
  schedule: EventSchedule;
  interests: readonly string[];
  worker?: DeliveryWorker<Registration>;
  limiter?: RateLimiter;
  now?: () => number;
  /** Every new state of a registration once it is on disk (webhooks). */
  changed?: (r: Registration) => void;
}

const HOUR = 60 * 60 * 1000;

/**
 * Event registrations from the form to the outbox. Every check and the place (or the place in
 * line) it takes happen in one synchronous step before the write, so concurrent requests never
 * overfill an event and the waiting list keeps their order of arrival; a registration is
 * answered only once it is on disk. A freed place goes to the first in line in the same step.
 */
export class RegistrationDesk {
  private readonly storing = new Map<string, Promise<RegisterResult>>();
  readonly now: () => number;

  constructor(private readonly options: Options) {
    this.now = options.now ?? Date.now;
  }

  get(id: string) {
    return this.options.store.get(id);
  }

  stateOf(scheduled: ScheduledEvent, now = this.now()): EventState {
    if (scheduled.cancelled) return "cancelled";
    if (now >= Date.parse(scheduled.event.startsAt)) return "past";
    if (now >= Date.parse(scheduled.event.closesAt)) return "closed";
    return this.options.store.confirmed(scheduled.event.slug) >= scheduled.event.capacity
      ? "full"
      : "open";
  }

  places(scheduled: ScheduledEvent, now = this.now()): Places {
    const { slug, capacity } = scheduled.event;
    const confirmed = this.options.store.confirmed(slug);
    return {
      capacity,
      confirmed,
      waiting: this.options.store.waiting(slug).length,
      left: Math.max(0, capacity - confirmed),
      state: this.stateOf(scheduled, now),
    };
  }

  /** What `places` was worked out from: reuse an answer until it changes. */
  get revision() {
    return this.options.store.revision;
  }

  placeInLine(r: Registration) {
    return this.options.store.placeInLine(r);
  }

  async register(
    values: EnquiryValues,
    {
      event: slug,
      zone,
      key,
      client,
      lang = "en",
      validate = validateEnquiry,
    }: {
      event: string;
      zone?: string;
      key?: string;
      client: string;
      lang?: string;
      validate?: (
        kind: "registration",
        values: EnquiryValues,
        interests: readonly string[],
      ) => FieldErrors | Promise<FieldErrors>;
    },
  ): Promise<RegisterResult> {
    const scheduled = this.options.schedule.get(slug);
    if (!scheduled) return { outcome: "unknown" };
    const errors = await validate("registration", values, this.options.interests);
    if (Object.keys(errors).length) return { outcome: "invalid", errors };
    const { store } = this.options;
    if (key) {
      const id = store.idFor(key);
      const done = id && store.get(id);
      if (done)
        return { outcome: "registered", registration: done, place: store.placeInLine(done) };
      const under = this.storing.get(key);
      if (under) return under;
    }
    const retryAfterS = this.options.limiter?.take(client) ?? 0;
    if (retryAfterS) return { outcome: "limited", retryAfterS };
    const now = this.now();
    const state = this.stateOf(scheduled, now);
    if (state !== "open" && state !== "full") return { outcome: state };
    const existing = store.activeFor(slug, values.email);
    if (existing) return this.existing(existing, now);
    const at = new Date(now).toISOString();
    const registration: Registration = {
      id: randomUUID(),
      event: slug,
      sequence: 0,
      state: state === "open" ? "confirmed" : "waiting",
      arrival: store.nextArrival(),
      eventSequence: scheduled.sequence,
      createdAt: at,
      updatedAt: at,
      ...(lang !== "en" ? { lang } : {}),
      ...(zone ? { zone } : {}),
      fullName: values.fullName,
      email: values.email,
      country: values.country,
      interest: values.interest ?? "",
      ...(key ? { idempotencyKey: key } : {}),
    };
    const stored = store.save(registration).then(
      (): RegisterResult => {
        this.stored(registration);
        return { outcome: "registered", registration, place: store.placeInLine(registration) };
      },
      (error: unknown): RegisterResult => ({ outcome: "unstored", error }),
    );
    if (!key) return stored;
    this.storing.set(key, stored);
    try {
      return await stored;
    } finally {
      this.storing.delete(key);
    }
  }

  /** Registered again with the same address: the manage link is e-mailed again (once an hour). */
  private async existing(r: Registration, now: number): Promise<RegisterResult> {
    const hour = new Date(Math.floor(now / HOUR) * HOUR).toISOString();
    if (r.linkRequested !== hour) {
      const asked = { ...r, linkRequested: hour };
      await this.options.store.save(asked).then(
        () => this.options.worker?.enqueue(asked),
        (error: unknown) => console.error("Could not record a manage-link request:", error),
      );
    }
    return { outcome: "existing", registration: r, place: this.options.store.placeInLine(r) };
  }

  /** Cancel a registration (its manage link, or staff); the freed place goes to the first in line. */
  async cancel(id: string, by: "registrant" | "staff"): Promise<CancelResult> {
    const r = this.options.store.get(id);
    const scheduled = r && this.options.schedule.get(r.event);
    if (!r || !scheduled || !this.isOpen(r, scheduled))
      return { outcome: "closed", registration: r };
    const next = this.cancelled(r, by);
    const saved = this.options.store.save(next);
    const promoted = this.fill(scheduled);
    try {
      await saved;
    } catch (error) {
      return { outcome: "unstored", error };
    }
    this.stored(next);
    await promoted;
    return { outcome: "cancelled", registration: next };
  }

  /** Still to come and not cancelled: can be cancelled. */
  isOpen(r: Registration, scheduled = this.options.schedule.get(r.event)) {
    return (
      r.state !== "cancelled" &&
      !!scheduled &&
      !scheduled.cancelled &&
      Date.parse(scheduled.event.startsAt) > this.now()
    );
  }

  /**
   * Give free places to the first in line, in order, while the event is still to come: after a
   * cancellation, after a restart (a promotion the crash interrupted) and when staff raise the
   * capacity. The places are taken synchronously; resolves once the promotions are on disk.
   */
  fill(scheduled: ScheduledEvent): Promise<void> {
    const { store } = this.options;
    const { slug, capacity, startsAt } = scheduled.event;
    const now = this.now();
    if (scheduled.cancelled || now >= Date.parse(startsAt)) return Promise.resolve();
    const saves: Promise<void>[] = [];
    for (const waiting of store.waiting(slug)) {
      if (store.confirmed(slug) >= capacity) break;
      const at = new Date(now).toISOString();
      const promoted: Registration = {
        ...waiting,
        state: "confirmed",
        sequence: waiting.sequence + 1,
        eventSequence: scheduled.sequence,
        promotedAt: at,
        updatedAt: at,
      };
      saves.push(
        store.save(promoted).then(
          () => this.stored(promoted),
          (error: unknown) =>
            console.error(`Could not give ${slug}'s free place to ${waiting.id}:`, error),
        ),
      );
    }
    return Promise.all(saves).then(() => undefined);
  }

  /** The event was cancelled: every registration still standing is cancelled and told. */
  async cancelEvent(slug: string) {
    const { store } = this.options;
    const scheduled = this.options.schedule.get(slug);
    if (!scheduled) return 0;
    const at = new Date(this.now()).toISOString();
    const standing = store.of(slug).filter((r) => r.state !== "cancelled");
    await Promise.all(
      standing.map((r) => {
        const next: Registration = {
          ...r,
          state: "cancelled",
          cancelledBy: "event",
          cancelledFrom: r.state === "waiting" ? "waiting" : "confirmed",
          sequence: r.sequence + 1,
          eventSequence: scheduled.sequence,
          updatedAt: at,
        };
        return store.save(next).then(() => this.stored(next));
      }),
    );
    return standing.length;
  }

  /** The event moved: its confirmed registrants get the updated invite (their letters say so). */
  announce(slug: string) {
    for (const r of this.options.store.of(slug))
      if (r.state === "confirmed") this.options.worker?.enqueue(r);
  }

  private cancelled(r: Registration, by: "registrant" | "staff"): Registration {
    return {
      ...r,
      state: "cancelled",
      cancelledBy: by,
      cancelledFrom: r.state === "waiting" ? "waiting" : "confirmed",
      sequence: r.sequence + 1,
      updatedAt: new Date(this.now()).toISOString(),
    };
  }

  private stored(r: Registration) {
    this.options.worker?.enqueue(r);
    this.options.changed?.(r);
  }
}
