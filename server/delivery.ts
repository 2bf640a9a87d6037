import type { Message } from "./mail";
import {
  mailKey,
  requeueApplies,
  type DeliveryRecord,
  type Outbox,
  type RequeueReader,
} from "./outbox";

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
 * What a worker sends through: an SMTP transport (server/mailer.ts), an HTTP client
 * (server/webhooks/transport.ts). send() resolves with the receiver's reply, recorded in the
 * outbox, and rejects with an error its worker's classify() understands.
 */
export interface Transport<M> {
  send(message: M): Promise<string>;
  close(): void;
}

/**
 * How a failed send of an e-mail is retried (the default classify of a worker). No SMTP reply (refused, timed out, dropped), refused
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

/** One e-mail an item (an enquiry, a booking) becomes. */
export interface Letter {
  /** Its name in the outbox, unique for the item ("notify", "student.2"). */
  mail: string;
  /** Not to be sent before this time (a reminder); default now. */
  notBefore?: number;
  /** Set when it is no longer worth sending if it has not been tried yet: recorded as skipped. */
  skip?: string;
}

interface Job<T> {
  item: T;
  mail: string;
  attempts: number;
  dueAt: number;
  /** Its letter's notBefore: an outage's end does not bring a reminder forward. */
  notBefore: number;
  /** Since when it has been failing (or waiting behind an outage): what giveUpAfterMs counts from. */
  since: number;
}

/** The longest a timer waits before the queue is looked at again (timers overflow past 24.8 days). */
const MAX_WAIT_MS = 60 * 60 * 1000;

/** What the worker's log lines call what it sends and where to: "e-mails", "the mail server". */
export interface WorkerWords {
  /** Its log lines' prefix. */
  name: string;
  messages: string;
  receiver: string;
}

const MAIL_WORDS: WorkerWords = {
  name: "Delivery",
  messages: "e-mails",
  receiver: "the mail server",
};

export interface WorkerOptions<T extends { id: string }, M = Message> {
  outbox: Outbox;
  /** Staff's requests to send flagged e-mails again. */
  requeue: RequeueReader;
  /** Sends the composed messages (an SMTP transport for e-mail). */
  transport: Transport<M>;
  /** How a failed send is retried; default: an SMTP error's (classify above). */
  classify?: (error: unknown) => FailureKind;
  /**
   * Flag a message for staff ("gave up after a day") once it has been failing, or waiting behind
   * an outage, this long; default: retry for as long as it takes (e-mail).
   */
  giveUpAfterMs?: number;
  /** The e-mails an item becomes, as things stand at `now`. */
  letters: (item: T, now: number) => Letter[];
  /** The message to send; null when, at sending time, it no longer applies (recorded as skipped). */
  compose: (item: T, mail: string) => Promise<M | null>;
  /** Sent first under a burst (the advisers' notifications); default: `notify`. */
  urgent?: (mail: string) => boolean;
  backoff?: Backoff;
  /** Sends under way at once. */
  concurrency?: number;
  /** How often the re-queue file is read. */
  pollMs?: number;
  log?: (line: string) => void;
  /** The clock reminders are due by (tests start it at a chosen time). */
  now?: () => number;
  /** Default: e-mail's. */
  words?: WorkerWords;
}

/**
 * Sends what the outbox says is pending, records each outcome durably, retries transient
 * failures with capped backoff and flags permanent ones. start() resumes from the files.
 */
export class DeliveryWorker<T extends { id: string }, M = Message> {
  private readonly jobs = new Map<string, Job<T>>();
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
  private readonly items = new Map<string, T>();

  private readonly now: () => number;
  private readonly classify: (error: unknown) => FailureKind;
  private readonly words: WorkerWords;

  constructor(private readonly options: WorkerOptions<T, M>) {
    this.now = options.now ?? Date.now;
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.concurrency = options.concurrency ?? 5;
    this.log = options.log ?? ((line) => console.log(line));
    this.classify = options.classify ?? classify;
    this.words = options.words ?? MAIL_WORDS;
  }

  /** Queue every e-mail of the stored items that is not yet sent, flagged or skipped. */
  async start(stored: readonly T[]) {
    await this.options.outbox.compact();
    await Promise.all(stored.map((item) => this.queue(item)));
    const { name, messages } = this.words;
    if (this.jobs.size) this.log(`${name}: ${this.jobs.size} ${messages} pending from before`);
    await this.readRequeued();
    this.poller = setInterval(() => void this.readRequeued(), this.options.pollMs ?? 2000);
    this.poller.unref();
    this.started = true;
    this.pump();
  }

  /** A newly stored item, or a new state of one: send the e-mails it now becomes. */
  enqueue(item: T) {
    void this.queue(item).then(() => this.pump());
  }

  /** Add the item's letters that are not done yet; record the ones to skip. */
  private async queue(item: T) {
    this.items.set(item.id, item);
    const now = this.now();
    const skips: Promise<void>[] = [];
    for (const letter of this.options.letters(item, now)) {
      const last = this.options.outbox.get(item.id, letter.mail);
      if (last && last.state !== "pending" && last.state !== "failed") continue;
      if (letter.skip && !last) {
        skips.push(this.record(item, letter.mail, "skipped", { reason: letter.skip }));
        continue;
      }
      const since = last?.since ? Date.parse(last.since) : undefined;
      this.add(item, letter.mail, last?.attempts ?? 0, letter.notBefore ?? 0, since);
    }
    await Promise.all(skips);
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
    this.options.transport.close();
    return waited;
  }

  private add(item: T, mail: string, attempts: number, notBefore: number, since?: number) {
    const key = mailKey(item.id, mail);
    const now = this.now();
    const dueAt = Math.max(now, notBefore);
    if (!this.jobs.has(key))
      this.jobs.set(key, { item, mail, attempts, dueAt, notBefore, since: since ?? now });
  }

  /** Failing (or held back) for longer than giveUpAfterMs: flag rather than try again. */
  private expired(job: Job<T>) {
    const limit = this.options.giveUpAfterMs;
    return limit !== undefined && this.now() - job.since >= limit;
  }

  /** Flagged e-mails staff asked to send again (`npm run enquiries -- --retry`). */
  private async readRequeued() {
    if (this.stopping) return;
    const asked = await this.options.requeue.read().catch((error: unknown) => {
      this.log(
        `${this.words.name}: could not read ${this.options.requeue.file}: ${reasonOf(error)}`,
      );
      return [];
    });
    let added = 0;
    for (const requeue of asked) {
      const item = this.items.get(requeue.id);
      if (!item || !this.options.letters(item, this.now()).some((l) => l.mail === requeue.mail))
        continue;
      if (!requeueApplies(this.options.outbox.get(requeue.id, requeue.mail), requeue)) continue;
      this.add(item, requeue.mail, 0, 0);
      added += 1;
    }
    if (added) {
      this.log(`${this.words.name}: ${added} flagged ${this.words.messages} re-queued by staff`);
      this.pump();
    }
  }

  /** Start every send that is due and allowed; set a timer for the next one. */
  private pump() {
    // Before start() the outbox is being compacted: nothing may be recorded yet.
    if (!this.started || this.stopping) return;
    clearTimeout(this.timer);
    const now = this.now();
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
      this.timer = setTimeout(
        () => this.pump(),
        Math.min(MAX_WAIT_MS, Math.max(0, next - this.now())),
      );
  }

  /** Notifications before the students' e-mails: under a burst the adviser hears first. */
  private *byPriority() {
    const urgent = this.options.urgent ?? ((mail: string) => mail === "notify");
    for (const job of this.jobs.values()) if (urgent(job.mail)) yield job;
    for (const job of this.jobs.values()) if (!urgent(job.mail)) yield job;
  }

  private async send(job: Job<T>) {
    const key = mailKey(job.item.id, job.mail);
    try {
      const message = await this.options.compose(job.item, job.mail);
      if (!message) {
        this.jobs.delete(key);
        await this.record(job.item, job.mail, "skipped", { reason: "no longer applies" });
        return;
      }
      const reply = await this.options.transport.send(message);
      this.jobs.delete(key);
      if (this.outage) {
        const { name, receiver } = this.words;
        this.log(`${name}: ${receiver} is back after ${this.outage.attempts} failed tries`);
        this.outage = null;
        // Everything held back by the outage goes now.
        for (const other of this.jobs.values())
          if (other.dueAt !== Infinity) other.dueAt = other.notBefore;
      }
      // The record is written while the next send starts; stop() waits for the outbox to be idle.
      void this.record(job.item, job.mail, "sent", { reply });
    } catch (error) {
      const kind = this.classify(error);
      const reason = reasonOf(error);
      const { name, receiver } = this.words;
      job.attempts += 1;
      // Recorded only where it is used, so that it survives a restart.
      const since =
        this.options.giveUpAfterMs === undefined
          ? {}
          : { since: new Date(job.since).toISOString() };
      if (kind === "permanent" || this.expired(job)) {
        this.jobs.delete(key);
        const why = kind === "permanent" ? reason : `${this.gaveUp}: ${reason}`;
        this.log(
          `${name}: ${key} ${kind === "permanent" ? "refused for good" : this.gaveUp}, flagged for staff: ${reason}`,
        );
        await this.record(job.item, job.mail, "flagged", { reason: why, attempts: job.attempts });
        return;
      }
      if (kind === "outage") {
        // Sends that were under way together fail together: one failed try of the server.
        if (!this.outage || this.outage.until <= this.now()) {
          const attempts = (this.outage?.attempts ?? 0) + 1;
          if (attempts === 1) this.log(`${name}: ${receiver} is unreachable: ${reason}`);
          this.outage = { attempts, until: this.now() + backoffMs(attempts, this.backoff) };
        }
        job.dueAt = Math.max(this.outage.until, job.notBefore);
        await this.expireHeldBack(`${receiver} is unreachable: ${reason}`);
      } else {
        job.dueAt = this.now() + backoffMs(job.attempts, this.backoff);
      }
      await this.record(job.item, job.mail, "failed", { reason, attempts: job.attempts, ...since });
    }
  }

  /** "gave up after a day" */
  private get gaveUp() {
    const ms = this.options.giveUpAfterMs ?? 0;
    const [n, unit] =
      ms % 86_400_000 === 0
        ? [ms / 86_400_000, "day"]
        : ms % 3_600_000 === 0
          ? [ms / 3_600_000, "hour"]
          : ms % 1000 === 0
            ? [ms / 1000, "second"]
            : [ms, "millisecond"];
    return `gave up after ${n === 1 ? `a${unit === "hour" ? "n" : ""} ${unit}` : `${n} ${unit}s`}`;
  }

  /**
   * During an outage only one message is tried at a time: the others waiting behind it that
   * have waited longer than giveUpAfterMs are flagged too, rather than one a day.
   */
  private async expireHeldBack(reason: string) {
    const expired = [...this.jobs.entries()].filter(
      ([, job]) => job.dueAt !== Infinity && this.expired(job),
    );
    for (const [key] of expired) this.jobs.delete(key);
    if (expired.length)
      this.log(
        `${this.words.name}: ${expired.length} ${this.words.messages} ${this.gaveUp}, flagged for staff`,
      );
    await Promise.all(
      expired.map(([, job]) =>
        this.record(job.item, job.mail, "flagged", {
          reason: `${this.gaveUp}: ${reason}`,
          attempts: job.attempts,
        }),
      ),
    );
  }

  private async record(
    item: T,
    mail: string,
    state: DeliveryRecord["state"],
    extra: Partial<DeliveryRecord>,
  ) {
    const record = { id: item.id, mail, state, at: new Date().toISOString(), ...extra };
    try {
      await this.options.outbox.record(record);
    } catch (error) {
      // The mail itself went (or failed) as recorded in memory; after a restart it may go again.
      const key = mailKey(item.id, mail);
      this.log(`${this.words.name}: could not record ${key} ${state}: ${reasonOf(error)}`);
    }
  }
}
