const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "2025-01" -> "January 2025"; "2026-11-23" -> "23 November 2026". */
export function formatAsOf(date: string) {
  const [year, month, day] = date.split("-").map(Number);
  const monthYear = `${MONTHS[month - 1]} ${year}`;
  return day ? `${day} ${monthYear}` : monthYear;
}
