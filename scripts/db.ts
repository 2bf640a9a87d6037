/**
 * `npm run db -- migrate`: apply the schema's new migrations (the server also does at start).
 * `npm run db -- backup FILE`: a consistent copy of the SQLite database, while the server runs.
 * `npm run db -- import DIR`: move DIR/enquiries.jsonl and DIR/vitals.jsonl (what the server
 * kept before the database) in, once, and set each file aside as FILE.imported. A file named
 * instead of DIR is taken as Web Vitals reports if its name starts with "vitals".
 * Uses the database the server uses: DATABASE_URL, else DATA_DIR's SQLite file.
 */
import { existsSync, statSync } from "node:fs";
import { basename, resolve } from "node:path";
import { ConfigError, databaseConfigFrom } from "../server/config";
import { migrate, openDatabase } from "../server/db";
import { importEnquiryFile, importVitalsFile } from "../server/db/import";
import { EnquiryStore } from "../server/store";
import { VitalsStore } from "../server/vitalsStore";

const usage = "Usage: npm run db -- migrate | backup FILE | import DIR";
const [command, arg, ...rest] = process.argv.slice(2);
const commands = ["migrate", "backup", "import"];
if (!commands.includes(command) || rest.length || (command !== "migrate") !== Boolean(arg)) {
  console.error(
    command === "--help" ? usage : `${usage}\n(got: ${process.argv.slice(2).join(" ")})`,
  );
  process.exit(command === "--help" ? 0 : 2);
}

let config;
try {
  config = databaseConfigFrom(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(2);
}

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
    const dir = statSync(arg, { throwIfNoEntry: false })?.isDirectory();
    const files = dir
      ? ["enquiries.jsonl", "vitals.jsonl"].map((name) => resolve(arg, name)).filter(existsSync)
      : [resolve(arg)];
    if (!files.length) {
      console.error(`No enquiries.jsonl or vitals.jsonl in ${resolve(arg)} to import.`);
      process.exitCode = 1;
    }
    for (const file of files) {
      const vitals = basename(file).startsWith("vitals");
      const imported = vitals
        ? await importVitalsFile(new VitalsStore(database.db, database.engine), file)
        : await importEnquiryFile(new EnquiryStore(database.db), file);
      if (!imported) {
        console.error(`No ${file} to import.`);
        process.exitCode = 1;
      } else
        console.log(
          `Imported ${imported.added} of ${imported.read} ${vitals ? "Web Vitals reports" : "enquiries"} from ${file} into ${database.location}${imported.added < imported.read ? (vitals ? " (that file was imported before)" : " (the others were there already)") : ""}; the file is kept as ${imported.aside}.`,
        );
    }
  }
} finally {
  await database.close();
}
