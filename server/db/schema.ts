import type { Generated, Insertable, Selectable } from "kysely";

/**
 * Every table the server keeps, as the code names them (camelCase; the database's columns are
 * snake_case, CamelCasePlugin maps them). The migrations create exactly this; queries are
 * typed from it, so a row type is never written twice.
 */
export interface Database {
  enquiries: EnquiryTable;
  reservations: ReservationTable;
  reservationVersions: ReservationVersionTable;
  reservationPools: { name: string };
  secrets: SecretTable;
  vitals: VitalsTable;
  vitalsDaily: VitalsDailyTable;
  vitalsDailyViews: VitalsDailyViewsTable;
  vitalsImports: VitalsImportTable;
  eventVersions: EventVersionTable;
  staffRequests: StaffRequestTable;
  deliveries: DeliveryTable;
  deliveryRequeues: DeliveryRequeueTable;
  rateLimits: RateLimitTable;
  heartbeats: { instance: string; at: string };
  staff: StaffTable;
  staffSessions: StaffSessionTable;
  signInLinks: SignInLinkTable;
  passkeys: PasskeyTable;
  passkeyChallenges: PasskeyChallengeTable;
  auditLog: AuditLogTable;
  leadStates: LeadStateTable;
  leadNotes: LeadNoteTable;
  checkIns: CheckInTable;
  privacyRequests: PrivacyRequestTable;
  jobLeases: JobLeaseTable;
  retainedCounts: RetainedCountTable;
}

/** A request about a student's data (0011_privacy): a copy or an erasure. */
export interface PrivacyRequestTable {
  id: string;
  kind: "erase" | "copy";
  /** The address, lower case ("erased" once an erasure is done). */
  email: string;
  /** link: the student, from the acknowledgement's signed link; staff: npm run privacy, the desk. */
  source: "link" | "staff";
  lang: string | null;
  /** pending: for staff to confirm; confirmed: a server carries it out; done; refused. */
  state: "pending" | "confirmed" | "done" | "refused";
  actor: string | null;
  at: string;
  doneAt: string | null;
  /** What it did, as counts (JSON), once done. */
  outcome: string | null;
}

/** Which process runs a job (the daily retention) until when, and when it last finished. */
export interface JobLeaseTable {
  name: string;
  owner: string | null;
  until: string | null;
  doneAt: string | null;
}

/** Anonymous counts left of records the retention deleted (enquiries a month, by form, campaign). */
export interface RetainedCountTable {
  kind: string;
  month: string;
  form: string;
  campaign: string;
  count: number;
}

/** A key the server made for itself, kept with the data (restored with it). */
export interface SecretTable {
  /** What it is for: `booking` (the manage links' key). */
  name: string;
  /** Its text: for `booking`, the key's bytes in hex. */
  value: string;
  createdAt: string;
}

/** The outboxes: whose items' e-mails (webhooks) a row is about. */
export type OutboxName = "enquiries" | "bookings" | "registrations" | "webhooks";

/**
 * What happened to one e-mail (webhook) of one item: its latest state, and while a process is
 * sending it, that process's lease on it (no other process sends it until the lease ends).
 * ISO times throughout (toISOString's form: compared as text).
 */
export interface DeliveryTable {
  outbox: OutboxName;
  /** The item's id (an enquiry's, a booking's, a webhook message's). */
  id: string;
  /** Which of its e-mails ("notify", "student.1"), or for a webhook its receiver's key. */
  mail: string;
  state: "pending" | "sent" | "failed" | "flagged" | "skipped";
  at: string;
  reply: string | null;
  reason: string | null;
  attempts: Generated<number>;
  /** Since when it has been failing, where the worker gives up after a while (webhooks). */
  since: string | null;
  /** Not to be tried before this (a reminder, a retry's backoff); null: now. */
  dueAt: string | null;
  /** The process sending it, until leaseUntil; null: nobody. */
  leaseOwner: string | null;
  leaseUntil: string | null;
  /** The item itself, where no store keeps it (a webhook's message, as JSON). */
  item: string | null;
}

/** One flagged e-mail (webhook) staff asked to send again (npm run enquiries -- --retry). */
export interface DeliveryRequeueTable {
  id: string;
  outbox: OutboxName;
  itemId: string;
  mail: string;
  at: string;
}

export type DeliveryRow = Selectable<DeliveryTable>;

/** An event's version as announced: a move or a cancellation makes a new one. */
export interface EventVersionTable {
  slug: string;
  sequence: number;
  startsAt: string;
  endsAt: string;
  /** 0/1 */
  cancelled: number;
  at: string;
}

/** What staff asked the server to do (npm run bookings -- --cancel, npm run events -- --cancel). */
export interface StaffRequestTable {
  id: string;
  kind: "booking" | "event";
  /** The booking's id or the event's slug. */
  target: string;
  action: "cancel";
  at: string;
  /** When a server carried it out; null: still to do. */
  doneAt: string | null;
}

export interface EnquiryTable {
  id: string;
  /** ISO time the server accepted it (text on both engines: compared as written). */
  receivedAt: string;
  form: string;
  /** The locale the form was sent from; null: English. */
  lang: string | null;
  /** The browser's key: unique, so the same key again can never store a second enquiry. */
  idempotencyKey: string | null;
  /** The posted values (EnquiryValues), as JSON text. */
  fields: string;
  /** The staff page's campaign it came from (`?campaign=`); null: none. */
  campaign: string | null;
}

/**
 * A booking or a registration as it is now: the whole record in `data` (JSON), and beside it
 * what the desks ask of many at once, as columns.
 */
export interface ReservationTable {
  id: string;
  kind: ReservationKind;
  /** The pool it holds a place in (a slot of a way to talk, an event); null: none (cancelled, waiting). */
  pool: string | null;
  /** The pool whose waiting list it is on; null: not waiting. */
  line: string | null;
  /** Where an address may hold only one: "" for bookings, the event for registrations. */
  scope: string;
  /** The address, lower case. */
  email: string;
  /** 1 until cancelled (0/1: SQLite has no booleans). */
  active: number;
  /** A booking's end (ISO): one to come blocks a second booking by the same address. */
  endsAt: string | null;
  /** Order of arrival in its scope (the waiting list's order); 0 for bookings. */
  arrival: number;
  sequence: number;
  idempotencyKey: string | null;
  data: string;
  /** A booking's campaign (also in `data`), for counting by campaign; null: none. */
  campaign: string | null;
}

export type ReservationKind = "booking" | "registration";

/** Each version of a reservation (booked, moved, promoted, cancelled): the first of each sequence. */
export interface ReservationVersionTable {
  id: string;
  sequence: number;
  kind: ReservationKind;
  /** Order of writing, for "oldest first". */
  serial: number;
  data: string;
}

export type EnquiryRow = Selectable<EnquiryTable>;
export type NewEnquiryRow = Insertable<EnquiryTable>;

/** One page view's Web Vitals report, kept whole for 28 days (then rolled up by day). */
export interface VitalsTable {
  /** ISO time the server received it (always toISOString's form: compared as text). */
  receivedAt: string;
  route: string;
  /** The effective connection type, where the browser told it. */
  connection: string | null;
  device: string;
  /** The report's metrics ({ name, value, rating }[]) as JSON text. */
  metrics: string;
}

/**
 * How many of a day's values of one metric on one route (every device and connection) fell
 * into one bucket: what the report needs of a day once its reports are rolled up.
 */
export interface VitalsDailyTable {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  route: string;
  metric: string;
  /** The bucket's upper bound (inclusive): bucketOf(value) in server/vitals/report.ts. */
  bucket: number;
  count: number;
}

/** How many page views a day's histograms of one route came from. */
export interface VitalsDailyViewsTable {
  day: string;
  route: string;
  views: number;
}

/** An old vitals.jsonl imported: its content's SHA-256, so the same file adds nothing again. */
export interface VitalsImportTable {
  sha256: string;
  /** Where it was read from, for people. */
  file: string;
  importedAt: string;
  reports: number;
}

export type VitalsRecordRow = Selectable<VitalsTable>;
export type NewVitalsRecordRow = Insertable<VitalsTable>;

/** A client's token bucket in one scope (enquiry, vitals): shared by every server process. */
export interface RateLimitTable {
  scope: string;
  client: string;
  tokens: number;
  /** Milliseconds since the epoch of the last take. */
  at: number;
}

export type StaffRole = "adviser" | "manager" | "admin";

/** A member of staff who may sign in to the desk. */
export interface StaffTable {
  id: string;
  /** Lower case. */
  email: string;
  name: string;
  role: StaffRole;
  /** 1: may not sign in; their sessions are ended. */
  disabled: Generated<number>;
  createdAt: string;
  lastVisitAt: string | null;
  /** Their own time zone (IANA), shown beside London's; null: London. */
  timeZone: Generated<string | null>;
}

/** A desk session: the browser holds a random token, the table only its SHA-256. */
export interface StaffSessionTable {
  idHash: string;
  staffId: string;
  createdAt: string;
  lastSeenAt: string;
  /** A summary of the User-Agent ("Chrome on Linux"). */
  device: string;
  client: string;
  endedAt: string | null;
  /** signed out, ended by them, account disabled, expired. */
  endedWhy: string | null;
}

/** An e-mailed sign-in link: its token's hash and the hash of the asking browser's cookie. */
export interface SignInLinkTable {
  tokenHash: string;
  email: string;
  browserHash: string;
  /** The /desk address to go to once signed in. */
  next: string | null;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

export interface PasskeyTable {
  /** base64url */
  credentialId: string;
  staffId: string;
  /** base64url of the COSE public key. */
  publicKey: string;
  counter: Generated<number>;
  /** JSON array of the authenticator's transports. */
  transports: Generated<string>;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** A WebAuthn ceremony under way: its challenge, kept by the server. */
export interface PasskeyChallengeTable {
  idHash: string;
  purpose: "register" | "authenticate";
  challenge: string;
  staffId: string | null;
  expiresAt: string;
}

/** One line of the append-only audit log. */
export interface AuditLogTable {
  id: string;
  at: string;
  staffId: string | null;
  action: string;
  recordKind: string | null;
  recordId: string | null;
  client: string;
  /** A few words more (the new status, the assignee's id); never a student's name or e-mail. */
  detail: string | null;
}

export type LeadKind = "enquiry" | "booking" | "registration";
export type LeadStatus = "new" | "in progress" | "closed";

/** A lead as the desk works it: status, assignee, and copies of the columns the inbox filters on. */
export interface LeadStateTable {
  kind: LeadKind;
  id: string;
  receivedAt: string;
  status: Generated<LeadStatus>;
  assignee: string | null;
  name: string;
  email: string;
  country: string;
  interest: string;
  /** The student's locale ("en" for English). */
  lang: string;
  campaign: string | null;
  updatedAt: string;
}

/** A private note staff added to a lead. */
export interface LeadNoteTable {
  id: string;
  kind: LeadKind;
  leadId: string;
  staffId: string;
  at: string;
  text: string;
}

/** A registration ticked as arrived at the door. */
export interface CheckInTable {
  registrationId: string;
  event: string;
  at: string;
  staffId: string;
}
