import { open, stat } from "node:fs/promises";
import { DurableLog, readJsonLines, rewriteLog } from "./jsonl";

/** The two e-mails each enquiry becomes: the agency's notification and the student's acknowledgement. */
export type MailKind = "notify" | "ack";

export const mailKinds: readonly MailKind[] = ["notify", "ack"];

/**
 * pending: to be sent (an enquiry with no record yet is pending too); sent: accepted by the mail
 * server; failed: a transient failure, to be retried; flagged: refused for good, for staff to see;
 * skipped: not sent on purpose (an acknowledgement too late to be useful).
 */
export type DeliveryState = "pending" | "sent" | "failed" | "flagged" | "skipped";

/** One line of the outbox: what happened to one e-mail of one enquiry. */
export interface DeliveryRecord {
  /** The enquiry's id. */
  id: string;
  mail: MailKind;
  state: DeliveryState;
  /** ISO time of the event. */
  at: string;
  /** The mail server's reply to a sent message. */
  reply?: string;
  /** Why an attempt failed, or why the mail was flagged or skipped. */
  reason?: string;
  /** Failed attempts so far. */
  attempts?: number;
}

export const mailKey = (id: string, mail: MailKind) => `${id}/${mail}`;

const isRecord = (r: Record<string, unknown>): r is DeliveryRecord & Record<string, unknown> =>
  typeof r.id === "string" &&
  (r.mail === "notify" || r.mail === "ack") &&
  typeof r.state === "string" &&
  typeof r.at === "string";

/**
 * Delivery state, beside the enquiry store: an append-only, fsynced JSON-lines file. The latest
 * record of each e-mail is its state; compact() keeps only those.
 */
export class Outbox {
  private readonly log: DurableLog;
  private readonly latest = new Map<string, DeliveryRecord>();
  /** How far poll() has read. */
  private offset = 0;

  constructor(readonly file: string) {
    this.log = new DurableLog(file);
    for (const record of readOutbox(file)) this.latest.set(mailKey(record.id, record.mail), record);
  }

  /** The latest record of one e-mail, or undefined when nothing has happened to it yet. */
  get(id: string, mail: MailKind) {
    return this.latest.get(mailKey(id, mail));
  }

  /** Resolves once the record is on disk. */
  async record(record: DeliveryRecord) {
    this.latest.set(mailKey(record.id, record.mail), record);
    await this.log.append(record);
  }

  /** Rewrite the file with one line per e-mail (retries during an outage add a line each). */
  async compact() {
    await this.log.idle();
    await rewriteLog(this.file, [...this.latest.values()]);
    this.offset = (await stat(this.file)).size;
  }

  /**
   * Records appended to the file by another process (`npm run enquiries -- --retry`) since the
   * last call. Only "pending" records come from outside; this process's own are skipped.
   */
  async poll(): Promise<DeliveryRecord[]> {
    const size = await stat(this.file).then(
      (s) => s.size,
      () => 0,
    );
    if (size <= this.offset) return [];
    const handle = await open(this.file, "r");
    try {
      const buffer = Buffer.alloc(size - this.offset);
      await handle.read(buffer, 0, buffer.length, this.offset);
      const end = buffer.lastIndexOf(0x0a) + 1;
      this.offset += end;
      const found: DeliveryRecord[] = [];
      for (const line of buffer.subarray(0, end).toString("utf8").split("\n")) {
        try {
          const record = JSON.parse(line) as Record<string, unknown>;
          if (isRecord(record) && record.state === "pending") {
            this.latest.set(mailKey(record.id, record.mail), record);
            found.push(record);
          }
        } catch {
          // an empty or partial line
        }
      }
      return found;
    } finally {
      await handle.close();
    }
  }

  idle() {
    return this.log.idle();
  }
}

/** Every whole record of an outbox file, oldest first. */
export function readOutbox(file: string): DeliveryRecord[] {
  return readJsonLines(file).filter(isRecord);
}

/** The outbox file that belongs to an enquiry store: data/enquiries.jsonl -> data/enquiries.outbox.jsonl */
export const outboxFileFor = (dataFile: string) =>
  `${dataFile.replace(/\.jsonl$/, "")}.outbox.jsonl`;

/** Queue flagged e-mails again (the staff tool): appends a pending record for each. */
export async function requeueFlagged(file: string, now = new Date()) {
  const latest = new Map<string, DeliveryRecord>();
  for (const record of readOutbox(file)) latest.set(mailKey(record.id, record.mail), record);
  const flagged = [...latest.values()].filter((r) => r.state === "flagged");
  const log = new DurableLog(file);
  await Promise.all(
    flagged.map((r) =>
      log.append({
        id: r.id,
        mail: r.mail,
        state: "pending",
        at: now.toISOString(),
        reason: "re-queued by staff",
      } satisfies DeliveryRecord),
    ),
  );
  return flagged;
}
