import type { EnquiryValues, FormKind } from "../src/lib/enquiry";
import { DurableLog, readJsonLines } from "./jsonl";

/** One accepted enquiry, as it is stored. */
export type Enquiry = {
  id: string;
  /** ISO time the server accepted it. */
  receivedAt: string;
  form: FormKind;
  /** The locale the form was sent from (absent: English): the student's acknowledgement is in it. */
  lang?: string;
  /** The browser's key for this enquiry: the same key again gets the same enquiry. */
  idempotencyKey?: string;
} & EnquiryValues;

/**
 * Accepted enquiries, one fsynced JSON line each: the source of truth that delivery works from.
 * Keeps an index of idempotency keys, rebuilt from the file at start.
 */
export class EnquiryStore {
  private readonly log: DurableLog;
  private readonly keys = new Map<string, string>();

  constructor(readonly file: string) {
    this.log = new DurableLog(file);
    for (const enquiry of readEnquiries(file))
      if (enquiry.idempotencyKey) this.keys.set(enquiry.idempotencyKey, enquiry.id);
  }

  /** The id of the stored enquiry that was sent with this key, if any. */
  idFor(key: string) {
    return this.keys.get(key);
  }

  /** Resolves once the enquiry's line is on disk. */
  async append(enquiry: Enquiry) {
    await this.log.append(enquiry);
    if (enquiry.idempotencyKey) this.keys.set(enquiry.idempotencyKey, enquiry.id);
  }

  /** Resolves when everything appended so far is written. */
  idle() {
    return this.log.idle();
  }
}

/** Every whole enquiry in the file, oldest first. */
export function readEnquiries(file: string): Enquiry[] {
  return readJsonLines(file).filter(
    (r): r is Enquiry => typeof r.id === "string" && typeof r.receivedAt === "string",
  );
}
