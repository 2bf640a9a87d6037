/**
 * The booking rules (content/booking.ts, with the office hours of content/site.ts), checked so
 * that a slip fails the build naming the file and field rather than offering impossible times.
 */
import type { booking as Booking, ClosedDate } from "../../content/booking";
import type { OfficeDay } from "../../content/types";
import { isTimeZone } from "../lib/slots";
import type { ContentModule } from "./validate";

const FILE = "content/booking.ts";
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));

const isDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** `today` ("YYYY-MM-DD"): the closed-date list must reach past today plus the horizon. */
export function validateBooking(modules: ContentModule[], today: string): string[] {
  const errors: string[] = [];
  const fail = (file: string, path: string, problem: string) =>
    errors.push(`${file}: ${path} ${problem}`);
  const rules = modules.find((m) => m.file === FILE)?.exports.booking as typeof Booking | undefined;
  const site = modules.find((m) => m.file === "content/site.ts")?.exports.site as
    { officeHours: OfficeDay[] } | undefined;
  if (!rules) return [`${FILE}: booking is missing`];
  if (!isTimeZone(rules.zone))
    fail(FILE, "booking.zone", `"${rules.zone}" is not an IANA time zone`);
  for (const key of ["slotMinutes", "bufferMinutes", "minNoticeHours", "horizonDays"] as const) {
    const value = rules[key];
    if (!Number.isInteger(value) || value < (key === "bufferMinutes" ? 0 : 1))
      fail(
        FILE,
        `booking.${key}`,
        `should be a whole number${key === "bufferMinutes" ? "" : " above 0"} (is ${value})`,
      );
  }
  const step = rules.slotMinutes + rules.bufferMinutes;
  for (const [i, day] of (site?.officeHours ?? []).entries()) {
    if (!day.opens || !day.closes) continue;
    const path = `site.officeHours[${i}] (${day.days})`;
    if (!TIME.test(day.opens) || !TIME.test(day.closes)) {
      fail(
        "content/site.ts",
        path,
        `opens/closes should be "HH:MM" (are ${day.opens}, ${day.closes})`,
      );
      continue;
    }
    const open = minutes(day.closes) - minutes(day.opens);
    if (open <= 0)
      fail("content/site.ts", path, `opens (${day.opens}) after it closes (${day.closes})`);
    else if (open % step !== 0)
      fail(
        FILE,
        "booking.slotMinutes",
        `plus bufferMinutes (${step} minutes) does not divide the ${open} open minutes of ${day.days} (${day.opens} to ${day.closes}) into whole consultations and their buffers`,
      );
  }
  const ids = new Set<string>();
  for (const [i, mode] of rules.modes.entries()) {
    const path = `booking.modes[${i}]`;
    if (ids.has(mode.id)) fail(FILE, `${path}.id`, `"${mode.id}" is listed twice`);
    ids.add(mode.id);
    if (!Number.isInteger(mode.capacity) || mode.capacity < 1)
      fail(FILE, `${path}.capacity`, `should be 1 or more advisers (is ${mode.capacity})`);
    if (!mode.name.trim() || !mode.description.trim())
      fail(FILE, path, "needs a name and a one-line description");
  }
  const checkDates = (list: readonly ClosedDate[], path: string) => {
    for (const [i, d] of list.entries()) {
      if (!isDate(d.date))
        fail(FILE, `${path}[${i}].date`, `"${d.date}" is not a date (YYYY-MM-DD)`);
      if (!d.reason.trim())
        fail(FILE, `${path}[${i}].reason`, "is empty: say why the office is closed");
    }
  };
  checkDates(rules.bankHolidays.dates, "booking.bankHolidays.dates");
  checkDates(rules.agencyClosed, "booking.agencyClosed");
  if (!isDate(rules.bankHolidays.checked))
    fail(
      FILE,
      "booking.bankHolidays.checked",
      "should be the date the list was checked (YYYY-MM-DD)",
    );
  const last =
    rules.bankHolidays.dates
      .map((d) => d.date)
      .sort()
      .at(-1) ?? "";
  const horizonEnd = new Date(Date.parse(`${today}T00:00:00Z`) + rules.horizonDays * 86_400_000)
    .toISOString()
    .slice(0, 10);
  if (last < horizonEnd)
    fail(
      FILE,
      "booking.bankHolidays.dates",
      `ends on ${last || "nothing"}, before the booking horizon (${horizonEnd}): add the next year's dates from ${rules.bankHolidays.source}`,
    );
  return errors;
}
