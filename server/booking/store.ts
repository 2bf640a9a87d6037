import { dirname, join } from "node:path";
import { DurableLog, readJsonLines } from "../jsonl";

export type BookingState = "booked" | "cancelled";

/** One consultation booking as it is stored: each change is a new line with the whole booking. */
export interface Booking {
  id: string;
  /** 0 when booked, one more at each move or cancellation (the invite's SEQUENCE). */
  sequence: number;
  state: BookingState;
  createdAt: string;
  /** When this version was made (booked, moved, cancelled). */
  updatedAt: string;
  mode: string;
  /** ISO instants, UTC. */
  start: string;
  end: string;
  /** The student's IANA time zone, as they chose it (Europe/London without JavaScript). */
  zone: string;
  /** The locale it was booked in (absent: English): the student's e-mails and pages are in it. */
  lang?: string;
  fullName: string;
  email: string;
  phone: string;
  country: string;
  interest: string;
  message: string;
  idempotencyKey?: string;
  cancelledBy?: "student" | "staff";
  /** The hour (ISO) someone last asked, by booking again, for the manage link to be e-mailed. */
  linkRequested?: string;
}

const slotKey = (mode: string, start: string) => `${mode}|${start}`;
const isActive = (b: Booking | undefined) => b?.state === "booked";

/**
 * The bookings file (fsynced JSON lines, the latest line of an id wins), with what the desk asks
 * in memory: places taken per slot, ids by idempotency key, active booking by e-mail address.
 * Changes are made in memory at once (so the next request sees the place taken) and resolve once
 * on disk; a write that fails is undone.
 */
export class BookingStore {
  private readonly log: DurableLog;
  private readonly latest = new Map<string, Booking>();
  private readonly keys = new Map<string, string>();
  private readonly load = new Map<string, number>();

  constructor(readonly file: string) {
    this.log = new DurableLog(file);
    for (const booking of readBookings(file)) this.apply(booking);
  }

  get(id: string) {
    return this.latest.get(id);
  }

  idFor(key: string) {
    return this.keys.get(key);
  }

  /** Goes up whenever a place is taken or freed: what was worked out from `taken` may be reused until then. */
  revision = 0;

  /** Places taken in a slot of a mode. */
  taken = (mode: string, start: string) => this.load.get(slotKey(mode, start)) ?? 0;

  /** The address's booking that is still to come, if any. */
  activeFor(email: string, now: number) {
    const address = email.toLowerCase();
    for (const b of this.latest.values())
      if (isActive(b) && b.email.toLowerCase() === address && Date.parse(b.end) > now) return b;
    return undefined;
  }

  all() {
    return [...this.latest.values()];
  }

  /** Make `next` the booking's state now; resolves once it is on disk (rejects, undone, if not). */
  async save(next: Booking) {
    const previous = this.latest.get(next.id);
    this.apply(next);
    try {
      await this.log.append(next);
    } catch (error) {
      this.unapply(next, previous);
      throw error;
    }
  }

  idle() {
    return this.log.idle();
  }

  private apply(next: Booking) {
    const previous = this.latest.get(next.id);
    if (isActive(previous)) this.count(previous!, -1);
    if (isActive(next)) this.count(next, 1);
    this.latest.set(next.id, next);
    if (next.idempotencyKey) this.keys.set(next.idempotencyKey, next.id);
  }

  private unapply(next: Booking, previous: Booking | undefined) {
    if (isActive(next)) this.count(next, -1);
    if (previous) {
      if (isActive(previous)) this.count(previous, 1);
      this.latest.set(next.id, previous);
    } else {
      this.latest.delete(next.id);
      if (next.idempotencyKey) this.keys.delete(next.idempotencyKey);
    }
  }

  private count(b: Booking, by: number) {
    const key = slotKey(b.mode, b.start);
    this.load.set(key, (this.load.get(key) ?? 0) + by);
    this.revision++;
  }
}

/** The latest state of every booking in the file. */
export function readBookings(file: string): Booking[] {
  const latest = new Map<string, Booking>();
  for (const r of readJsonLines(file))
    if (typeof r.id === "string" && typeof r.start === "string" && typeof r.state === "string")
      latest.set(r.id, r as unknown as Booking);
  return [...latest.values()];
}

/**
 * Every version of every booking in the file (booked, each move, the cancellation), oldest
 * first: the first line of each (id, sequence); a later line of the same sequence only notes
 * a manage-link request.
 */
export function readBookingVersions(file: string): Booking[] {
  const seen = new Set<string>();
  const versions: Booking[] = [];
  for (const r of readJsonLines(file)) {
    if (typeof r.id !== "string" || typeof r.start !== "string" || typeof r.state !== "string")
      continue;
    const key = `${r.id}/${String(r.sequence)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    versions.push(r as unknown as Booking);
  }
  return versions;
}

/** The bookings file beside the enquiries: data/enquiries.jsonl -> data/bookings.jsonl */
export const bookingsFileFor = (dataFile: string) => join(dirname(dataFile), "bookings.jsonl");

/** Staff's requests, beside the bookings: appended by `npm run bookings`, read by the server only. */
export const staffFileFor = (dataFile: string) => join(dirname(dataFile), "bookings.staff.jsonl");
