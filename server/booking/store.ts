import { dirname, join } from "node:path";
import type { OpenDatabase } from "../db";
import { readLatest, readVersions } from "../reservations/legacy";
import {
  ReservationStore,
  type ReservationReader,
  type ReservationShape,
} from "../reservations/store";

export type BookingState = "booked" | "cancelled";

/** One consultation booking as it is stored (a row of `reservations`; each version kept too). */
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
  /** The staff page's campaign it was booked from (`?campaign=`), if any. */
  campaign?: string;
  /** The privacy notice's version the form was sent under (src/lib/notice.ts), if it said. */
  notice?: string;
  cancelledBy?: "student" | "staff";
  /** The hour (ISO) someone last asked, by booking again, for the manage link to be e-mailed. */
  linkRequested?: string;
}

const slotKey = (mode: string, start: string) => `${mode}|${start}`;
const isActive = (b: Booking | undefined) => b?.state === "booked";
const isBooking = (r: Record<string, unknown>) =>
  typeof r.start === "string" && typeof r.state === "string";

const bookingShape: ReservationShape<Booking> = {
  kind: "booking",
  pool: (b) => (isActive(b) ? slotKey(b.mode, b.start) : undefined),
  line: () => undefined,
  scope: () => "",
  active: isActive,
  endsAt: (b) => b.end,
  arrival: () => 0,
};

/** The pool a slot of a way to talk is: what a booking's change locks. */
export const slotPool = slotKey;

/** Bookings in the database: a booked consultation holds a place in its slot of its mode. */
export class BookingStore extends ReservationStore<Booking> {
  constructor(database: Pick<OpenDatabase, "db" | "exclusive">, ready?: Promise<unknown>) {
    super(database, bookingShape, ready);
  }

  /** Places taken in every slot that has any, by mode and start. */
  async takenSlots() {
    const byPool = await this.placesByPool();
    return (mode: string, start: string) => byPool.get(slotKey(mode, start)) ?? 0;
  }
}

/** The address's booking that is still to come, if any (on the store or in a change). */
export async function activeBookingFor(
  reader: ReservationReader<Booking>,
  email: string,
  now: number,
) {
  const booked = await reader.activeIn("", email);
  return booked.find((b) => Date.parse(b.end) > now);
}

/** The latest state of every booking in an old bookings file (for the import). */
export const readBookings = (file: string) => readLatest<Booking>(file, isBooking);

/**
 * Every version of every booking in an old file (booked, each move, the cancellation), oldest
 * first: a later line of the same sequence only notes a manage-link request.
 */
export const readBookingVersions = (file: string) => readVersions<Booking>(file, isBooking);

/** The bookings file beside the enquiries: data/enquiries.jsonl -> data/bookings.jsonl */
export const bookingsFileFor = (dataFile: string) => join(dirname(dataFile), "bookings.jsonl");

/** Staff's requests, beside the bookings: appended by `npm run bookings`, read by the server only. */
export const staffFileFor = (dataFile: string) => join(dirname(dataFile), "bookings.staff.jsonl");
