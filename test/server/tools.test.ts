import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Migrator } from "kysely/migration";
import SQLite from "better-sqlite3";
import { migrate, openDatabase, SQLITE_FILE, type DatabaseConfig } from "../../server/db";
import { migrationProvider } from "../../server/db/migrations";
import { BookingStore, type Booking } from "../../server/booking/store";
import { RegistrationStore, type Registration } from "../../server/events/store";
import { EnquiryStore, type Enquiry } from "../../server/enquiries/store";
import { testEngines } from "./engines";

// The staff commands as an operator runs them: their whole output through a pipe into a reader
// slower than they write (`| gzip`, `| ssh`), and `npm run db` on both engines.

const root = resolve(import.meta.dirname, "../..");
/** Reads stdin a chunk at a time, 20 ms apart, into the file named: a reader slower than the writer. */
const SLOW_READER = `import { writeFileSync } from "node:fs";
const chunks = [];
for await (const chunk of process.stdin) {
  chunks.push(chunk);
  await new Promise((r) => setTimeout(r, 20));
}
writeFileSync(process.argv[2], Buffer.concat(chunks));
`;

let dir = "";
let reader = "";
before(() => {
  dir = mkdtempSync(join(tmpdir(), "eg-tools-"));
  reader = join(dir, "slow-reader.mjs");
  writeFileSync(reader, SLOW_READER);
});
after(() => rmSync(dir, { recursive: true, force: true }));

const { engines, freshDir } = testEngines();

/** Runs a shell command line in the checkout with `env`; its exit code and output. */
function sh(line: string, env: Record<string, string>) {
  const child = spawn("bash", ["-c", `set -o pipefail; ${line}`], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr.on("data", (c: Buffer) => (output += c.toString()));
  return new Promise<{ code: number | null; output: string }>((done) =>
    child.once("close", (code) => done({ code, output })),
  );
}

const node = `"${process.execPath}"`;
const tool = (script: string, args: string) => `${node} --import tsx scripts/${script}.ts ${args}`;

/** A database with enough leads that each CSV is several times a pipe's 64 KiB. */
async function seeded(config: DatabaseConfig, count: number) {
  const database = openDatabase(config);
  try {
    await migrate(database.db);
    const long = "A question about foundation programmes and their entry requirements. ".repeat(3);
    const at = (i: number) => new Date(Date.UTC(2030, 0, 1, 9, i)).toISOString();
    await new EnquiryStore(database.db).import(
      Array.from({ length: count }, (_, i): Enquiry => ({
        id: `enquiry-${i}`,
        receivedAt: at(i),
        form: "enquiry",
        fullName: `Student ${i}`,
        email: `student${i}@example.com`,
        message: `${long}${i}`,
      })),
    );
    const bookings = Array.from({ length: count }, (_, i): Booking => ({
      id: `booking-${i}`,
      sequence: 0,
      state: "booked",
      createdAt: at(i),
      updatedAt: at(i),
      mode: "video",
      start: at(i),
      end: at(i + 1),
      zone: "Africa/Lagos",
      fullName: `Student ${i}`,
      email: `student${i}@example.com`,
      phone: "+234 803 123 4567",
      country: "Nigeria",
      interest: "Taught Masters",
      message: `${long}${i}`,
    }));
    await new BookingStore(database).import(bookings, bookings);
    const registrations = Array.from({ length: count }, (_, i): Registration => ({
      id: `registration-${i}-${"x".repeat(60)}`.slice(0, 64),
      event: "open-day",
      sequence: 0,
      state: "confirmed",
      arrival: i + 1,
      eventSequence: 0,
      createdAt: at(i),
      updatedAt: at(i),
      fullName: `Student ${i} ${"of a family with a long name ".repeat(3)}`,
      email: `student${i}@example.com`,
      country: "Ghana",
      interest: "Taught Masters",
    }));
    await new RegistrationStore(database).import(registrations, registrations);
  } finally {
    await database.close();
  }
}

describe("staff commands through a pipe into a slow reader", () => {
  const commands = [
    ["enquiries", "--csv"],
    ["enquiries", "--all"],
    ["bookings", "--csv --all"],
    ["events", "--csv open-day"],
  ] as const;
  let dataDir = "";
  before(async () => {
    dataDir = freshDir();
    await seeded({ dataDir }, 1000);
  });

  for (const [script, args] of commands)
    test(`npm run ${script} -- ${args}: all of it, as into a file`, async () => {
      const [file, piped] = [join(dir, `${script}-file`), join(dir, `${script}-piped`)];
      // The same command into a file (always whole) and into the slow reader, at once.
      const [toFile, slow] = await Promise.all([
        sh(`${tool(script, args)} > "${file}"`, { DATA_DIR: dataDir }),
        sh(`${tool(script, args)} | ${node} "${reader}" "${piped}"`, { DATA_DIR: dataDir }),
      ]);
      assert.equal(toFile.code, 0, toFile.output);
      assert.equal(slow.code, 0, slow.output);
      const whole = readFileSync(file);
      assert.ok(whole.length > 2 * 65_536, `${whole.length} bytes: more than a pipe holds`);
      const got = readFileSync(piped);
      assert.equal(got.length, whole.length, "every byte through the pipe");
      assert.ok(got.equals(whole));
    });
});

for (const engine of engines)
  describe(`npm run db on ${engine.name}`, { skip: engine.skip }, () => {
    const env = (config: DatabaseConfig): Record<string, string> => ({
      DATA_DIR: config.dataDir,
      DATABASE_URL: config.databaseUrl ?? "",
    });

    test("status: each migration applied or pending, and changes nothing", async () => {
      const config = await engine.fresh();
      const names = Object.keys(await migrationProvider.getMigrations()).sort();
      const status = () => sh(tool("db", "status"), env(config));

      const none = await status();
      assert.equal(none.code, 0, none.output);
      for (const name of names) assert.match(none.output, new RegExp(`${name} +pending`));
      assert.match(none.output, new RegExp(`${names.length} pending`));

      // Part-way: the first three applied, as a database left by an older version.
      const database = openDatabase(config);
      try {
        const migrator = new Migrator({ db: database.db, provider: migrationProvider });
        const { error } = await migrator.migrateTo(names[2]);
        assert.equal(error, undefined);
      } finally {
        await database.close();
      }
      const part = await status();
      assert.equal(part.code, 0, part.output);
      for (const name of names.slice(0, 3))
        assert.match(part.output, new RegExp(`${name} +applied \\d{4}-\\d\\d-\\d\\dT`));
      for (const name of names.slice(3)) assert.match(part.output, new RegExp(`${name} +pending`));
      assert.match(part.output, new RegExp(`${names.length - 3} pending`));
      // Asking twice applied nothing.
      assert.equal((await status()).output, part.output);

      const migrated = await sh(tool("db", "migrate"), env(config));
      assert.equal(migrated.code, 0, migrated.output);
      const all = await status();
      for (const name of names) assert.match(all.output, new RegExp(`${name} +applied`));
      assert.match(all.output, /Up to date\./);
    });

    test("import with nothing to import: exit 0, saying so; a folder that is not there: exit 2", async () => {
      const config = await engine.fresh();
      const empty = mkdtempSync(join(dir, "empty-"));
      const nothing = await sh(tool("db", `import "${empty}"`), env(config));
      assert.equal(nothing.code, 0, nothing.output);
      assert.match(nothing.output, /Nothing to import in /);
      const missing = await sh(tool("db", `import "${join(empty, "nope")}"`), env(config));
      assert.equal(missing.code, 2, missing.output);
      assert.match(missing.output, /does not exist/);
    });
  });

describe("a staff command while a server holds SQLite's write lock", () => {
  const ADD_ADVISER = "add ada@eastgate.example --name Ada --role adviser";

  /** A data folder whose database another process (this test) holds the write lock of. */
  async function locked() {
    const dataDir = mkdtempSync(join(dir, "busy-"));
    const database = openDatabase({ dataDir });
    await migrate(database.db);
    await database.close();
    const holder = new SQLite(join(dataDir, SQLITE_FILE));
    holder.exec("BEGIN IMMEDIATE");
    return { dataDir, release: () => (holder.exec("COMMIT"), holder.close()) };
  }

  test("waits past SQLite's own 5 s for the lock and then does its work", async () => {
    const { dataDir, release } = await locked();
    const timer = setTimeout(release, 7000);
    try {
      const { code, output } = await sh(tool("staff", ADD_ADVISER), { DATA_DIR: dataDir });
      assert.equal(code, 0, output);
      const database = openDatabase({ dataDir });
      const rows = await database.db.selectFrom("staff").select("email").execute();
      await database.close();
      assert.deepEqual(rows, [{ email: "ada@eastgate.example" }]);
    } finally {
      clearTimeout(timer);
    }
  });

  test("gives up after DATABASE_WAIT in one line, without a stack", async () => {
    const { dataDir, release } = await locked();
    try {
      const { code, output } = await sh(tool("staff", ADD_ADVISER), {
        DATA_DIR: dataDir,
        DATABASE_WAIT: "3s",
      });
      assert.equal(code, 1, output);
      const lines = output.trim().split("\n");
      assert.equal(lines.length, 1, output);
      assert.match(lines[0], /^The database .*eastgate\.db stayed busy for 3 s /);
      assert.doesNotMatch(output, /SqliteError|\n\s+at /);
    } finally {
      release();
    }
  });
});
