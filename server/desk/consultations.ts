import type { Booking } from "../booking/store";
import type { Desk } from "./context";
import type { StaffMember } from "./staff";
import { addDays, wallClock, weekdayOf } from "../../src/lib/slots";

export const LONDON = "Europe/London";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A "YYYY-MM-DD" that is a real date, else undefined. */
export const validDate = (value: string | undefined) =>
  value && DATE.test(value) && addDays(value, 0) === value ? value : undefined;

/** The Monday of the week holding a date. */
export const mondayOf = (date: string) => addDays(date, 1 - weekdayOf(date));

/** The dates shown: the seven days from Monday, or one day. */
export function shownDays(view: { week?: string; day?: string }, now: number) {
  if (view.day) return [view.day];
  const monday = mondayOf(view.week ?? wallClock(now, LONDON).date);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** The bookings on each of the dates (London), by time. */
export function byDay(bookings: readonly Booking[], days: readonly string[]) {
  const grouped = new Map<string, Booking[]>(days.map((d) => [d, []]));
  for (const b of [...bookings].sort((x, y) => x.start.localeCompare(y.start)))
    grouped.get(wallClock(b.start, LONDON).date)?.push(b);
  return grouped;
}

/** The consultations a member of staff sees: an adviser's own (their leads' and nobody's). */
export async function bookingsSeenBy(desk: Desk, staff: Pick<StaffMember, "id" | "role">) {
  const bookings = desk.bookings ? await desk.bookings.all() : [];
  if (staff.role !== "adviser") return bookings;
  const assignees = await desk.leads.assignees("booking");
  return bookings.filter((b) => (assignees.get(b.id) ?? staff.id) === staff.id);
}
