import type { Insertable, Selectable } from "kysely";

/**
 * Every table the server keeps, as the code names them (camelCase; the database's columns are
 * snake_case, CamelCasePlugin maps them). The migrations create exactly this; queries are
 * typed from it, so a row type is never written twice.
 */
export interface Database {
  enquiries: EnquiryTable;
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

export type EnquiryRow = Selectable<EnquiryTable>;
export type NewEnquiryRow = Insertable<EnquiryTable>;
