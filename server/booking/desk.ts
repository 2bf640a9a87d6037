import { randomUUID } from "node:crypto";
import { validateEnquiry, type EnquiryValues, type FieldErrors } from "../../src/lib/enquiry";
import { freeSlots, isOffered, nearestSlots, type Slot, type SlotRules } from "../../src/lib/slots";
import type { DeliveryWorker } from "../outbox/delivery";
import type { Limiter } from "../service/rateLimit";
import type { ReservationChange } from "../reservations/store";
import { activeBookingFor, slotPool, type Booking, type BookingStore } from "./store";

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
  /**
   * Told of each new version once it is on disk (booked, moved, cancelled): the webhooks.
   * Resolves once its messages are in the outbox.
   */
  onSaved?: (booking: Booking) => Promise<void> | void;
  limiter?: Limiter;
  now?: () => number;
}

const HOUR = 60 * 60 * 1000;

/**
 * Consultation bookings from the rules to the outbox. Each change holds its slot (and the
 * address) in a database transaction while it decides and takes the place, so concurrent
 * requests, in this process or another, can never overfill a slot or book one address twice;
 * a booking is answered only once it is committed.
 */
export class BookingDesk {
  readonly now: () => number;

  constructor(private readonly options: Options) {
    this.now = options.now ?? Date.now;
  }

  get rules() {
    return this.options.rules;
  }

  /** Free slots of a mode from now to the horizon. */
  async slots(mode: string) {
    const taken = await this.options.store.takenSlots();
    return freeSlots(this.options.rules, mode, this.now(), taken);
  }

  /** What this process's view of the store is at, for reusing an answer worked out from it. */
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
      campaign,
      notice,
      validate = validateEnquiry,
    }: {
      key?: string;
      client: string;
      /** The locale the booking was made in; its e-mails and manage page are in it. */
      lang?: string;
      /** The staff page's campaign it came from, already checked (server/service/campaign.ts). */
      campaign?: string;
      /** The privacy notice's version the form was sent under, if it said. */
      notice?: string;
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
    const { store } = this.options;
    const before = key && (await this.bookedWith(key));
    if (before) return { outcome: "booked", booking: before };
    const retryAfterS = (await this.options.limiter?.take(client)) ?? 0;
    if (retryAfterS) return { outcome: "limited", retryAfterS };
    const now = this.now();
    if (!isOffered(this.options.rules, now, choice.start))
      return this.refused("unavailable", choice);
    const capacity = this.options.rules.capacity[choice.mode] ?? 0;
    const at = new Date(now).toISOString();
    const hour = new Date(Math.floor(now / HOUR) * HOUR).toISOString();
    let decided: Decision;
    try {
      decided = await store.change(
        [slotPool(choice.mode, choice.start), `address:${values.email.toLowerCase()}`],
        async (tx): Promise<Decision> => {
          const id = key && (await tx.idFor(key));
          const done = id && (await tx.get(id));
          if (done) return { outcome: "booked", booking: done };
          if ((await tx.placesTaken(slotPool(choice.mode, choice.start))) >= capacity)
            return { outcome: "taken" };
          const existing = await activeBookingFor(tx, values.email, now);
          if (existing) {
            // Asked again within the hour: one e-mail is enough.
            if (existing.linkRequested === hour) return { outcome: "existing" };
            const asked = { ...existing, linkRequested: hour };
            await tx.save(asked);
            return { outcome: "existing", asked };
          }
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
            ...(campaign ? { campaign } : {}),
            ...(notice ? { notice } : {}),
          };
          await tx.save(booking);
          return { outcome: "booked", booking, saved: true };
        },
      );
    } catch (error) {
      // The same key committed meanwhile by another process: its booking is the answer.
      const stored = key && (await this.bookedWith(key).catch(() => undefined));
      if (stored) return { outcome: "booked", booking: stored };
      return { outcome: "unstored", error };
    }
    if (decided.outcome === "taken") return this.refused("taken", choice);
    if (decided.outcome === "existing") {
      if (decided.asked) await this.options.worker?.enqueue(decided.asked);
      return { outcome: "existing" };
    }
    if (decided.saved) await this.saved(decided.booking);
    return { outcome: "booked", booking: decided.booking };
  }

  /** Move a booking to another slot (and perhaps another way to talk). */
  async move(
    id: string,
    choice: Omit<SlotChoice, "zone"> & { zone?: string },
  ): Promise<ChangeResult> {
    const now = this.now();
    if (!isOffered(this.options.rules, now, choice.start))
      return this.refused("unavailable", choice);
    const capacity = this.options.rules.capacity[choice.mode] ?? 0;
    const pool = slotPool(choice.mode, choice.start);
    const result = await this.change(id, [pool], async (tx, booking) => {
      if (booking.mode === choice.mode && booking.start === choice.start) return booking;
      if ((await tx.placesTaken(pool)) >= capacity) return "taken";
      return {
        ...booking,
        mode: choice.mode,
        start: choice.start,
        end: this.endOf(choice.start),
        zone: choice.zone ?? booking.zone,
        sequence: booking.sequence + 1,
        updatedAt: new Date(now).toISOString(),
      };
    });
    return result.outcome === "taken" ? this.refused("taken", choice) : result;
  }

  cancel(id: string, by: "student" | "staff"): Promise<ChangeResult> {
    return this.change(id, [], (_tx, booking) =>
      Promise.resolve({
        ...booking,
        state: "cancelled" as const,
        cancelledBy: by,
        sequence: booking.sequence + 1,
        updatedAt: new Date(this.now()).toISOString(),
      }),
    );
  }

  /** Still to come and not cancelled: can be moved or cancelled. */
  isOpen(booking: Booking, now = this.now()) {
    return booking.state === "booked" && Date.parse(booking.start) > now;
  }

  /** The booking stored with this idempotency key, if any. */
  private async bookedWith(key: string) {
    const id = await this.options.store.idFor(key);
    return id ? this.options.store.get(id) : undefined;
  }

  /**
   * Change an open booking: `next` decides, holding `pools`, from the booking as committed;
   * it returns the booking unchanged (nothing to do), "taken" (without alternatives), or its
   * next version.
   */
  private async change(
    id: string,
    pools: string[],
    next: (tx: ReservationChange<Booking>, booking: Booking) => Promise<Booking | "taken">,
  ): Promise<ChangeResult> {
    let saved: Booking | undefined;
    let result: ChangeResult;
    try {
      result = await this.options.store.change(pools, async (tx) => {
        const booking = await tx.get(id);
        if (!booking || !this.isOpen(booking)) return { outcome: "closed", booking: booking! };
        const changed = await next(tx, booking);
        // The caller says which slots are free instead, once the transaction is over.
        if (changed === "taken") return { outcome: "taken", alternatives: [] };
        if (changed === booking) return { outcome: "moved", booking };
        await tx.save(changed);
        saved = changed;
        return { outcome: changed.state === "cancelled" ? "cancelled" : "moved", booking: changed };
      });
    } catch (error) {
      return { outcome: "unstored", error };
    }
    if (saved) await this.saved(saved);
    return result;
  }

  /**
   * A new version is committed: its e-mails and webhook go out. Resolves once both are in the
   * outbox, so that an answered booking's are sent even if this process dies now.
   */
  private async saved(booking: Booking) {
    await this.options.worker?.enqueue(booking);
    await this.options.onSaved?.(booking);
  }

  /** Why a slot cannot be had, with the nearest free ones. */
  private async refused(outcome: "taken" | "unavailable", choice: Omit<SlotChoice, "zone">) {
    const free = await this.slots(choice.mode);
    return { outcome, alternatives: nearestSlots(free, choice.start) };
  }

  private endOf(start: string) {
    return new Date(Date.parse(start) + this.options.rules.slotMinutes * 60_000).toISOString();
  }
}

/** What a booking's transaction decided. */
type Decision =
  | { outcome: "booked"; booking: Booking; saved?: boolean }
  | { outcome: "existing"; asked?: Booking }
  | { outcome: "taken" };
