import { setTimeout as sleep } from "node:timers/promises";
import { ConfigError, databaseConfigFrom, databaseWaitFrom } from "../service/config";
import { migrate, openDatabase, type OpenDatabase } from ".";

/** The database the server uses (DATABASE_URL, else DATA_DIR's SQLite file); a bad URL exits 2, saying why. */
export function toolDatabaseConfig(env = process.env) {
  try {
    return { ...databaseConfigFrom(env), waitMs: databaseWaitFrom(env) };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}

/** SQLite's answer while another process holds the write lock past the busy timeout. */
const isBusy = (error: unknown) =>
  error instanceof Error && "code" in error && /^SQLITE_BUSY/.test(String(error.code));

/**
 * A staff tool's use of the server's database, closed after. A database no server has opened
 * yet gets its (empty) tables first, so it reads as empty instead of failing. While a busy
 * server holds SQLite's write lock past its 5-second wait, the tool's work (a statement refused
 * changes nothing) is tried again until DATABASE_WAIT (30 s) has passed; then
 * the tool stops with one line saying what it waited for (exit 1).
 */
export async function withToolDatabase<R>(use: (database: OpenDatabase) => Promise<R>) {
  const { waitMs, ...config } = toolDatabaseConfig();
  const database = openDatabase(config);
  const until = Date.now() + waitMs;
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await migrate(database.db);
        return await use(database);
      } catch (error) {
        if (!isBusy(error)) throw error;
        if (Date.now() >= until) {
          console.error(
            `The database ${database.location} stayed busy for ${Math.round(waitMs / 1000)} s (a server or another tool writing to it): nothing more was done; try again, or wait longer with DATABASE_WAIT=2m.`,
          );
          process.exit(1);
        }
        await sleep(Math.min(2000, 250 * attempt));
      }
    }
  } finally {
    await database.close();
  }
}
