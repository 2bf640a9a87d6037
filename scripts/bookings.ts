/**
 * `npm run bookings`: the coming consultations by day, London time. `-- --all`: past ones too.
 * `-- --csv`: as CSV. `-- --cancel ID`: cancel one and tell the student (the running server
 * does it within seconds; a stopped one at its start). Reads the same database (DATABASE_URL,
 * else DATA_DIR) and data folder as the server. Sets the exit code rather than calling
 * process.exit, so a pipe to a slow reader gets the whole output (scripts/enquiries.ts).
 */
import { withToolDatabase } from "../server/db/tools";
import { BookingStore } from "../server/booking/store";
import { StaffRequests } from "../server/reservations/staffRequests";
import {
  bookingsCsv,
  comingBookings,
  formatBookings,
  requestCancel,
} from "../server/booking/report";

const args = process.argv.slice(2);
const cancelAt = args.indexOf("--cancel");
const cancelId = cancelAt >= 0 ? args[cancelAt + 1] : undefined;
const known = ["--all", "--csv", "--cancel", "--help"];
const unknown = args.filter((a, i) => !known.includes(a) && i !== cancelAt + 1);
if (unknown.length || args.includes("--help") || (cancelAt >= 0 && !cancelId)) {
  if (unknown.length) console.error(`Unknown option ${unknown.join(" ")}`);
  if (cancelAt >= 0 && !cancelId) console.error("--cancel needs a booking id");
  console.error("Usage: npm run bookings [-- --all | --csv | --cancel ID]");
  process.exitCode = args.includes("--help") ? 0 : 2;
} else if (cancelId) await cancel(cancelId);
else await list();

async function cancel(id: string) {
  const problem = await withToolDatabase((database) =>
    requestCancel(new BookingStore(database), new StaffRequests(database.db), id),
  );
  if (problem) {
    console.error(problem);
    process.exitCode = 1;
    return;
  }
  console.log(
    `Asked the server to cancel ${id}: the student and the advisers are e-mailed once it has (within seconds while it runs, else at its next start).`,
  );
}

async function list() {
  const bookings = await withToolDatabase((database) =>
    comingBookings(new BookingStore(database), Date.now(), args.includes("--all")),
  );
  if (args.includes("--csv")) {
    process.stdout.write(bookingsCsv(bookings));
    return;
  }
  const active = bookings.filter((b) => b.state === "booked").length;
  console.log(
    `${active} consultation(s) booked${args.includes("--all") ? "" : " to come"}, ${bookings.length - active} cancelled.`,
  );
  if (bookings.length) console.log(`\n${formatBookings(bookings)}`);
}
