import type { Message } from "../enquiries/mail";
import {
  LEASE_MS,
  leaseOwner,
  mailKey,
  REQUEUED,
  type Claim,
  type DeliveryRecord,
  type Outbox,
  type Owed,
} from "./outbox";
import { log } from "../service/log";
import { deliveriesGivenUp, deliveryFailures } from "../service/metrics";

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
 * What a worker sends through: an SMTP transport (server/outbox/mailer.ts), an HTTP client
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
  /**
   * An item by its id, as stored now (the enquiry, the booking), to send what another process
   * left pending (it stopped, or staff re-queued); `saved` is what `save` kept in the row.
   */
  load: (id: string, saved: string | undefined) => Promise<T | undefined>;
  /** The item as the outbox keeps it in the row, where no store keeps it (a webhook's message). */
  save?: (item: T) => string;
  /** The one mail name this worker sends (a webhook receiver's key); default: every one of its outbox. */
  only?: string;
  /** How long a claim on an e-mail keeps other processes off it (LEASE_MS). */
  leaseMs?: number;
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
  /** How often the outbox is looked at for what other processes left and staff re-queued. */
  pollMs?: number;
  log?: (line: string) => void;
  /** The clock reminders are due by (tests start it at a chosen time). */
  now?: () => number;
  /** Default: e-mail's. */
  words?: WorkerWords;
}

/**
 * Sends what the outbox says is pending, records each outcome durably, retries transient
 * failures with capped backoff and flags permanent ones. Each send is claimed first (a lease in
 * the outbox's row), so that any number of processes share the work and none sends an e-mail
 * another has sent or is sending; every pollMs it takes up what is due and nobody holds (left
 * by a process that died, re-queued by staff). start() resumes from the database.
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
  /** Its name in the leases it takes. */
  readonly owner = leaseOwner();
  /** Rows whose item cannot be loaded (no longer stored): not looked at again. */
  private readonly unloadable = new Set<string>();
  private adopting = false;

  private readonly now: () => number;
  private readonly classify: (error: unknown) => FailureKind;
  private readonly words: WorkerWords;

  constructor(private readonly options: WorkerOptions<T, M>) {
    this.now = options.now ?? Date.now;
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.concurrency = options.concurrency ?? 5;
    this.log = options.log ?? ((line) => log.info(line));
    this.classify = options.classify ?? classify;
    this.words = options.words ?? MAIL_WORDS;
  }

  /** Queue every e-mail of the stored items that is not yet sent, flagged or skipped. */
  async start(stored: readonly T[]) {
    const owed: Owed[] = [];
    for (const item of stored) owed.push(...(await this.queue(item)));
    await this.options.outbox.ensure(owed);
    const { name, messages } = this.words;
    if (this.jobs.size) this.log(`${name}: ${this.jobs.size} ${messages} pending from before`);
    await this.adopt();
    this.poller = setInterval(() => void this.adopt(), this.options.pollMs ?? 2000);
    this.poller.unref();
    this.started = true;
    this.pump();
  }

  /**
   * A newly stored item, or a new state of one: send the e-mails it now becomes. Resolves (never
   * rejects) once they are in the outbox as pending: from then on, if this process dies, another
   * sends them. Answer the request that stored the item after that.
   */
  enqueue(item: T): Promise<void> {
    const queued = this.queue(item).then((owed) => this.options.outbox.ensure(owed));
    void queued.catch(() => {}).then(() => this.pump());
    return queued.catch((error: unknown) =>
      this.log(`${this.words.name}: could not queue ${item.id}: ${reasonOf(error)}`),
    );
  }

  /**
   * Add the item's letters that are not done yet; record the ones to skip. Returns the rows
   * the outbox should have for them (pending), so that another process sends them if this one
   * cannot.
   */
  private async queue(item: T): Promise<Owed[]> {
    await this.options.outbox.load();
    this.items.set(item.id, item);
    const now = this.now();
    const skips: Promise<void>[] = [];
    const owed: Owed[] = [];
    const saved = this.options.save?.(item);
    for (const letter of this.options.letters(item, now)) {
      if (this.options.only !== undefined && letter.mail !== this.options.only) continue;
      const last = this.options.outbox.get(item.id, letter.mail);
      if (last && last.state !== "pending" && last.state !== "failed") continue;
      // Never tried: no record, or a pending row no one has tried (not one staff re-queued).
      const untried = !last || (last.state === "pending" && !last.attempts && !last.reason);
      if (letter.skip && untried) {
        skips.push(this.record(item, letter.mail, "skipped", { reason: letter.skip }));
        continue;
      }
      const since = last?.since ? Date.parse(last.since) : undefined;
      const dueAt = last?.dueAt ? Date.parse(last.dueAt) : 0;
      this.add(item, letter.mail, last?.attempts ?? 0, letter.notBefore ?? 0, since, dueAt);
      if (!last || saved !== undefined)
        owed.push({
          id: item.id,
          mail: letter.mail,
          ...(letter.notBefore ? { dueAt: new Date(letter.notBefore).toISOString() } : {}),
          ...(saved !== undefined ? { item: saved } : {}),
        });
    }
    await Promise.all(skips);
    return owed;
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
    // What this process was still sending (past the wait) goes to another at once.
    await this.options.outbox.release(this.owner).catch((error: unknown) => {
      this.log(`${this.words.name}: could not release its leases: ${reasonOf(error)}`);
    });
    this.options.transport.close();
    return waited;
  }

  private add(
    item: T,
    mail: string,
    attempts: number,
    notBefore: number,
    since?: number,
    retryAt = 0,
  ) {
    const key = mailKey(item.id, mail);
    const now = this.now();
    const dueAt = Math.max(now, notBefore, retryAt);
    if (!this.jobs.has(key))
      this.jobs.set(key, { item, mail, attempts, dueAt, notBefore, since: since ?? now });
  }

  /** Failing (or held back) for longer than giveUpAfterMs: flag rather than try again. */
  private expired(job: Job<T>) {
    const limit = this.options.giveUpAfterMs;
    return limit !== undefined && this.now() - job.since >= limit;
  }

  /**
   * What is due and nobody is sending: left by a process that stopped or died (its lease ran
   * out), failed and due again, re-queued by staff. Each is queued with its item, loaded as it
   * is stored now; one its item no longer owes is recorded as skipped.
   */
  private async adopt() {
    if (this.stopping || this.adopting) return;
    this.adopting = true;
    try {
      await this.options.outbox.releaseGone();
      const rows = await this.options.outbox.due(new Date(this.now()).toISOString(), {
        mail: this.options.only,
      });
      const owed: Owed[] = [];
      let adopted = 0;
      let requeued = 0;
      for (const row of rows) {
        const key = mailKey(row.id, row.mail);
        if (this.jobs.has(key) || this.unloadable.has(key)) continue;
        const item =
          (await this.options.load(row.id, row.item ?? undefined)) ?? this.items.get(row.id);
        if (!item) {
          this.unloadable.add(key);
          continue;
        }
        if (!this.options.letters(item, this.now()).some((l) => l.mail === row.mail)) {
          await this.record(item, row.mail, "skipped", { reason: "no longer applies" });
          continue;
        }
        const before = this.jobs.size;
        owed.push(...(await this.queue(item)));
        if (!this.jobs.has(key)) continue;
        adopted += this.jobs.size - before;
        if (row.reason === REQUEUED) requeued += 1;
      }
      await this.options.outbox.ensure(owed);
      const { name, messages } = this.words;
      if (requeued) this.log(`${name}: ${requeued} flagged ${messages} re-queued by staff`);
      if (adopted > requeued)
        this.log(`${name}: ${adopted - requeued} ${messages} taken up that no process was sending`);
      if (adopted) this.pump();
    } catch (error) {
      this.log(`${this.words.name}: could not read the outbox: ${reasonOf(error)}`);
    } finally {
      this.adopting = false;
    }
  }

  /** Start every send that is due and allowed; set a timer for the next one. */
  private pump() {
    // Before start() nothing is sent: start() queues what is owed from before first.
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
    // Taken by this process before anything is composed: sent (or being sent) by another, it
    // is dropped here; if that process dies, its lease runs out and adopt() takes it up.
    let claim: Claim;
    try {
      claim = await this.options.outbox.claim(
        job.item.id,
        job.mail,
        this.owner,
        this.options.leaseMs ?? LEASE_MS,
      );
    } catch (error) {
      this.log(`${this.words.name}: could not claim ${key}: ${reasonOf(error)}`);
      job.dueAt = this.now() + backoffMs(job.attempts + 1, this.backoff);
      return;
    }
    if (!claim.claimed) {
      this.jobs.delete(key);
      return;
    }
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
      await this.record(job.item, job.mail, "failed", {
        reason,
        attempts: job.attempts,
        ...since,
        dueAt: new Date(Math.max(job.dueAt, this.now())).toISOString(),
      });
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
    if (state === "failed") deliveryFailures.inc({ outbox: this.options.outbox.name });
    if (state === "flagged") deliveriesGivenUp.inc({ outbox: this.options.outbox.name });
    try {
      await this.options.outbox.record(record);
    } catch (error) {
      // The mail itself went (or failed) as recorded in memory; after a restart it may go again.
      const key = mailKey(item.id, mail);
      this.log(`${this.words.name}: could not record ${key} ${state}: ${reasonOf(error)}`);
    }
  }
}
