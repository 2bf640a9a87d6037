/**
 * `npm run vitals`: real visitors' Web Vitals per route and metric over the last 28 days: the
 * 75th percentile, the share rated good / needs improvement / poor, and how many reports.
 * `-- --csv`: the same as CSV. Reads the database the server uses (DATABASE_URL, else DATA_DIR's
 * SQLite file): the reports kept whole, and the daily histograms of the days rolled up.
 */
import { existsSync } from "node:fs";
import { ConfigError, dataFileFrom, databaseConfigFrom } from "../server/service/config";
import { migrate, openDatabase } from "../server/db";
import { vitalsFileFor } from "../server/db/import";
import { VitalsStore } from "../server/vitals/store";
import { formatVitals, vitalsCsv, WINDOW_DAYS } from "../server/vitals/report";

const args = process.argv.slice(2);
const unknown = args.filter((a) => !["--csv", "--help"].includes(a));
if (unknown.length || args.includes("--help")) {
  if (unknown.length) console.error(`Unknown option ${unknown.join(" ")}`);
  console.error("Usage: npm run vitals [-- --csv]");
  process.exit(unknown.length ? 2 : 0);
}

let config;
try {
  config = databaseConfigFrom(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(2);
}
const database = openDatabase(config);
let views, rows;
try {
  // A database no server has opened yet: its (empty) tables, so it reads as none.
  await migrate(database.db);
  const store = new VitalsStore(database.db, database.engine);
  rows = await store.summary(new Date());
  views = await store.views();
} finally {
  await database.close();
}
// On stderr: the CSV on stdout stays whole.
const oldFile = vitalsFileFor(dataFileFrom(process.env));
if (existsSync(oldFile))
  console.error(
    `${oldFile} is not imported yet: the server imports it at its next start (or npm run db -- import ${oldFile}).`,
  );

if (args.includes("--csv")) {
  process.stdout.write(vitalsCsv(rows));
} else {
  console.log(
    `${views} page views reported in ${database.location}; the last ${WINDOW_DAYS} days, per route and metric:`,
  );
  console.log(rows.length ? `\n${formatVitals(rows)}` : "\nNo reports in that time.");
  if (rows.some((r) => r.estimated))
    console.log(
      "\n≤: days older than the reports kept whole are in daily histograms; their p75 is the bound of its bucket (at most 12.5% above).",
    );
}
