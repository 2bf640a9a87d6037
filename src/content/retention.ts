/**
 * content/retention.yaml, checked: how long each kind of record about a student is kept. The
 * privacy notice shows these periods and the server's retention job deletes by them, so both
 * read them here.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { checkYaml } from "./yamlFile";
import { retentionFileSchema, type Retention, type RetentionPeriod } from "./schema/retention";

/** content/retention.yaml, or RETENTION_FILE (a test's own copy). */
export const RETENTION_FILE = process.env.RETENTION_FILE
  ? resolve(process.env.RETENTION_FILE)
  : join(import.meta.dirname, "../../content/retention.yaml");

/** The periods in `file`; throws ContentError naming the line of anything wrong. */
export function loadRetention(file = RETENTION_FILE): Retention {
  const checked = checkYaml(readFileSync(file, "utf8"), file, retentionFileSchema, {});
  checked.done();
  return checked.data;
}

/**
 * `date` moved by `sign` periods: whole days, or calendar months in UTC (the same day of the
 * month, or the month's last day when it has fewer).
 */
function shift(date: Date, period: RetentionPeriod, sign: 1 | -1): Date {
  const at = new Date(date);
  if (period.unit === "days") {
    at.setUTCDate(at.getUTCDate() + sign * period.keep);
    return at;
  }
  const day = at.getUTCDate();
  at.setUTCDate(1);
  at.setUTCMonth(at.getUTCMonth() + sign * period.keep);
  const last = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate();
  at.setUTCDate(Math.min(day, last));
  return at;
}

/** When a record whose period runs from `from` is past it (the notice's and the desk's date). */
export const expiresAt = (from: Date, period: RetentionPeriod) => shift(from, period, 1);

/** The cut-off at `now`: a record whose period ran from before it is past it (the job deletes it). */
export const keptSince = (now: Date, period: RetentionPeriod) => shift(now, period, -1);
