import type { Message } from "./mail";
import type { Mailer } from "./mailer";
import {
  mailKey,
  requeueApplies,
  type DeliveryRecord,
  type MailKind,
  type Outbox,
  type RequeueReader,
} from "./outbox";
import type { Enquiry } from "./store";

export interface Backoff {
  /** Wait after the first failure. */
  baseMs: number;
  /**
   * Longest wait between two tries. It bounds how long mail stays queued once the mail server
   * is back: everything pending is tried again within capMs, and all of it is sent at once
   * after the first success.
   */
  capMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { baseMs: 1000, capMs: 10_000 };

/** An acknowledgement this late (mail was down or not configured) would mislead: it is skipped. */
export const ACK_MAX_AGE_MS = 72 * 60 * 60 * 1000;

/** Wait before try `attempt + 1`: doubling from baseMs, at most capMs, with jitter so retries spread. */
export function backoffMs(attempts: number, { baseMs, capMs }: Backoff, random = Math.random) {
  const exact = Math.min(capMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exact * (0.75 + 0.25 * random()));
}

export type FailureKind = "outage" | "transient" | "permanent";

/**
 * How a failed send is retried. No SMTP reply (refused, timed out, dropped), refused
 * credentials or 421 (the server is closing the channel): the mail server as a whole is
 * unavailable. Another 4xx reply: try this message again later. A 5xx reply, or a message the
 * client will not send: permanent, flagged for staff.
 */
export function classify(error: unknown): FailureKind {
  const { responseCode, code } = (error ?? {}) as { responseCode?: number; code?: string };
  if (code === "EAUTH" || responseCode === 421) return "outage";
  if (typeof responseCode === "number") return responseCode < 500 ? "transient" : "permanent";
  if (code === "EENVELOPE" || code === "EMESSAGE") return "permanent";
  return "outage";
}

const reasonOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").slice(0, 300);

interface Job {
  enquiry: Enquiry;
  mail: MailKind;
  attempts: number;
  dueAt: number;
}

export interface WorkerOptions {
  outbox: Outbox;
  /** Staff's requests to send flagged e-mails again. */
  requeue: RequeueReader;
  mailer: Mailer;
  compose: (enquiry: Enquiry, mail: MailKind) => Message;
  /** Send the student an acknowledgement. */
  ack: boolean;
  backoff?: Backoff;
  /** Sends under way at once. */
  concurrency?: number;
  /** How often the re-queue file is read. */
  pollMs?: number;
  log?: (line: string) => void;
}

/**
 * Sends what the outbox says is pending, records each outcome durably, retries transient
 * failures with capped backoff and flags permanent ones. start() resumes from the files.
 */
export class DeliveryWorker {
  private readonly jobs = new Map<string, Job>();
  private readonly inFlight = new Set<Promise<void>>();
  /** While the mail server is unreachable: when to try again, and how many tries failed. */
  private outage: { until: number; attempts: number } | null = null;
  private timer: NodeJS.Timeout | undefined;
  private poller: NodeJS.Timeout | undefined;
  private started = false;
  private stopping = false;
  private readonly backoff: Backoff;
  private readonly concurrency: number;
  private readonly log: (line: string) => void;
  private readonly enquiries = new Map<string, Enquiry>();

  constructor(private readonly options: WorkerOptions) {
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.concurrency = options.concurrency ?? 5;
    this.log = options.log ?? ((line) => console.log(line));
  }

  /** Queue every e-mail of the stored enquiries that is not yet sent, flagged or skipped. */
  async start(stored: readonly Enquiry[]) {
    await this.options.outbox.compact();
    const now = Date.now();
    const skips: Promise<void>[] = [];
    for (const enquiry of stored) {
      this.enquiries.set(enquiry.id, enquiry);
      for (const mail of this.kinds()) {
        const last = this.options.outbox.get(enquiry.id, mail);
        if (last && last.state !== "pending" && last.state !== "failed") continue;
        if (mail === "ack" && !last && now - Date.parse(enquiry.receivedAt) > ACK_MAX_AGE_MS) {
          skips.push(this.record(enquiry, mail, "skipped", { reason: "too late to acknowledge" }));
          continue;
        }
        this.add(enquiry, mail, last?.attempts ?? 0, now);
      }
    }
    await Promise.all(skips);
    if (this.jobs.size) this.log(`Delivery: ${this.jobs.size} e-mails pending from before`);
    await this.readRequeued();
    this.poller = setInterval(() => void this.readRequeued(), this.options.pollMs ?? 2000);
    this.poller.unref();
    this.started = true;
    this.pump();
  }

  /** A newly stored enquiry: send its e-mails now. */
  enqueue(enquiry: Enquiry) {
    this.enquiries.set(enquiry.id, enquiry);
    for (const mail of this.kinds()) this.add(enquiry, mail, 0, Date.now());
    this.pump();
  }

  /** E-mails not yet sent, flagged or skipped. */
  get pending() {
    return this.jobs.size;
  }

  /** Send nothing new; wait (at most timeoutMs) for sends under way and their records. */
  async stop(timeoutMs: number) {
    this.stopping = true;
    clearTimeout(this.timer);
    clearInterval(this.poller);
    let timeout: NodeJS.Timeout | undefined;
    const waited = await Promise.race([
      Promise.all(this.inFlight).then(() => true),
      new Promise<false>((done) => (timeout = setTimeout(() => done(false), timeoutMs))),
    ]);
    clearTimeout(timeout);
    await this.options.outbox.idle();
    this.options.mailer.close();
    return waited;
  }

  private kinds(): MailKind[] {
    return this.options.ack ? ["notify", "ack"] : ["notify"];
  }

  private add(enquiry: Enquiry, mail: MailKind, attempts: number, dueAt: number) {
    const key = mailKey(enquiry.id, mail);
    if (!this.jobs.has(key)) this.jobs.set(key, { enquiry, mail, attempts, dueAt });
  }

  /** Flagged e-mails staff asked to send again (`npm run enquiries -- --retry`). */
  private async readRequeued() {
    if (this.stopping) return;
    const asked = await this.options.requeue.read().catch((error: unknown) => {
      this.log(`Delivery: could not read ${this.options.requeue.file}: ${reasonOf(error)}`);
      return [];
    });
    let added = 0;
    for (const requeue of asked) {
      const enquiry = this.enquiries.get(requeue.id);
      if (!enquiry || (requeue.mail === "ack" && !this.options.ack)) continue;
      if (!requeueApplies(this.options.outbox.get(requeue.id, requeue.mail), requeue)) continue;
      this.add(enquiry, requeue.mail, 0, Date.now());
      added += 1;
    }
    if (added) {
      this.log(`Delivery: ${added} flagged e-mails re-queued by staff`);
      this.pump();
    }
  }

  /** Start every send that is due and allowed; set a timer for the next one. */
  private pump() {
    // Before start() the outbox is being compacted: nothing may be recorded yet.
    if (!this.started || this.stopping) return;
    clearTimeout(this.timer);
    const now = Date.now();
    // During an outage one message probes at a time; the rest wait for it to get through.
    const limit = this.outage ? 1 : this.concurrency;
    if (!this.outage || this.outage.until <= now) {
      for (const job of this.byPriority()) {
        if (this.inFlight.size >= limit) break;
        if (job.dueAt > now) continue;
        job.dueAt = Infinity; // taken
        const send = this.send(job).finally(() => {
          this.inFlight.delete(send);
          this.pump();
        });
        this.inFlight.add(send);
      }
    }
    let next = Infinity;
    for (const job of this.jobs.values()) next = Math.min(next, job.dueAt);
    if (this.outage) next = Math.max(next, this.outage.until);
    if (next < Infinity && this.inFlight.size < limit)
      this.timer = setTimeout(() => this.pump(), Math.max(0, next - Date.now()));
  }

  /** Notifications before acknowledgements: under a burst the adviser hears first. */
  private *byPriority() {
    for (const job of this.jobs.values()) if (job.mail === "notify") yield job;
    for (const job of this.jobs.values()) if (job.mail !== "notify") yield job;
  }

  private async send(job: Job) {
    const key = mailKey(job.enquiry.id, job.mail);
    try {
      const reply = await this.options.mailer.send(this.options.compose(job.enquiry, job.mail));
      this.jobs.delete(key);
      if (this.outage) {
        this.log(`Delivery: the mail server is back after ${this.outage.attempts} failed tries`);
        this.outage = null;
        // Everything held back by the outage goes now.
        for (const other of this.jobs.values()) if (other.dueAt !== Infinity) other.dueAt = 0;
      }
      // The record is written while the next send starts; stop() waits for the outbox to be idle.
      void this.record(job.enquiry, job.mail, "sent", { reply });
    } catch (error) {
      const kind = classify(error);
      const reason = reasonOf(error);
      job.attempts += 1;
      if (kind === "permanent") {
        this.jobs.delete(key);
        this.log(`Delivery: ${key} refused for good, flagged for staff: ${reason}`);
        await this.record(job.enquiry, job.mail, "flagged", { reason, attempts: job.attempts });
        return;
      }
      if (kind === "outage") {
        // Sends that were under way together fail together: one failed try of the server.
        if (!this.outage || this.outage.until <= Date.now()) {
          const attempts = (this.outage?.attempts ?? 0) + 1;
          if (attempts === 1) this.log(`Delivery: the mail server is unreachable: ${reason}`);
          this.outage = { attempts, until: Date.now() + backoffMs(attempts, this.backoff) };
        }
        job.dueAt = this.outage.until;
      } else {
        job.dueAt = Date.now() + backoffMs(job.attempts, this.backoff);
      }
      await this.record(job.enquiry, job.mail, "failed", { reason, attempts: job.attempts });
    }
  }

  private async record(
    enquiry: Enquiry,
    mail: MailKind,
    state: DeliveryRecord["state"],
    extra: Partial<DeliveryRecord>,
  ) {
    const record = { id: enquiry.id, mail, state, at: new Date().toISOString(), ...extra };
    try {
      await this.options.outbox.record(record);
    } catch (error) {
      // The mail itself went (or failed) as recorded in memory; after a restart it may go again.
      this.log(
        `Delivery: could not record ${mailKey(enquiry.id, mail)} ${state}: ${reasonOf(error)}`,
      );
    }
  }
}
