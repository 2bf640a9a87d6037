import { booking } from "../content/booking";
import { site } from "../content/site";
import type { SlotRules } from "./slots";

const ISO_DAY: Record<string, number> = {
  Monday: 1,
  Tuesday: 2,
  Wednesday: 3,
  Thursday: 4,
  Friday: 5,
  Saturday: 6,
  Sunday: 7,
};

/** The slot rules and office hours of content/booking.yaml (`booking`, `site.officeHours`). */
export function slotRules(): SlotRules {
  const hours: SlotRules["hours"] = {};
  for (const day of site.officeHours)
    if (day.opens && day.closes)
      for (const name of day.dayOfWeek)
        hours[ISO_DAY[name]] = { opens: day.opens, closes: day.closes };
  return {
    zone: booking.zone,
    hours,
    slotMinutes: booking.slotMinutes,
    bufferMinutes: booking.bufferMinutes,
    minNoticeHours: booking.minNoticeHours,
    horizonDays: booking.horizonDays,
    closed: new Set([...booking.bankHolidays.dates, ...booking.agencyClosed].map((d) => d.date)),
    capacity: Object.fromEntries(booking.modes.map((m) => [m.id, m.capacity])),
  };
}

export const modeById = (id: string) => booking.modes.find((m) => m.id === id);
