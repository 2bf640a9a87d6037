/**
 * The server's log: pino, one record a line. JSON where a machine reads it (a service manager's
 * journal, a container's log); short readable lines when a person runs the server in a terminal.
 * Unexpected errors are one record each, their stack inside it (`err`).
 */
import { hostname } from "node:os";
import pino, { type Logger } from "pino";

export type { Logger };
export type LogFormat = "json" | "pretty";

export interface LogOptions {
  /** json, or pretty (one short line a record); default: pretty in a terminal, else json. */
  format?: LogFormat;
  /** pino's level name (LOG_LEVEL): info by default. */
  level?: string;
  /** Names the process in every record (INSTANCE_ID): host and process id by default. */
  instance?: string;
  /** Where the lines go (tests); default: standard output, written at once. */
  destination?: pino.DestinationStream;
}

/**
 * Never logged, wherever a caller puts them: what visitors typed and the e-mailed links' tokens.
 * (The request line itself only carries the path, never the query or the body.)
 */
export const REDACTED = [
  "email",
  "fullName",
  "name",
  "phone",
  "message",
  "token",
  "t",
  "*.email",
  "*.fullName",
  "*.phone",
  "*.message",
  "*.token",
  "req.headers.authorization",
  "req.headers.cookie",
  "err.detail",
];

export const defaultInstance = () => `${hostname()}-${process.pid}`;

export function createLog(options: LogOptions = {}): Logger {
  const format = options.format ?? (process.stdout.isTTY ? "pretty" : "json");
  const destination =
    options.destination ??
    (format === "pretty" ? prettyStream() : pino.destination({ dest: 1, sync: true }));
  return pino(
    {
      level: options.level ?? "info",
      base: { instance: options.instance ?? defaultInstance() },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED, censor: "[redacted]" },
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}

/** Each JSON record as one line a person reads: time, level, message, the rest as key=value. */
function prettyStream(): pino.DestinationStream {
  const out = pino.destination({ dest: 1, sync: true });
  return {
    write(line: string) {
      let record: Record<string, unknown>;
      try {
        record = JSON.parse(line) as Record<string, unknown>;
      } catch {
        return out.write(line);
      }
      const { time, level, msg, err, ...rest } = record;
      delete rest.instance;
      const clock = typeof time === "string" ? time.slice(11, 23) : "";
      if (msg === "request") {
        // "GET /about 200 7.2 ms", then the request's id.
        const { method, path, status, ms, reqId } = rest;
        return out.write(
          `${clock} ${String(method)} ${String(path)} ${String(status)} ${String(ms)} ms  ${String(reqId)}\n`,
        );
      }
      const fields = Object.entries(rest)
        .map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`)
        .join(" ");
      const tag = level === "info" ? "" : `${String(level).toUpperCase()} `;
      const stack =
        err && typeof err === "object" && "stack" in err ? `\n${String(err.stack)}` : "";
      out.write(
        `${clock} ${tag}${typeof msg === "string" ? msg : ""}${fields ? `  ${fields}` : ""}${stack}\n`,
      );
    },
  };
}

/**
 * The process's log, used by every module for what it has to say (`log.info`, `log.error({ err
 * }, "...")`). main.ts replaces it with one set up from the configuration; until then (a test
 * that starts the app in its own process: NODE_TEST_CONTEXT) only warnings and errors.
 */
export let log: Logger = createLog({ level: process.env.NODE_TEST_CONTEXT ? "warn" : "info" });

export function useLog(logger: Logger) {
  log = logger;
}
