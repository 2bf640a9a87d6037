import type { Insertable, Selectable } from "kysely";

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
