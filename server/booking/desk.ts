import { randomUUID } from "node:crypto";
import { validateEnquiry, type EnquiryValues, type FieldErrors } from "../../src/lib/enquiry";
import { freeSlots, isOffered, nearestSlots, type Slot, type SlotRules } from "../../src/lib/slots";
import type { DeliveryWorker } from "../delivery";
import type { RateLimiter } from "../rateLimit";
import type { Booking, BookingStore } from "./store";

/** What a student asks for: a way to talk and a start (ISO instant), seen from their zone. */
export interface SlotChoice {
  mode: string;
  start: string;
  zone: string;
}

export type BookResult =
  | { outcome: "booked"; booking: Booking }
  | { outcome: "invalid"; errors: FieldErrors }
  | { outcome: "limited"; retryAfterS: number }
  /** taken: full since the page showed it; unavailable: not a time we offer (hours, notice, closed). */
  | { outcome: "taken" | "unavailable"; alternatives: Slot[] }
  /** The address already has a booking to come: its manage link is e-mailed to the address. */
  | { outcome: "existing" }
  | { outcome: "unstored"; error: unknown };

export type ChangeResult =
  | { outcome: "moved" | "cancelled"; booking: Booking }
  | { outcome: "taken" | "unavailable"; alternatives: Slot[] }
  /** Cancelled already, or over. */
  | { outcome: "closed"; booking: Booking }
  | { outcome: "unstored"; error: unknown };

interface Options {
  store: BookingStore;
  rules: SlotRules;
  interests: readonly string[];
  worker?: DeliveryWorker<Booking>;
  /** Told of each new version once it is on disk (booked, moved, cancelled): the webhooks. */
  onSaved?: (booking: Booking) => void;
  limiter?: RateLimiter;
  now?: () => number;
}

const HOUR = 60 * 60 * 1000;

/**
 * Consultation bookings from the rules to the outbox. Every check and the place it takes happen
 * in one synchronous step before the write, so concurrent requests can never overfill a slot;
 * a booking is answered only once it is on disk.
 */
export class BookingDesk {
  private readonly storing = new Map<string, Promise<BookResult>>();
  readonly now: () => number;

  constructor(private readonly options: Options) {
    this.now = options.now ?? Date.now;
  }

  get rules() {
    return this.options.rules;
  }

  /** Free slots of a mode from now to the horizon. */
  slots(mode: string) {
    return freeSlots(this.options.rules, mode, this.now(), this.options.store.taken);
  }

  /** What the store's state is at, for reusing an answer worked out from it. */
  get revision() {
    return this.options.store.revision;
  }

  isMode(mode: string) {
    return mode in this.options.rules.capacity;
  }

  get(id: string) {
    return this.options.store.get(id);
  }

  async book(
    values: EnquiryValues,
    choice: SlotChoice,
    {
      key,
      client,
      lang = "en",
      validate = validateEnquiry,
    }: {
      key?: string;
      client: string;
      /** The locale the booking was made in; its e-mails and manage page are in it. */
      lang?: string;
      /** The shared rules, with their messages in the form's language. */
      validate?: (
        kind: "enquiry",
        values: EnquiryValues,
        interests: readonly string[],
      ) => FieldErrors | Promise<FieldErrors>;
    },
  ): Promise<BookResult> {
    const errors = await validate("enquiry", values, this.options.interests);
    if (Object.keys(errors).length) return { outcome: "invalid", errors };
    if (key) {
      const id = this.options.store.idFor(key);
      const done = id && this.options.store.get(id);
      if (done) return { outcome: "booked", booking: done };
      const under = this.storing.get(key);
      if (under) return under;
    }
    const retryAfterS = this.options.limiter?.take(client) ?? 0;
    if (retryAfterS) return { outcome: "limited", retryAfterS };
    const now = this.now();
    const refused = this.refusal(choice, now);
    if (refused) return refused;
    const existing = this.options.store.activeFor(values.email, now);
    if (existing) {
      // Asked again within the hour: one e-mail is enough.
      const hour = new Date(Math.floor(now / HOUR) * HOUR).toISOString();
      if (existing.linkRequested !== hour) {
        const asked = { ...existing, linkRequested: hour };
        await this.options.store.save(asked).then(
          () => this.options.worker?.enqueue(asked),
          (error: unknown) => console.error("Could not record a manage-link request:", error),
        );
      }
      return { outcome: "existing" };
    }
    const at = new Date(now).toISOString();
    const booking: Booking = {
      id: randomUUID(),
      sequence: 0,
      state: "booked",
      createdAt: at,
      updatedAt: at,
      mode: choice.mode,
      start: choice.start,
      end: this.endOf(choice.start),
      zone: choice.zone,
      ...(lang !== "en" ? { lang } : {}),
      fullName: values.fullName,
      email: values.email,
      phone: values.phone,
      country: values.country,
      interest: values.interest,
      message: values.message ?? "",
      ...(key ? { idempotencyKey: key } : {}),
    };
    const stored = this.options.store.save(booking).then(
      (): BookResult => {
        this.options.worker?.enqueue(booking);
        this.options.onSaved?.(booking);
        return { outcome: "booked", booking };
      },
      (error: unknown): BookResult => ({ outcome: "unstored", error }),
    );
    if (!key) return stored;
    this.storing.set(key, stored);
    try {
      return await stored;
    } finally {
      this.storing.delete(key);
    }
  }

  /** Move a booking to another slot (and perhaps another way to talk). */
  async move(id: string, choice: Omit<SlotChoice, "zone"> & { zone?: string }) {
    const booking = this.options.store.get(id);
    const now = this.now();
    if (!booking || !this.isOpen(booking, now))
      return { outcome: "closed", booking: booking! } satisfies ChangeResult;
    if (booking.mode === choice.mode && booking.start === choice.start)
      return { outcome: "moved", booking } satisfies ChangeResult;
    const refused = this.refusal({ zone: booking.zone, ...choice }, now);
    if (refused) return refused;
    return this.change({
      ...booking,
      mode: choice.mode,
      start: choice.start,
      end: this.endOf(choice.start),
      zone: choice.zone ?? booking.zone,
      sequence: booking.sequence + 1,
      updatedAt: new Date(now).toISOString(),
    });
  }

  async cancel(id: string, by: "student" | "staff") {
    const booking = this.options.store.get(id);
    const now = this.now();
    if (!booking || !this.isOpen(booking, now))
      return { outcome: "closed", booking: booking! } satisfies ChangeResult;
    return this.change({
      ...booking,
      state: "cancelled",
      cancelledBy: by,
      sequence: booking.sequence + 1,
      updatedAt: new Date(now).toISOString(),
    });
  }

  /** Still to come and not cancelled: can be moved or cancelled. */
  isOpen(booking: Booking, now = this.now()) {
    return booking.state === "booked" && Date.parse(booking.start) > now;
  }

  private async change(next: Booking): Promise<ChangeResult> {
    try {
      await this.options.store.save(next);
    } catch (error) {
      return { outcome: "unstored", error };
    }
    this.options.worker?.enqueue(next);
    this.options.onSaved?.(next);
    return { outcome: next.state === "cancelled" ? "cancelled" : "moved", booking: next };
  }

  /** Why a slot cannot be had now, with the nearest free ones; undefined when it can. */
  private refusal(choice: SlotChoice, now: number) {
    const free = this.slots(choice.mode);
    if (!isOffered(this.options.rules, now, choice.start))
      return { outcome: "unavailable" as const, alternatives: nearestSlots(free, choice.start) };
    if (
      this.options.store.taken(choice.mode, choice.start) >=
      (this.options.rules.capacity[choice.mode] ?? 0)
    )
      return { outcome: "taken" as const, alternatives: nearestSlots(free, choice.start) };
    return undefined;
  }

  private endOf(start: string) {
    return new Date(Date.parse(start) + this.options.rules.slotMinutes * 60_000).toISOString();
  }
}
