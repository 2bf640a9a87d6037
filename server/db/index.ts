/**
 * The database every feature keeps its state in: SQLite in the data folder, or PostgreSQL
 * (DATABASE_URL), through Kysely; its schema, migrations, the earlier versions' files imported
 * once, and the staff tools' way in (tools.ts).
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { CamelCasePlugin, Kysely, PostgresDialect, sql, SqliteDialect } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { migrationProvider } from "./migrations";
import type { Database } from "./schema";

export type { Database } from "./schema";

/** Where the data lives: SQLite in `dataDir`, unless a PostgreSQL URL is given. */
export interface DatabaseConfig {
  /** The folder of the SQLite file (DATA_DIR). */
  dataDir: string;
  /** postgres://… (DATABASE_URL): PostgreSQL instead, shared by any number of processes. */
  databaseUrl?: string;
}

export interface OpenDatabase {
  db: Kysely<Database>;
  engine: "sqlite" | "postgres";
  /** For messages: the SQLite file, or the PostgreSQL URL without its password. */
  location: string;
  /**
   * Runs `work` in a transaction that no other change of the same pools can interleave with, in
   * this process or another (SQLite: `BEGIN IMMEDIATE`, one writer at a time; PostgreSQL: a row
   * lock on each pool). Commits when `work` resolves, rolls back when it throws.
   */
  exclusive: <R>(
    pools: readonly string[],
    work: (trx: Kysely<Database>) => Promise<R>,
  ) => Promise<R>;
  /** SQLite's online backup into `file` (a consistent copy while the server writes). */
  backup: (file: string) => Promise<void>;
  close: () => Promise<void>;
}

/** The SQLite file's name inside DATA_DIR. */
export const SQLITE_FILE = "eastgate.db";

/** Opens (creating the SQLite file if need be); the schema is `migrate`'s job. */
export function openDatabase({ dataDir, databaseUrl }: DatabaseConfig): OpenDatabase {
  const plugins = [new CamelCasePlugin()];
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl });
    // A connection lost while idle is replaced on the next query; it must not end the process.
    pool.on("error", (error) => console.error("PostgreSQL connection lost:", error.message));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    return {
      db,
      engine: "postgres",
      location: withoutPassword(databaseUrl),
      exclusive: (pools, work) =>
        db.transaction().execute(async (trx) => {
          // Sorted, so two changes of the same pools lock them in the same order (no deadlock).
          for (const name of [...new Set(pools)].sort()) {
            await trx
              .insertInto("reservationPools")
              .values({ name })
              .onConflict((oc) => oc.doNothing())
              .execute();
            await trx
              .selectFrom("reservationPools")
              .select("name")
              .where("name", "=", name)
              .forUpdate()
              .execute();
          }
          return work(trx);
        }),
      backup: () =>
        Promise.reject(
          new Error(`PostgreSQL is backed up with its own tool: pg_dump "$DATABASE_URL" > FILE`),
        ),
      close: () => db.destroy(),
    };
  }
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, SQLITE_FILE);
  const sqlite = new SQLite(file);
  // WAL: readers (the staff tools) never block the server; FULL: a commit is on disk before
  // the answer, as each fsynced JSON line was.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("busy_timeout = 5000");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), plugins });
  return {
    db,
    engine: "sqlite",
    location: file,
    // Kysely's SQLite driver has one connection, lent to one caller at a time; IMMEDIATE takes
    // the write lock at once, so another process waits (busy_timeout) instead of failing later.
    exclusive: (_pools, work) =>
      db.connection().execute(async (conn) => {
        await sql`begin immediate`.execute(conn);
        try {
          const result = await work(conn);
          await sql`commit`.execute(conn);
          return result;
        } catch (error) {
          await sql`rollback`.execute(conn).catch(() => {});
          throw error;
        }
      }),
    backup: async (target) => {
      await sqlite.backup(target);
    },
    close: () => db.destroy(),
  };
}

/**
 * Applies the migrations not yet applied. Several processes may start at once: on PostgreSQL
 * the migrator takes a lock; on SQLite it cannot (Kysely's lock there holds within a process
 * only), so two new processes on a new file can both begin the same migration, and the second
 * fails ("table ... already exists"). The migrations run in one transaction, undone on failure,
 * so the loser tries again and finds them applied.
 */
export async function migrate(db: Kysely<Database>, attempts = 5) {
  // Numbers are reserved for changes made in parallel (0002 may land after 0003): a database
  // that already has a later one still gets an earlier one that arrives after it, instead of
  // the migrator refusing to start. Each migration touches its own tables only.
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    allowUnorderedMigrations: true,
  });
  for (let attempt = 1; ; attempt++) {
    const { error, results = [] } = await migrator.migrateToLatest();
    if (!error) return results.filter((r) => r.status === "Success").map((r) => r.migrationName);
    if (attempt >= attempts)
      throw error instanceof Error
        ? error
        : new Error(`migration failed: ${JSON.stringify(error)}`);
    await new Promise((r) => setTimeout(r, 100 * attempt));
  }
}

/** One migration's state in a database: applied (when), pending, or applied by a newer version. */
export interface MigrationState {
  name: string;
  /** When it was applied; undefined: pending. */
  appliedAt?: Date;
  /** Applied, but this version of the code does not have it (a newer version ran here). */
  unknown?: boolean;
}

/** Every migration this version knows and any other the database records, by name; changes nothing. */
export async function migrationStatus(db: Kysely<Database>): Promise<MigrationState[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const known = (await migrator.getMigrations()).map((m) => ({
    name: m.name,
    appliedAt: m.executedAt,
  }));
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  const applied = tables.some((t) => t.name === "kysely_migration")
    ? await sql<{
        name: string;
        timestamp: string;
      }>`select name, timestamp from kysely_migration`.execute(db)
    : { rows: [] };
  const others = applied.rows
    .filter((row) => !known.some((m) => m.name === row.name))
    .map((row) => ({ name: row.name, appliedAt: new Date(row.timestamp), unknown: true }));
  return [...known, ...others].sort((a, b) => a.name.localeCompare(b.name));
}

function withoutPassword(url: string) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "postgres://…";
  }
}
