import { dirname, join, resolve } from "node:path";
import { site } from "../../src/content/site";
import { parseSiteUrl } from "../../src/config";
import type { DatabaseConfig } from "../db";
import { parseWebhookConfig, WebhookConfigError, type WebhookConfig } from "../webhooks/config";
import { parseProxyList, trustNone, type ProxyTrust } from "./proxies";
import type { LogFormat } from "./log";

export interface RateLimit {
  /** Enquiries one client may send... */
  max: number;
  /** ...within this many milliseconds. */
  windowMs: number;
}

/** The server's settings, read and checked once at start (docs/operators/configuration.md). */
export interface ServerConfig {
  port: number;
  /** The address to listen on (HOST); undefined: every interface. */
  host?: string;
  dist: string;
  /** The SQLite file's folder (DATA_DIR). */
  dataDir: string;
  /** PostgreSQL instead of SQLite (DATABASE_URL). */
  databaseUrl?: string;
  /**
   * The old JSON-lines file of enquiries, imported once at start (ENQUIRY_DATA_FILE); the other
   * old files imported with it (outboxes, bookings, registrations) are named after it.
   */
  dataFile: string;
  /** smtp:// or smtps:// URL of the mail server; undefined: enquiries are stored, no one is told. */
  smtpUrl?: string;
  mailTo: string;
  mailFrom: string;
  /** Whether the student gets an acknowledgement. */
  ack: boolean;
  /** null: no limit. */
  rateLimit: RateLimit | null;
  /** The proxies whose X-Forwarded-For is believed (TRUST_PROXY: addresses, ranges). */
  trustProxy: ProxyTrust;
  /** TRUST_PROXY as given, for the start-up line; empty: none. */
  trustedProxies: string[];
  /** How long a database that does not answer at start is waited for (DATABASE_WAIT). */
  databaseWaitMs: number;
  /** LOG_FORMAT; undefined: readable in a terminal, JSON otherwise. */
  logFormat?: LogFormat;
  /** LOG_LEVEL (info). */
  logLevel: string;
  /** INSTANCE_ID: names this process in logs and metrics; undefined: host and process id. */
  instance?: string;
  /** METRICS_TOKEN: /metrics answers to this bearer token; undefined: no /metrics. */
  metricsToken?: string;
  /** Take real visitors' Web Vitals at /api/vitals (VITALS=off: refuse them). */
  vitals: boolean;
  /** The origin of links in e-mails (a booking's manage link): PUBLIC_URL, else SITE_URL. */
  publicUrl: string;
  /** Signs manage links; unset: generated once and kept in the database (restored with it). */
  bookingSecret?: string;
  /** The events file the server takes registrations for (EVENTS_FILE; default content/events.yaml). */
  eventsFile?: string;
  /** Where leads are POSTed as signed webhooks; undefined: WEBHOOK_URL is not set. */
  webhooks?: WebhookConfig;
}

export class ConfigError extends Error {}

const root = resolve(import.meta.dirname, "../..");

/** DATA_DIR: where the server keeps its data; else the folder of ENQUIRY_DATA_FILE, else data/. */
export const dataDirFrom = (env: NodeJS.ProcessEnv) =>
  resolve(
    env.DATA_DIR?.trim() ||
      (env.ENQUIRY_DATA_FILE ? dirname(resolve(env.ENQUIRY_DATA_FILE)) : resolve(root, "data")),
  );

/** The old enquiries file (ENQUIRY_DATA_FILE, else DATA_DIR/enquiries.jsonl), and the name the other files take after. */
export const dataFileFrom = (env: NodeJS.ProcessEnv) =>
  resolve(env.ENQUIRY_DATA_FILE || join(dataDirFrom(env), "enquiries.jsonl"));

/** The database the server and the staff tools use: DATABASE_URL, else SQLite in DATA_DIR. */
export function databaseConfigFrom(env: NodeJS.ProcessEnv): DatabaseConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(?:ql)?:\/\//i.test(databaseUrl))
    throw new ConfigError(
      "DATABASE_URL is not a postgres:// address such as postgres://user:pass@db.example:5432/eastgate (leave it unset for SQLite in DATA_DIR)",
    );
  return { dataDir: dataDirFrom(env), databaseUrl };
}

/** DATABASE_WAIT: how long a database that does not answer (or is busy, for a staff tool) is waited for. */
export const databaseWaitFrom = (env: NodeJS.ProcessEnv) =>
  parseDuration("DATABASE_WAIT", env.DATABASE_WAIT?.trim() || "30s");

export const DEFAULT_RATE_LIMIT = "10/10m";

/** The configuration from the environment, or a ConfigError naming the variable that is wrong. */
export function readConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const text = (name: string) => env[name]?.trim() || undefined;
  return {
    port: parsePort(text("PORT") ?? "4173"),
    host: parseHost(text("HOST")),
    dist: resolve(text("DIST_DIR") ?? resolve(root, "dist")),
    ...databaseConfigFrom(env),
    dataFile: dataFileFrom(env),
    smtpUrl: parseSmtpUrl(text("SMTP_URL")),
    mailTo: parseAddress("ENQUIRY_MAIL_TO", text("ENQUIRY_MAIL_TO") ?? site.admissionsEmail),
    mailFrom: parseAddress(
      "ENQUIRY_MAIL_FROM",
      text("ENQUIRY_MAIL_FROM") ?? `${site.name} <${site.admissionsEmail}>`,
    ),
    ack: parseSwitch("ENQUIRY_ACK", text("ENQUIRY_ACK") ?? "on"),
    rateLimit: parseRateLimit(text("ENQUIRY_RATE_LIMIT") ?? DEFAULT_RATE_LIMIT),
    ...parseTrustProxy(text("TRUST_PROXY")),
    databaseWaitMs: databaseWaitFrom(env),
    logFormat: parseChoice("LOG_FORMAT", text("LOG_FORMAT"), ["json", "pretty"] as const),
    logLevel: parseChoice("LOG_LEVEL", text("LOG_LEVEL"), LEVELS) ?? "info",
    instance: parseInstance(text("INSTANCE_ID")),
    metricsToken: parseMetricsToken(text("METRICS_TOKEN")),
    vitals: parseSwitch("VITALS", text("VITALS") ?? "on"),
    publicUrl: parsePublicUrl(text("PUBLIC_URL") ?? text("SITE_URL") ?? site.url),
    bookingSecret: parseSecret(text("BOOKING_SECRET")),
    eventsFile: text("EVENTS_FILE"),
    webhooks: webhookConfig(env),
  };
}

function webhookConfig(env: NodeJS.ProcessEnv) {
  try {
    return parseWebhookConfig(env);
  } catch (error) {
    if (error instanceof WebhookConfigError) throw new ConfigError(error.message);
    throw error;
  }
}

function parsePublicUrl(value: string) {
  try {
    return parseSiteUrl(value);
  } catch {
    throw new ConfigError(
      `PUBLIC_URL (or SITE_URL) "${value}" is not an absolute http(s) address such as https://www.example.org`,
    );
  }
}

function parseSecret(value: string | undefined) {
  if (value !== undefined && value.length < 32)
    throw new ConfigError(
      "BOOKING_SECRET is shorter than 32 characters: use a long random value (openssl rand -hex 32), or leave it unset to have one generated",
    );
  return value;
}

function parsePort(value: string) {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535)
    throw new ConfigError(`PORT "${value}" is not a port number (0 to 65535)`);
  return port;
}

function parseSmtpUrl(value: string | undefined) {
  if (value === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    // reported below
  }
  if (!url || !/^smtps?:$/.test(url.protocol) || !url.hostname)
    throw new ConfigError(
      "SMTP_URL is not an smtp:// or smtps:// address such as smtp://user:pass@mail.example:587",
    );
  return value;
}

// A bare address, or "Name <address>".
const ADDRESS = /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;

function parseAddress(name: string, value: string) {
  if (!ADDRESS.test(value))
    throw new ConfigError(
      `${name} "${value}" is not an e-mail address (name@example.org or "Name <name@example.org>")`,
    );
  return value;
}

function parseSwitch(name: string, value: string) {
  const on = ["1", "on", "true", "yes"];
  const off = ["0", "off", "false", "no"];
  if (on.includes(value.toLowerCase())) return true;
  if (off.includes(value.toLowerCase())) return false;
  throw new ConfigError(`${name} "${value}" should be on or off`);
}

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000 };

/** "10/10m": at most 10 enquiries per client in 10 minutes; "off": no limit. */
export function parseRateLimit(value: string): RateLimit | null {
  if (value.toLowerCase() === "off") return null;
  const match = /^(\d+)\/(\d+)([smh])$/.exec(value);
  const max = Number(match?.[1]);
  const windowMs = Number(match?.[2]) * UNIT_MS[match?.[3] ?? "s"];
  if (!match || max < 1 || windowMs < 1)
    throw new ConfigError(
      `ENQUIRY_RATE_LIMIT "${value}" should be like ${DEFAULT_RATE_LIMIT} (enquiries per 30s, 10m or 1h) or off`,
    );
  return { max, windowMs };
}

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

function parseChoice<T extends string>(
  name: string,
  value: string | undefined,
  options: readonly T[],
) {
  if (value === undefined) return undefined;
  if (!options.includes(value as T))
    throw new ConfigError(`${name} "${value}" should be one of ${options.join(", ")}`);
  return value as T;
}

function parseHost(value: string | undefined) {
  if (value !== undefined && !/^[\w.:-]+$/.test(value))
    throw new ConfigError(
      `HOST "${value}" is not an address to listen on, such as 127.0.0.1 (this machine only), 10.0.0.5 or 0.0.0.0 (every interface)`,
    );
  return value;
}

/**
 * TRUST_PROXY: the proxies whose X-Forwarded-For is believed, as addresses, ranges and the names
 * loopback, linklocal, uniquelocal; 0/off/empty: none. "1"/"on" believed anyone before: refused
 * now, since anyone who reaches the server directly could then name themselves.
 */
function parseTrustProxy(
  value: string | undefined,
): Pick<ServerConfig, "trustProxy" | "trustedProxies"> {
  if (value === undefined || ["0", "off", "false", "no"].includes(value.toLowerCase()))
    return { trustProxy: trustNone, trustedProxies: [] };
  if (["1", "on", "true", "yes"].includes(value.toLowerCase()))
    throw new ConfigError(
      `TRUST_PROXY "${value}" would believe an X-Forwarded-For from anyone: name your proxies' addresses instead, e.g. TRUST_PROXY=127.0.0.1 (a proxy on this machine) or TRUST_PROXY=10.0.0.0/8`,
    );
  const entries = value
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  try {
    return { trustProxy: parseProxyList(entries), trustedProxies: entries };
  } catch (error) {
    throw new ConfigError(`TRUST_PROXY: ${(error as Error).message}`);
  }
}

function parseDuration(name: string, value: string) {
  const match = /^(\d+)([smh])$/.exec(value);
  if (!match) throw new ConfigError(`${name} "${value}" should be like 30s, 5m or 1h`);
  return Number(match[1]) * UNIT_MS[match[2]];
}

function parseInstance(value: string | undefined) {
  if (value !== undefined && !/^[\w.:-]{1,64}$/.test(value))
    throw new ConfigError(
      `INSTANCE_ID "${value}" should be a short name (letters, digits, . _ : -)`,
    );
  return value;
}

function parseMetricsToken(value: string | undefined) {
  if (value !== undefined && value.length < 16)
    throw new ConfigError(
      "METRICS_TOKEN is shorter than 16 characters: use a long random value (openssl rand -hex 24), or leave it unset for no /metrics",
    );
  return value;
}
