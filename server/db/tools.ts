import { ConfigError, databaseConfigFrom } from "../service/config";
import { migrate, openDatabase, type OpenDatabase } from ".";

/** The database the server uses (DATABASE_URL, else DATA_DIR's SQLite file); a bad URL exits 2, saying why. */
export function toolDatabaseConfig(env = process.env) {
  try {
    return databaseConfigFrom(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}

/**
 * A staff tool's use of the server's database, closed after. A database no server has opened
 * yet gets its (empty) tables first, so it reads as empty instead of failing.
 */
export async function withToolDatabase<R>(use: (database: OpenDatabase) => Promise<R>) {
  const database = openDatabase(toolDatabaseConfig());
  try {
    await migrate(database.db);
    return await use(database);
  } finally {
    await database.close();
  }
}
