import { open, stat } from "node:fs/promises";
import { DurableLog, readJsonLines } from "./jsonl";

/** The two e-mails each enquiry becomes: the agency's notification and the student's acknowledgement. */
export type MailKind = "notify" | "ack";

export const mailKinds: readonly MailKind[] = ["notify", "ack"];

/**
 * pending: to be sent (an enquiry with no record yet is pending too); sent: accepted by the mail
 * server; failed: a transient failure, to be retried; flagged: refused for good, for staff to see;
 * skipped: not sent on purpose (an acknowledgement too late to be useful).
 */
export type DeliveryState = "pending" | "sent" | "failed" | "flagged" | "skipped";

/** One line of the outbox: what happened to one e-mail of one enquiry (or booking). */
export interface DeliveryRecord {
  /** The enquiry's (booking's) id. */
  id: string;
  /** Which of its e-mails: a MailKind for an enquiry, "student.1", "reminder.0"... for a booking. */
  mail: string;
  state: DeliveryState;
  /** ISO time of the event. */
  at: string;
  /** The mail server's reply to a sent message. */
  reply?: string;
  /** Why an attempt failed, or why the mail was flagged or skipped. */
  reason?: string;
  /** Failed attempts so far. */
  attempts?: number;
  /** ISO time it started failing, where the worker gives up after a while (webhooks). */
  since?: string;
}

export const mailKey = (id: string, mail: string) => `${id}/${mail}`;

const isRecord = (r: Record<string, unknown>): r is DeliveryRecord & Record<string, unknown> =>
  typeof r.id === "string" &&
  typeof r.mail === "string" &&
  typeof r.state === "string" &&
  typeof r.at === "string";

/** Compact once the file holds this many lines more than one per e-mail. */
const COMPACT_SLACK = 2000;

/**
 * Delivery state, beside the enquiry store: an append-only, fsynced JSON-lines file that only
 * the server writes. The latest record of each e-mail is its state; compaction keeps only
 * those, at start and whenever retries (an outage, a mail server answering 4xx) have added
 * COMPACT_SLACK lines beyond them.
 */
export class Outbox {
  private readonly log: DurableLog;
  private readonly latest = new Map<string, DeliveryRecord>();
  private lines = 0;
  private compacting: Promise<void> | null = null;

  constructor(
    readonly file: string,
    private readonly logLine: (line: string) => void = (line) => console.error(line),
  ) {
    this.log = new DurableLog(file);
    for (const record of readOutbox(file)) {
      this.latest.set(mailKey(record.id, record.mail), record);
      this.lines += 1;
    }
  }

  /** The latest record of one e-mail, or undefined when nothing has happened to it yet. */
  get(id: string, mail: string) {
    return this.latest.get(mailKey(id, mail));
  }

  /** Resolves once the record is on disk. */
  async record(record: DeliveryRecord) {
    this.latest.set(mailKey(record.id, record.mail), record);
    this.lines += 1;
    this.compactIfLong();
    await this.log.append(record);
  }

  private compactIfLong() {
    if (this.compacting || this.lines <= this.latest.size + COMPACT_SLACK) return;
    this.compacting = this.compact()
      .catch((error: unknown) =>
        this.logLine(`Outbox: could not compact ${this.file}: ${String(error)}`),
      )
      .finally(() => {
        this.compacting = null;
        this.compactIfLong();
      });
  }

  /** Rewrite the file with one line per e-mail; records queued meanwhile follow in the new file. */
  async compact() {
    const counted = this.lines;
    await this.log.replace(() => {
      // Lines recorded since this was asked for are still to be appended to the new file.
      this.lines = this.latest.size + (this.lines - counted);
      return [...this.latest.values()];
    });
  }

  /** Resolves when every record so far is on disk. */
  async idle() {
    while (this.compacting) await this.compacting;
    await this.log.idle();
  }
}

/** Every whole record of an outbox file, oldest first. */
export function readOutbox(file: string): DeliveryRecord[] {
  return readJsonLines(file).filter(isRecord);
}

/** The outbox file that belongs to an enquiry store: data/enquiries.jsonl -> data/enquiries.outbox.jsonl */
export const outboxFileFor = (dataFile: string) =>
  `${dataFile.replace(/\.jsonl$/, "")}.outbox.jsonl`;

/**
 * Staff's requests to send flagged e-mails again, beside the outbox: appended by
 * `npm run enquiries -- --retry`, only read by the server (so the outbox keeps one writer).
 */
export const requeueFileFor = (dataFile: string) =>
  `${dataFile.replace(/\.jsonl$/, "")}.requeue.jsonl`;

/** One e-mail staff asked to send again, and when. */
export interface Requeue {
  id: string;
  mail: string;
  at: string;
}

const isRequeue = (r: Record<string, unknown>): r is Requeue & Record<string, unknown> =>
  typeof r.id === "string" && typeof r.mail === "string" && typeof r.at === "string";

/** A re-queue applies to an e-mail still flagged from before it was asked for. */
export const requeueApplies = (last: DeliveryRecord | undefined, requeue: Requeue) =>
  last?.state === "flagged" && Date.parse(last.at) <= Date.parse(requeue.at);

/** Every whole re-queue request of a store, oldest first. */
export const readRequeues = (dataFile: string): Requeue[] =>
  readJsonLines(requeueFileFor(dataFile)).filter(isRequeue);

/**
 * The latest record of each e-mail of a store, as the staff tool sees it: a flagged e-mail
 * that staff re-queued since shows as pending.
 */
export function latestRecords(dataFile: string) {
  const latest = new Map<string, DeliveryRecord>();
  for (const record of readOutbox(outboxFileFor(dataFile)))
    latest.set(mailKey(record.id, record.mail), record);
  for (const requeue of readRequeues(dataFile)) {
    const key = mailKey(requeue.id, requeue.mail);
    if (requeueApplies(latest.get(key), requeue))
      latest.set(key, { ...requeue, state: "pending", reason: "re-queued by staff" });
  }
  return latest;
}

/** Ask for every flagged e-mail to be sent again (the staff tool); returns those asked for. */
export async function requeueFlagged(dataFile: string, now = new Date()) {
  const flagged = [...latestRecords(dataFile).values()].filter((r) => r.state === "flagged");
  const log = new DurableLog(requeueFileFor(dataFile));
  await Promise.all(
    flagged.map((r) =>
      log.append({ id: r.id, mail: r.mail, at: now.toISOString() } satisfies Requeue),
    ),
  );
  return flagged;
}

/**
 * Reads a file of staff requests (re-queues; booking cancellations) from where it last stopped
 * (from the start after a restart): the staff tools append, only the server reads.
 */
export class RequeueReader<T = Requeue> {
  private offset = 0;

  constructor(
    readonly file: string,
    private readonly accept: (r: Record<string, unknown>) => boolean = isRequeue,
  ) {}

  /** Requests appended since the last call. */
  async read(): Promise<T[]> {
    const size = await stat(this.file).then(
      (s) => s.size,
      () => 0,
    );
    if (size < this.offset) this.offset = 0; // the file was emptied or replaced
    if (size === this.offset) return [];
    const handle = await open(this.file, "r");
    try {
      const buffer = Buffer.alloc(size - this.offset);
      await handle.read(buffer, 0, buffer.length, this.offset);
      const end = buffer.lastIndexOf(0x0a) + 1;
      this.offset += end;
      const found: T[] = [];
      for (const line of buffer.subarray(0, end).toString("utf8").split("\n")) {
        try {
          const record = JSON.parse(line) as Record<string, unknown>;
          if (record && this.accept(record)) found.push(record as T);
        } catch {
          // an empty or partial line
        }
      }
      return found;
    } finally {
      await handle.close();
    }
  }
}
