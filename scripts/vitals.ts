/**
 * `npm run vitals`: real visitors' Web Vitals per route and metric over the last 28 days: the
 * 75th percentile, the share rated good / needs improvement / poor, and how many reports.
 * `-- --csv`: the same as CSV. Reads the reports beside ENQUIRY_DATA_FILE, as the server writes them.
 */
import { dataFileFrom } from "../server/config";
import { readVitals, vitalsFileFor } from "../server/vitals";
import { formatVitals, summarise, vitalsCsv, WINDOW_DAYS } from "../server/vitalsReport";

const args = process.argv.slice(2);
const unknown = args.filter((a) => !["--csv", "--help"].includes(a));
if (unknown.length || args.includes("--help")) {
  if (unknown.length) console.error(`Unknown option ${unknown.join(" ")}`);
  console.error("Usage: npm run vitals [-- --csv]");
  process.exit(unknown.length ? 2 : 0);
}

const file = vitalsFileFor(dataFileFrom(process.env));
const reports = readVitals(file);
const rows = summarise(reports, new Date());
if (args.includes("--csv")) {
  process.stdout.write(vitalsCsv(rows));
} else {
  console.log(
    `${reports.length} page views reported in ${file}; the last ${WINDOW_DAYS} days, per route and metric:`,
  );
  console.log(rows.length ? `\n${formatVitals(rows)}` : "\nNo reports in that time.");
}
