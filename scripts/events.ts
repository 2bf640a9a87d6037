/**
 * `npm run events`: every event with registered / waiting / capacity. `-- --csv SLUG`: one
 * event's registrations as CSV. `-- --cancel SLUG`: cancel an event and e-mail everyone (the
 * running server does it within seconds; a stopped one at its start). Reads the same database
 * (DATABASE_URL, else DATA_DIR), data folder and events file (EVENTS_FILE) as the server.
 * Sets the exit code rather than calling process.exit, so a pipe gets the whole output.
 */
import { withToolDatabase } from "../server/db/tools";
import { RegistrationStore } from "../server/events/store";
import { StaffRequests } from "../server/reservations/staffRequests";
import {
  eventCounts,
  formatEventCounts,
  registrationsCsv,
  requestEventCancel,
} from "../server/events/report";

const args = process.argv.slice(2);
const [option, slug] = args;
const usage = "Usage: npm run events [-- --csv SLUG | --cancel SLUG]";
const eventsFile = process.env.EVENTS_FILE?.trim() || undefined;

if (args.includes("--help")) {
  console.log(usage);
} else if (
  (option && !["--csv", "--cancel"].includes(option)) ||
  (option && !slug) ||
  args.length > 2
) {
  console.error(
    option && !slug ? `${option} needs an event's slug` : `Unknown option ${args.join(" ")}`,
  );
  console.error(usage);
  process.exitCode = 2;
} else if (option === "--csv") {
  process.stdout.write(
    await withToolDatabase((database) => registrationsCsv(new RegistrationStore(database), slug)),
  );
} else if (option === "--cancel") {
  const problem = await withToolDatabase((database) =>
    requestEventCancel(new StaffRequests(database.db), slug, eventsFile),
  );
  if (problem) {
    console.error(problem);
    process.exitCode = 1;
  } else
    console.log(
      `Asked the server to cancel ${slug}: everyone registered or waiting is e-mailed a cancellation once it has (within seconds while it runs, else at its next start). Set "status: cancelled" on it in content/events.yaml too, so its page says so.`,
    );
} else {
  const counts = await withToolDatabase((database) =>
    eventCounts(new RegistrationStore(database), eventsFile),
  );
  console.log(formatEventCounts(counts, Date.now()));
}
