import { after, before } from "node:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DatabaseConfig } from "../../server/db";
import { postgresUnavailable, startPostgres } from "./postgres";

export interface TestEngine {
  name: "SQLite" | "PostgreSQL";
  /** Why the engine's tests are skipped (no PostgreSQL on this machine), if they are. */
  skip?: string;
  /** A new, empty database's settings. */
  fresh: () => Promise<DatabaseConfig>;
}

/**
 * The engines a store test runs on: SQLite, and a PostgreSQL this test file starts (once, in
 * its `before`) and stops. Call at the top level of a test file.
 */
export function testEngines() {
  const noPostgres = postgresUnavailable();
  let dir = "";
  let serial = 0;
  let postgres: Awaited<ReturnType<typeof startPostgres>> | undefined;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "eg-engines-"));
    if (!noPostgres) postgres = await startPostgres();
  });
  after(async () => {
    await postgres?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  /** A new folder for a data directory (SQLite's file, the booking secret). */
  const freshDir = () => join(dir, `data-${++serial}`);
  const engines: TestEngine[] = [
    { name: "SQLite", fresh: () => Promise.resolve({ dataDir: freshDir() }) },
    {
      name: "PostgreSQL",
      skip: noPostgres && `PostgreSQL tests skipped: ${noPostgres}`,
      fresh: async () => ({ dataDir: freshDir(), databaseUrl: await postgres!.createDatabase() }),
    },
  ];
  return { engines, freshDir };
}
