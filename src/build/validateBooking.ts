/**
 * The booking rule that depends on the day of the build: the bank holidays listed must reach
 * past the booking horizon, or the page would offer times on a holiday. Every other rule of
 * content/booking.yaml is its schema's (src/content/schema/booking.ts), checked as it loads.
 */
import type { booking as Booking } from "../content/booking";
import type { ContentModule } from "./validate";

const FILE = "content/booking.yaml";

/** `today` ("YYYY-MM-DD"): the closed-date list must reach past today plus the horizon. */
export function validateBooking(modules: ContentModule[], today: string): string[] {
  const rules = modules.find((m) => m.file === "src/content/booking.ts")?.exports.booking as
    typeof Booking | undefined;
  if (!rules) return [`${FILE}: the booking rules are missing`];
  const last =
    rules.bankHolidays.dates
      .map((d) => d.date)
      .sort()
      .at(-1) ?? "";
  const horizonEnd = new Date(Date.parse(`${today}T00:00:00Z`) + rules.horizonDays * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return last < horizonEnd
    ? [
        `${FILE}: bankHolidays.dates ends on ${last || "nothing"}, before the booking horizon (${horizonEnd}): add the next year's dates from ${rules.bankHolidays.source}`,
      ]
    : [];
}
