/**
 * What an operator reads when the server cannot start: one line saying what is wrong and what
 * to check, for the problems of configuration and surroundings (the data folder, the port, the
 * database, the mail server, the secrets). Anything else is unexpected: logged with its stack.
 */

const code = (error: unknown) =>
  error && typeof error === "object" && "code" in error ? String(error.code) : "";
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Errors of a database that is not (yet) there: worth waiting for at start. */
const UNREACHABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "57P03", // the database system is starting up
  "08001",
  "08006",
  "SQLITE_BUSY",
]);

export const isUnreachable = (error: unknown) =>
  UNREACHABLE.has(code(error)) || /Connection terminated|timeout/i.test(message(error));

/** Why the database cannot be used, and what to check, in one line; undefined: unexpected. */
export function databaseProblem(error: unknown, location: string): string | undefined {
  const c = code(error);
  if (isUnreachable(error))
    return `the database at ${location} does not answer (${c || message(error)}): check that it is running and reachable from here, and DATABASE_URL's host and port`;
  if (c === "28P01" || c === "28000")
    return `the database at ${location} refused the login (${message(error)}): check the user and password in DATABASE_URL`;
  if (c === "3D000")
    return `${message(error)} at ${location}: create it (createdb) or correct DATABASE_URL`;
  if (
    /^SQLITE_(READONLY|CANTOPEN|PERM|IOERR|FULL)/.test(c) ||
    ["EACCES", "EROFS", "EPERM"].includes(c)
  )
    return `the database file ${location} cannot be written (${c}: ${message(error)}): check that DATA_DIR exists and this user may write there, and that its disk is not full or read-only`;
  return undefined;
}

/** A start-up failure as one line, or undefined when it is unexpected (log it with its stack). */
export function startProblem(error: unknown, { port, host }: { port: number; host?: string }) {
  const c = code(error);
  const at = `${host ?? "every interface"} port ${port}`;
  if (c === "EADDRINUSE")
    return `${at} is in use by another program (another instance?): stop it, or set PORT to a free port`;
  if (
    c === "EACCES" &&
    "syscall" in (error as object) &&
    (error as { syscall?: string }).syscall === "listen"
  )
    return `this user may not listen on ${at}: use a port above 1023 (PORT), and let the proxy listen on 80/443`;
  if (c === "EADDRNOTAVAIL")
    return `HOST "${host}" is not an address of this machine: set HOST to one of its addresses (127.0.0.1, 0.0.0.0, ::)`;
  if (["EACCES", "EROFS", "EPERM", "ENOTDIR"].includes(c))
    return `${message(error)}: check that DATA_DIR exists and this user may write there`;
  return undefined;
}

/** A start that cannot go on, said in one line (main.ts prints it and exits 1). */
export class StartError extends Error {}
