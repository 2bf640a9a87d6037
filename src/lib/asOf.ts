import { dateWords } from "../content/formats";
import { fill } from "./template";
/** "2025-01" -> "January 2025"; "2026-11-23" -> "23 November 2026". */
export function formatAsOf(date: string) {
  const [year, month, day] = date.split("-").map(Number);
  const name = dateWords.months[month - 1];
  return day
    ? fill(dateWords.dayMonthYear, { day, month: name, year })
    : fill(dateWords.monthYear, { month: name, year });
}
