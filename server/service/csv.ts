/**
 * One CSV cell: quoted when it holds a comma, quote or line break (quotes doubled), and a
 * leading =, +, - or @ (or tab / carriage return) defused with an apostrophe, so a spreadsheet
 * shows the text instead of running it as a formula.
 */
export function csvCell(value: string) {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
