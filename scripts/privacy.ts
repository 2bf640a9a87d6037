/**
 * `npm run privacy -- export EMAIL [--json]`: everything held about an address, as text (or
 * JSON). `-- erase EMAIL`: ask the server to erase it (it cancels what is to come, with the
 * usual e-mails, then deletes or strips every record; within seconds while it runs, else at
 * its start). `-- requests`: students' requests waiting for staff; `-- confirm ID`: confirm
 * one. `-- retention [--run]`: what the retention job deletes next (or run it now). Reads the
 * same database (DATABASE_URL, else DATA_DIR) as the server. Sets the exit code rather than
 * calling process.exit, so a pipe gets the whole output.
 */
import { userInfo } from "node:os";
import { withToolDatabase } from "../server/db/tools";
import { exportPerson, formatExport } from "../server/privacy/export";
import { requestErasure } from "../server/privacy/erase";
import { confirmRequest, dueBy, pendingRequests } from "../server/privacy/requests";
import { nextToExpire, retentionLine, runRetention } from "../server/privacy/retention";
import { isEmail, normalEmail } from "../server/privacy/strip";

const usage =
  "Usage: npm run privacy -- export EMAIL [--json] | erase EMAIL | requests | confirm ID | retention [--run]";
const [command, target, ...rest] = process.argv.slice(2);
const actor = `cli:${userInfo().username}`;

const bad = (problem: string) => {
  console.error(problem);
  console.error(usage);
  process.exitCode = 2;
};

if (!command || command === "--help") {
  if (command) console.log(usage);
  else bad("Say what to do.");
} else if (command === "export" || command === "erase") {
  if (!target || !isEmail(target))
    bad(`${command} needs an e-mail address${target ? `, not "${target}"` : ""}.`);
  else if (rest.some((a) => a !== "--json") || (command === "erase" && rest.length))
    bad(`Unknown option ${rest.join(" ")}`);
  else if (command === "export") {
    const copy = await withToolDatabase((database) => exportPerson(database.db, target));
    process.stdout.write(
      rest.includes("--json") ? `${JSON.stringify(copy, null, 2)}\n` : formatExport(copy),
    );
  } else {
    const id = await withToolDatabase((database) => requestErasure(database.db, target, { actor }));
    console.log(
      `Asked the server to erase ${normalEmail(target)} (request ${id}): it cancels their consultations and registrations to come (they are e-mailed as for any cancellation), then deletes or strips every record, and tells the other tools (person.erased). Within seconds while it runs, else at its next start; npm run privacy -- export ${normalEmail(target)} shows what is left.`,
    );
  }
} else if (command === "requests") {
  if (target) bad(`Unknown option ${target}`);
  else {
    const pending = await withToolDatabase((database) => pendingRequests(database.db));
    console.log(`${pending.length} request(s) from students waiting to be confirmed.`);
    for (const r of pending)
      console.log(
        `  ${r.at}  ${r.kind === "erase" ? "erasure" : "copy"}  ${r.email}  (${r.lang ?? "en"})  answer by ${dueBy(r.at).slice(0, 10)}  [${r.id}]`,
      );
  }
} else if (command === "confirm") {
  if (!target || rest.length) bad("confirm needs one request's id.");
  else {
    const problem = await withToolDatabase((database) =>
      confirmRequest(database.db, target, actor),
    );
    if (problem) {
      console.error(problem);
      process.exitCode = 1;
    } else console.log(`Confirmed ${target}.`);
  }
} else if (command === "retention") {
  if ((target && target !== "--run") || rest.length)
    bad(`Unknown option ${[target, ...rest].join(" ")}`);
  else if (target === "--run") {
    const started = performance.now();
    const counts = await withToolDatabase((database) =>
      runRetention({ db: database.db, now: Date.now, force: true }),
    );
    if (counts) console.log(retentionLine(counts, Math.round(performance.now() - started)));
    else {
      console.error("A server is running the retention job now; try again in a few minutes.");
      process.exitCode = 1;
    }
  } else {
    const next = await withToolDatabase((database) => nextToExpire(database.db, new Date()));
    for (const n of next)
      console.log(
        `${n.kind.padEnd(14)} ${n.next ? `next ${n.next.at.slice(0, 10)} [${n.next.id}]` : "none held"}, ${n.within30Days} within 30 days`,
      );
  }
} else bad(`Unknown command ${command}`);
