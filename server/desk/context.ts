import type { FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { RateLimit } from "../service/config";
import type { BookingDesk } from "../booking/desk";
import type { BookingStore } from "../booking/store";
import type { Database } from "../db/schema";
import type { RegistrationDesk } from "../events/desk";
import type { EventSchedule } from "../events/schedule";
import type { RegistrationStore } from "../events/store";
import type { Mailer } from "../outbox/mailer";
import type { EraseContext } from "../privacy/erase";
import type { Limiter } from "../service/rateLimit";
import type { StaffRequests } from "../reservations/staffRequests";
import type { Assets } from "./assets";
import type { AuditLog } from "./audit";
import type { CheckIns } from "./checkIns";
import type { StaleClaims } from "./claims";
import type { Clock } from "./clock";
import type { Deliveries } from "./deliveries";
import type { Leads } from "./leads";
import type { Passkeys, RelyingParty } from "./passkeys";
import type { LoadedSession, Sessions } from "./session";
import type { SignInLinks } from "./signInLink";
import type { StaffAccounts } from "./staff";

/** What the server gives the desk (server/app.ts). */
export interface DeskOptions {
  db: Kysely<Database>;
  engine: "sqlite" | "postgres";
  /** Resolves once the schema is migrated. */
  ready: Promise<unknown>;
  /** Sends the sign-in links; undefined: no mail server (SMTP_URL), no link can be sent. */
  mailer?: Mailer;
  mailFrom: string;
  /** PUBLIC_URL: the desk's origin (its cookies, the Origin check, passkeys' relying party). */
  publicUrl: string;
  now?: () => number;
  /** The consultations (server/booking): the desk lists them and asks for cancellations. */
  bookings?: BookingStore;
  /** The booking's own code (server/booking/desk.ts): a move from the desk is the manage link's. */
  bookingDesk?: BookingDesk;
  /** The events (server/events): their lists, cancellations and promotions. */
  events?: DeskEvents;
  /**
   * What the erasures cancel with (server/privacy/erase.ts, the server's own context): the
   * desk shows what an erasure would cancel. Absent: nothing is shown as to be cancelled.
   */
  privacy?: Pick<EraseContext, "bookings" | "events">;
  /** How often an open inbox or home page asks for newer leads (default: LIVE_MS). */
  liveMs?: number;
  /** Sign-in attempts allowed per account and per client (defaults: SIGN_IN_LIMITS). */
  signInLimits?: { account: RateLimit; client: RateLimit };
}

/** The events' own code, as the server runs it (its e-mails and webhooks go out). */
export interface DeskEvents {
  desk: RegistrationDesk;
  schedule: EventSchedule;
  store: RegistrationStore;
}

/** Sign-in attempts: 5 per account and 20 per client address in 15 minutes, in the database. */
export const SIGN_IN_LIMITS = {
  account: { max: 5, windowMs: 15 * 60_000 },
  client: { max: 20, windowMs: 15 * 60_000 },
};

/** An open inbox or home page asks for newer leads every 20 seconds. */
export const LIVE_MS = 20_000;

/** Everything a desk handler uses. */
export interface Desk {
  clock: Clock;
  /** The database, for what reads it through shared code (server/privacy/). */
  db: Kysely<Database>;
  staff: StaffAccounts;
  sessions: Sessions;
  links: SignInLinks;
  passkeys: Passkeys;
  audit: AuditLog;
  leads: Leads;
  /** The consultations; undefined: the server has none (the page says so). */
  bookings?: BookingStore;
  /** Moves a booking as the student's manage link does (its e-mails, invite and webhook). */
  bookingDesk?: BookingDesk;
  /** What `npm run bookings -- --cancel` writes; the server carries it out. */
  requests: StaffRequests;
  /** The events; undefined: the server has none (the page says so). */
  events?: DeskEvents;
  /** What an erasure cancels first is worked out with (server/privacy/erase.ts). */
  privacy: Pick<EraseContext, "bookings" | "events">;
  checkIns: CheckIns;
  /** The e-mails and webhooks that failed or were given up, and their re-queue. */
  deliveries: Deliveries;
  /** The site's out-of-date claims (`npm run content -- check`), once a day. */
  claims: StaleClaims;
  assets: Assets;
  liveMs: number;
  limits: { account: Limiter; client: Limiter };
  mailer?: Mailer;
  mailFrom: string;
  /** The desk's cookies' names (with __Host- unless on plain-http localhost) and attributes. */
  cookies: {
    session: string;
    browser: string;
    secure: boolean;
  };
  /** The origin requests must come from, and where passkeys belong. */
  relyingParty: (request: FastifyRequest) => RelyingParty;
}

/** What the desk's hook learnt of a request. */
export interface DeskRequestState {
  session?: LoadedSession;
  /** The session's token, as the cookie holds it. */
  token?: string;
  /** The browser's sign-in cookie (made at the first public page). */
  browser?: string;
  /** The CSRF token this request's forms carry. */
  csrf: string;
}

declare module "fastify" {
  interface FastifyRequest {
    desk: DeskRequestState;
  }
}

export type Handler = (
  desk: Desk,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<unknown>;
