/**
 * `npm run db -- migrate`: apply the schema's new migrations (the server also does at start).
 * `npm run db -- backup FILE`: a consistent copy of the SQLite database, while the server runs.
 * `npm run db -- import DIR`: move DIR's enquiries, bookings, registrations and Web Vitals files (what the
 * server kept before the database) in, once each, and set each file aside as FILE.imported.
 * Uses the database the server uses: DATABASE_URL, else DATA_DIR's SQLite file.
 */
import { statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { migrate, openDatabase } from "../server/db";
import { toolDatabaseConfig } from "../server/db/tools";
import { importOldFiles } from "../server/db/import";

const usage = "Usage: npm run db -- migrate | backup FILE | import DIR";
const [command, arg, ...rest] = process.argv.slice(2);
const commands = ["migrate", "backup", "import"];
if (!commands.includes(command) || rest.length || (command !== "migrate") !== Boolean(arg)) {
  console.error(
    command === "--help" ? usage : `${usage}\n(got: ${process.argv.slice(2).join(" ")})`,
  );
  process.exit(command === "--help" ? 0 : 2);
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
    if (!imported.length) {
      console.error(`Nothing to import in ${dirname(resolve(file))}.`);
      process.exitCode = 1;
    }
    for (const line of imported) console.log(`${line}.`);
  }
} finally {
  await database.close();
}
