/**
 * content/booking.yaml, read and checked once. src/content/booking.ts takes the booking rules from
 * it and src/content/site.ts the office hours (as `site.officeHours`, where the footer, the contact
 * blocks and the structured data have always found them); site.ts cannot import booking.ts,
 * whose texts are filled in with the site's facts.
 */
import { join } from "node:path";
import { bookingFileSchema, type OfficeDay } from "./schema/booking";
import { loadYaml } from "./yamlFile";

export const bookingFile = loadYaml(
  join(import.meta.dirname, "../../content/booking.yaml"),
  bookingFileSchema,
  { officeHours: "office hours line", modes: "way to talk", dates: "bank holiday" },
);

/** "09:00" -> "9:00 AM": office hours are written once, in 24-hour form, and shown like this. */
const clock = (time: string) => {
  const [h, m] = time.split(":").map(Number);
  return `${h % 12 || 12}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
};

/** The office's hours, each line with its hours as shown ("9:00 AM to 6:00 PM", "Closed"). */
export const officeHours: OfficeDay[] = bookingFile.officeHours.map((day) => ({
  ...day,
  hours: day.opens && day.closes ? `${clock(day.opens)} to ${clock(day.closes)}` : "Closed",
}));
