import type { StaffRequests } from "../reservations/staffRequests";
import { csvCell } from "../service/csv";
import { booking as rules } from "../../src/content/booking";
import { modeById } from "../../src/lib/bookingRules";
import { slotLabel } from "../../src/lib/slots";
import type { Booking, BookingStore } from "./store";

/** Bookings still to come (booked or cancelled), soonest first; `all`: past ones too. */
export async function comingBookings(store: BookingStore, now: number, all = false) {
  return (await store.all())
    .filter((b) => all || Date.parse(b.end) > now)
    .sort((a, b) => a.start.localeCompare(b.start));
}

/** The list staff read: by day in London time, then time, mode, name, e-mail, interest, state. */
export function formatBookings(bookings: Booking[]) {
  const lines: string[] = [];
  let day = "";
  for (const b of bookings) {
    const at = slotLabel(b.start, rules.zone);
    if (at.day !== day) {
      day = at.day;
      lines.push("", `${day} (London time)`);
    }
    lines.push(
      `  ${at.time}  ${(modeById(b.mode)?.name ?? b.mode).padEnd(20)} ${b.fullName} <${b.email}>  ${b.interest}  ${b.state}${b.cancelledBy ? ` by ${b.cancelledBy}` : ""}${b.campaign ? `  campaign ${b.campaign}` : ""}  [${b.id}]`,
    );
  }
  return lines.join("\n").trim();
}

/** Every booking as CSV (BOM, CRLF, formulas neutralised), as the enquiries tool writes it. */
export function bookingsCsv(bookings: Booking[]) {
  const header = [
    "id",
    "state",
    "London date",
    "London time",
    "start (UTC)",
    "mode",
    "student's zone",
    "name",
    "email",
    "phone",
    "country",
    "interest",
    "message",
    "booked at",
    "changed at",
    "campaign",
  ];
  const rows = bookings.map((b) => {
    const at = slotLabel(b.start, rules.zone);
    return [
      b.id,
      b.state,
      at.date,
      at.time,
      b.start,
      b.mode,
      b.zone,
      b.fullName,
      b.email,
      b.phone,
      b.country,
      b.interest,
      b.message,
      b.createdAt,
      b.updatedAt,
      b.campaign ?? "",
    ];
  });
  return `\uFEFF${[header, ...rows].map((cells) => cells.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

/** Ask the server to cancel a booking and tell the student (it reads the request within seconds, or at its start). */
export async function requestCancel(
  store: BookingStore,
  requests: StaffRequests,
  id: string,
  now = new Date(),
) {
  const booking = await store.get(id);
  if (!booking) return `No booking ${id}.`;
  if (booking.state === "cancelled") return `Booking ${id} is already cancelled.`;
  if (Date.parse(booking.start) <= now.getTime()) return `Booking ${id} has already begun.`;
  await requests.ask("booking", id, now);
  return undefined;
}
