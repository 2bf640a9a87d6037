import { dirname, join } from "node:path";
import { readJsonLines } from "../jsonl";
import { readLatest, ReservationStore } from "../reservations/store";

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
const isBooking = (r: Record<string, unknown>) =>
  typeof r.start === "string" && typeof r.state === "string";

/**
 * The bookings file (the reservation core's store): a booked consultation holds a place in its
 * slot of its mode; the desk also asks for the address's booking to come.
 */
export class BookingStore extends ReservationStore<Booking> {
  constructor(file: string) {
    super(file, (b) => (isActive(b) ? slotKey(b.mode, b.start) : undefined), isBooking);
  }

  /** Places taken in a slot of a mode. */
  taken = (mode: string, start: string) => this.placesTaken(slotKey(mode, start));

  /** The address's booking that is still to come, if any. */
  activeFor(email: string, now: number) {
    const address = email.toLowerCase();
    for (const b of this.all())
      if (isActive(b) && b.email.toLowerCase() === address && Date.parse(b.end) > now) return b;
    return undefined;
  }
}

/** The latest state of every booking in the file. */
export const readBookings = (file: string) => readLatest<Booking>(file, isBooking);

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
