import { randomUUID } from "node:crypto";
import { validateEnquiry, type EnquiryValues, type FieldErrors } from "../../src/lib/enquiry";
import type { DeliveryWorker } from "../outbox/delivery";
import type { Limiter } from "../service/rateLimit";
import type { EventSchedule, ScheduledEvent } from "./schedule";
import type { ReservationChange } from "../reservations/store";
import {
  activeRegistrationFor,
  placeInLine,
  type Registration,
  type RegistrationStore,
} from "./store";
import { log } from "../service/log";

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
  limiter?: Limiter;
  now?: () => number;
  /**
   * Every new state of a registration once committed, with its place in line (webhooks):
   * resolves once its messages are in the outbox.
   */
  changed?: (r: Registration, place: number | undefined) => Promise<void> | void;
}

const HOUR = 60 * 60 * 1000;

/** A registration's new state, committed: its e-mails and webhook go out. */
interface Stored {
  registration: Registration;
  place: number | undefined;
}

/**
 * Event registrations from the form to the outbox. Each change holds its event in a database
 * transaction while it decides and takes the place (or the place in line), so concurrent
 * requests, in this process or another, never overfill an event, and the waiting list keeps
 * their order of arrival; a registration is answered only once it is committed. A freed place
 * goes to the first in line in the same transaction.
 */
export class RegistrationDesk {
  readonly now: () => number;

  constructor(private readonly options: Options) {
    this.now = options.now ?? Date.now;
  }

  get(id: string) {
    return this.options.store.get(id);
  }

  /** Whether an event takes registrations, given how many places are confirmed. */
  stateOf(scheduled: ScheduledEvent, confirmed: number, now = this.now()): EventState {
    if (scheduled.cancelled) return "cancelled";
    if (now >= Date.parse(scheduled.event.startsAt)) return "past";
    if (now >= Date.parse(scheduled.event.closesAt)) return "closed";
    return confirmed >= scheduled.event.capacity ? "full" : "open";
  }

  /** Every event's places now, by slug. */
  async places(events: readonly ScheduledEvent[], now = this.now()) {
    const counts = await this.options.store.counts();
    return Object.fromEntries(
      events.map((scheduled): [string, Places] => {
        const { slug, capacity } = scheduled.event;
        const confirmed = counts.confirmed(slug);
        return [
          slug,
          {
            capacity,
            confirmed,
            waiting: counts.waiting(slug),
            left: Math.max(0, capacity - confirmed),
            state: this.stateOf(scheduled, confirmed, now),
          },
        ];
      }),
    );
  }

  /** What this process's view of the store is at: reuse an answer until it changes. */
  get revision() {
    return this.options.store.revision;
  }

  placeInLine(r: Registration) {
    return placeInLine(this.options.store, r);
  }

  async register(
    values: EnquiryValues,
    {
      event: slug,
      zone,
      key,
      client,
      lang = "en",
      notice,
      validate = validateEnquiry,
    }: {
      event: string;
      zone?: string;
      key?: string;
      client: string;
      lang?: string;
      /** The privacy notice's version the form was sent under, if it said. */
      notice?: string;
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
    const before = key && (await this.registeredWith(key));
    if (before) return before;
    const retryAfterS = (await this.options.limiter?.take(client)) ?? 0;
    if (retryAfterS) return { outcome: "limited", retryAfterS };
    const now = this.now();
    const at = new Date(now).toISOString();
    const hour = new Date(Math.floor(now / HOUR) * HOUR).toISOString();
    let stored: Stored | undefined;
    let result: RegisterResult;
    try {
      result = await store.change([slug], async (tx): Promise<RegisterResult> => {
        const id = key && (await tx.idFor(key));
        const done = id && (await tx.get(id));
        if (done)
          return { outcome: "registered", registration: done, place: await placeInLine(tx, done) };
        const state = this.stateOf(scheduled, await tx.placesTaken(slug), now);
        if (state !== "open" && state !== "full") return { outcome: state };
        const existing = await activeRegistrationFor(tx, slug, values.email);
        if (existing) {
          const place = await placeInLine(tx, existing);
          // Registered again with the same address: the manage link is e-mailed again (once an hour).
          if (existing.linkRequested !== hour) {
            const asked = { ...existing, linkRequested: hour };
            await tx.save(asked);
            stored = { registration: asked, place };
          }
          return { outcome: "existing", registration: existing, place };
        }
        const registration: Registration = {
          id: randomUUID(),
          event: slug,
          sequence: 0,
          state: state === "open" ? "confirmed" : "waiting",
          arrival: (await tx.lastArrival(slug)) + 1,
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
          ...(notice ? { notice } : {}),
        };
        await tx.save(registration);
        const place = await placeInLine(tx, registration);
        stored = { registration, place };
        return { outcome: "registered", registration, place };
      });
    } catch (error) {
      // The same key committed meanwhile by another process: its registration is the answer.
      const registered = key && (await this.registeredWith(key).catch(() => undefined));
      return registered || { outcome: "unstored", error };
    }
    if (stored) {
      // A manage-link request only sends the link again: no webhook for it.
      if (result.outcome === "existing") await this.options.worker?.enqueue(stored.registration);
      else await this.told([stored]);
    }
    return result;
  }

  /** Cancel a registration (its manage link, or staff); the freed place goes to the first in line. */
  async cancel(id: string, by: "registrant" | "staff"): Promise<CancelResult> {
    const r = await this.options.store.get(id);
    const scheduled = r && this.options.schedule.get(r.event);
    if (!r || !scheduled || !this.isOpen(r, scheduled))
      return { outcome: "closed", registration: r };
    let told: Stored[] = [];
    let result: CancelResult;
    try {
      result = await this.options.store.change([r.event], async (tx): Promise<CancelResult> => {
        const current = await tx.get(id);
        if (!current || !this.isOpen(current, scheduled))
          return { outcome: "closed", registration: current };
        const next = this.cancelled(current, by);
        await tx.save(next);
        told = [{ registration: next, place: undefined }, ...(await this.promote(tx, scheduled))];
        return { outcome: "cancelled", registration: next };
      });
    } catch (error) {
      return { outcome: "unstored", error };
    }
    await this.told(told);
    return result;
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
   * restart (a promotion a crash interrupted) and when staff raise the capacity.
   */
  async fill(scheduled: ScheduledEvent) {
    const now = this.now();
    if (scheduled.cancelled || now >= Date.parse(scheduled.event.startsAt)) return;
    try {
      await this.told(
        await this.options.store.change([scheduled.event.slug], (tx) =>
          this.promote(tx, scheduled),
        ),
      );
    } catch (error) {
      log.error(
        { err: error },
        `Could not give ${scheduled.event.slug}'s free places to those in line`,
      );
    }
  }

  /** In a change holding the event: its free places to the first in line. */
  private async promote(tx: ReservationChange<Registration>, scheduled: ScheduledEvent) {
    const { slug, capacity, startsAt } = scheduled.event;
    const now = this.now();
    if (scheduled.cancelled || now >= Date.parse(startsAt)) return [];
    const free = capacity - (await tx.placesTaken(slug));
    if (free <= 0) return [];
    const at = new Date(now).toISOString();
    const promoted: Stored[] = [];
    for (const waiting of (await tx.inLine(slug)).slice(0, free)) {
      const next: Registration = {
        ...waiting,
        state: "confirmed",
        sequence: waiting.sequence + 1,
        eventSequence: scheduled.sequence,
        promotedAt: at,
        updatedAt: at,
      };
      await tx.save(next);
      promoted.push({ registration: next, place: undefined });
    }
    return promoted;
  }

  /** The event was cancelled: every registration still standing is cancelled and told. */
  async cancelEvent(slug: string) {
    const scheduled = this.options.schedule.get(slug);
    if (!scheduled) return 0;
    const at = new Date(this.now()).toISOString();
    const told = await this.options.store.change([slug], async (tx) => {
      const standing = (await tx.all(slug)).filter((r) => r.state !== "cancelled");
      const cancelled: Stored[] = [];
      for (const r of standing) {
        const next: Registration = {
          ...r,
          state: "cancelled",
          cancelledBy: "event",
          cancelledFrom: r.state === "waiting" ? "waiting" : "confirmed",
          sequence: r.sequence + 1,
          eventSequence: scheduled.sequence,
          updatedAt: at,
        };
        await tx.save(next);
        cancelled.push({ registration: next, place: undefined });
      }
      return cancelled;
    });
    await this.told(told);
    return told.length;
  }

  /** The event moved: its confirmed registrants get the updated invite (their letters say so). */
  async announce(slug: string) {
    for (const r of await this.options.store.all(slug))
      if (r.state === "confirmed") await this.options.worker?.enqueue(r);
  }

  /** The registration stored with this key, as answered the first time. */
  private async registeredWith(key: string): Promise<RegisterResult | undefined> {
    const id = await this.options.store.idFor(key);
    const done = id && (await this.options.store.get(id));
    if (!done) return undefined;
    return { outcome: "registered", registration: done, place: await this.placeInLine(done) };
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

  /** New states committed: their e-mails and webhooks, in the order they were made. */
  private async told(stored: readonly Stored[]) {
    for (const { registration, place } of stored) {
      await this.options.worker?.enqueue(registration);
      await this.options.changed?.(registration, place);
    }
  }
}
