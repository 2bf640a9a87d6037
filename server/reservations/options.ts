import type { Backoff } from "../delivery";
import type { OpenDatabase } from "../db";
import type { Languages } from "../languages";
import type { Mailer } from "../mailer";
import type { ProxyTrust } from "../proxies";
import type { Limiter } from "../rateLimit";

/** What consultation bookings (server/booking) and event registrations (server/events) start with. */
export interface ReservationOptions {
  dataFile: string;
  /** Where they are kept. */
  database: Pick<OpenDatabase, "db" | "exclusive">;
  /** Resolves once the schema is migrated and old files imported. */
  ready: Promise<unknown>;
  /** The server's languages: a reservation's pages and the student's e-mails are in its own. */
  languages: Languages;
  /** The public origin links in e-mails point to. */
  publicUrl: string;
  /**
   * BOOKING_SECRET: the manage links of bookings and registrations are signed with one key;
   * unset, generated once and kept in the database (restored with it).
   */
  secret?: string;
  mailer?: Mailer;
  mailTo: string;
  mailFrom: string;
  logoFile?: string;
  /** The enquiry forms' limiter: reservations count against the same allowance. */
  limiter?: Limiter;
  trustProxy: ProxyTrust;
  backoff?: Backoff;
  pollMs?: number;
  /** How long a claim on an e-mail keeps other processes off it. */
  leaseMs?: number;
  now?: () => number;
}
