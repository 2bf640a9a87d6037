/**
 * `npm run enquiries`: the latest enquiries with their delivery state (failed and flagged ones
 * always). `-- --all`: every enquiry. `-- --csv`: all of them as CSV. `-- --retry`: queue flagged
 * e-mails and webhooks again (a running server picks them up within seconds, a stopped one at
 * its start). Webhook deliveries' state follows the enquiries.
 * Reads the database the server uses (DATABASE_URL, else DATA_DIR's SQLite file).
 * Never calls process.exit after writing: a pipe to a slow reader (`| gzip`) would lose all but
 * the first 64 KiB. It sets the exit code and lets Node end once stdout has taken everything.
 */
import { existsSync } from "node:fs";
import { dataFileFrom } from "../server/service/config";
import { withToolDatabase } from "../server/db/tools";
import { EnquiryStore } from "../server/enquiries/store";
import { latestRecords, requeueFlagged } from "../server/outbox/outbox";
import {
  formatReport,
  needsAttention,
  readReport,
  stateOf,
  toCsv,
} from "../server/enquiries/report";
import { webhookReport } from "../server/webhooks/report";

const LATEST = 20;
const args = process.argv.slice(2);
const known = ["--all", "--csv", "--retry", "--help"];
const unknown = args.filter((a) => !known.includes(a));
if (unknown.length || args.includes("--help")) {
  if (unknown.length) console.error(`Unknown option ${unknown.join(" ")}`);
  console.error("Usage: npm run enquiries [-- --all | --csv | --retry]");
  process.exitCode = unknown.length ? 2 : 0;
} else if (args.includes("--retry")) await retry();
else await list();

async function retry() {
  await withToolDatabase(async ({ db }) => {
    const requeued = await requeueFlagged(db, "enquiries");
    console.log(
      requeued.length
        ? `Re-queued ${requeued.length} flagged e-mail(s): ${requeued.map((r) => `${r.id}/${r.mail}`).join(", ")}`
        : "No flagged e-mails to re-queue.",
    );
    const hooks = await requeueFlagged(db, "webhooks");
    if (hooks.length)
      console.log(
        `Re-queued ${hooks.length} flagged webhook(s): ${hooks.map((r) => `${r.id} to ${r.mail}`).join(", ")}`,
      );
  });
}

async function list() {
  const dataFile = dataFileFrom(process.env);
  const { enquiries, location, mail, hooks } = await withToolDatabase(async (database) => ({
    enquiries: await new EnquiryStore(database.db).all(),
    location: database.location,
    mail: await latestRecords(database.db, "enquiries"),
    hooks: webhookReport(await latestRecords(database.db, "webhooks")),
  }));
  // On stderr: the CSV on stdout stays whole.
  if (existsSync(dataFile))
    console.error(
      `${dataFile} is not imported yet: the server imports it at its next start (or npm run db -- import ${dataFile}).`,
    );

  const rows = readReport(enquiries, mail);
  if (args.includes("--csv")) {
    process.stdout.write(toCsv(rows));
    return;
  }

  const shown = args.includes("--all")
    ? rows
    : rows.filter((row, i) => i >= rows.length - LATEST || needsAttention(row));
  const count = (state: string) =>
    rows.filter((r) => stateOf(r, "notify").split(":")[0] === state).length;
  console.log(
    `${rows.length} enquiries in ${location}. Notifications: ${count("sent")} sent, ${count("pending") + count("failed")} pending, ${count("flagged")} flagged.`,
  );
  if (shown.length < rows.length)
    console.log(`Showing the latest ${LATEST} and any that failed (--all for every one).`);
  if (shown.length) console.log(`\n${formatReport(shown)}`);
  if (hooks.length) console.log(`\n${hooks.join("\n")}`);
}
