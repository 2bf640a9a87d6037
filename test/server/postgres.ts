import { execFile, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { freePort } from "./smtp";

const run = promisify(execFile);
const LIB = "/usr/lib/postgresql";
const asRoot = process.getuid?.() === 0;

/** The newest installed server's binaries (Debian's postgresql package), if any. */
function binaries() {
  const versions = existsSync(LIB)
    ? readdirSync(LIB).filter((v) => existsSync(join(LIB, v, "bin", "initdb")))
    : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return newest ? join(LIB, newest, "bin") : undefined;
}

/** A client program of the same PostgreSQL (pg_dump, psql), as an operator runs it. */
export function postgresTool(name: string) {
  const bin = binaries();
  if (!bin) throw new Error(postgresUnavailable());
  return join(bin, name);
}

/** The postgres user's uid and gid: the server refuses to run as root. */
function postgresUser() {
  const id = (flag: string) => spawnSync("id", [flag, "postgres"], { encoding: "utf8" });
  const [uid, gid] = [id("-u"), id("-g")];
  return uid.status === 0 && gid.status === 0
    ? { uid: Number(uid.stdout), gid: Number(gid.stdout) }
    : undefined;
}

/** Why these tests cannot start a PostgreSQL here (a skip's reason), or undefined: they can. */
export function postgresUnavailable() {
  if (!binaries())
    return `no PostgreSQL server in ${LIB}: apt-get install postgresql (.ci/run does, as root)`;
  if (asRoot && !postgresUser())
    return "running as root with no postgres user to run the server as";
  return undefined;
}

/**
 * A PostgreSQL server of the test's own: a new cluster in a temp folder, on 127.0.0.1 and a
 * free port, trusting local connections; run as the postgres user when the tests run as root.
 */
export async function startPostgres() {
  const bin = binaries();
  if (!bin) throw new Error(postgresUnavailable());
  const dir = mkdtempSync(join(tmpdir(), "eg-pg-"));
  const user = asRoot ? postgresUser() : undefined;
  if (user) chownSync(dir, user.uid, user.gid);
  const pgRun = (tool: string, args: string[]) =>
    user
      ? run("runuser", ["-u", "postgres", "--", join(bin, tool), ...args], { cwd: dir })
      : run(join(bin, tool), args, { cwd: dir });
  const data = join(dir, "data");
  const port = await freePort();
  await pgRun("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]);
  /** Started on its port and data (again, after pause()). */
  const start = () =>
    pgRun("pg_ctl", [
      "-D",
      data,
      "-l",
      join(dir, "server.log"),
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      "-w",
      "start",
    ]);
  await start();
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let serial = 0;
  return {
    /** A new, empty database on this server: its URL. */
    async createDatabase() {
      const name = `eastgate_${++serial}`;
      const client = new pg.Client({ connectionString: url("postgres") });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    /** The server stopped (fast: connections cut) and its data kept, as when it goes down. */
    async pause() {
      await pgRun("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
    },
    /** Started again on the same port and data. */
    async resume() {
      await start();
    },
    async stop() {
      await pgRun("pg_ctl", ["-D", data, "-m", "immediate", "stop"]).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
