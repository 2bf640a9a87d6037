/**
 * `npm run db -- migrate`: apply the schema's new migrations (the server also does at start).
 * `npm run db -- status`: each migration, applied (when) or pending; changes nothing.
 * `npm run db -- backup FILE`: a consistent copy of the SQLite database, while the server runs.
 * `npm run db -- import DIR`: move DIR's enquiries, bookings, registrations and Web Vitals files (what the
 * server kept before the database) in, once each, and set each file aside as FILE.imported.
 * Uses the database the server uses: DATABASE_URL, else DATA_DIR's SQLite file.
 */
import { statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { migrate, migrationStatus, openDatabase } from "../server/db";
import { toolDatabaseConfig } from "../server/db/tools";
import { importOldFiles } from "../server/db/import";

const usage = "Usage: npm run db -- migrate | status | backup FILE | import DIR";
const [command, arg, ...rest] = process.argv.slice(2);
const takesFile = ["backup", "import"];
if (
  !["migrate", "status", ...takesFile].includes(command) ||
  rest.length ||
  takesFile.includes(command) !== Boolean(arg)
) {
  console.error(
    command === "--help" ? usage : `${usage}\n(got: ${process.argv.slice(2).join(" ")})`,
  );
  process.exit(command === "--help" ? 0 : 2);
}

if (command === "import" && !statSync(arg, { throwIfNoEntry: false })) {
  console.error(`${resolve(arg)} does not exist: name the data folder (or its enquiries file).`);
  process.exit(2);
}

const config = toolDatabaseConfig();

if (command === "backup" && config.databaseUrl) {
  console.error(
    `DATABASE_URL is PostgreSQL: back it up with its own tool, pg_dump "$DATABASE_URL" > ${arg} (restore: psql "$DATABASE_URL" < ${arg}).`,
  );
  process.exit(2);
}

const database = openDatabase(config);
try {
  if (command === "status") await status();
  else {
    const applied = await migrate(database.db);
    if (command === "migrate")
      console.log(
        applied.length
          ? `Applied ${applied.join(", ")} to ${database.location}.`
          : `${database.location} is up to date.`,
      );
    if (command === "backup") {
      await database.backup(resolve(arg));
      console.log(`Backed up ${database.location} to ${resolve(arg)}.`);
    }
    if (command === "import") {
      const file = statSync(arg, { throwIfNoEntry: false })?.isDirectory()
        ? join(arg, "enquiries.jsonl")
        : arg;
      const imported = await importOldFiles(database, resolve(file));
      // Nothing left to import is the normal state after the first start: not a failure.
      if (!imported.length) console.log(`Nothing to import in ${dirname(resolve(file))}.`);
      for (const line of imported) console.log(`${line}.`);
    }
  }
} finally {
  await database.close();
}

/** Each migration, applied or pending, then one line that sums them up. */
async function status() {
  const states = await migrationStatus(database.db);
  const pending = states.filter((m) => !m.appliedAt);
  const unknown = states.filter((m) => m.unknown);
  console.log(`Migrations in ${database.location}:`);
  for (const m of states)
    console.log(
      `  ${m.name.padEnd(24)} ${m.appliedAt ? `applied ${m.appliedAt.toISOString()}` : "pending"}${m.unknown ? " (not in this version: a newer one applied it)" : ""}`,
    );
  console.log(
    pending.length
      ? `${pending.length} pending: the server applies them at its start (or npm run db -- migrate).`
      : "Up to date.",
  );
  if (unknown.length)
    console.log(
      `${unknown.length} applied by a newer version than this one: upgrade before starting it here.`,
    );
}
