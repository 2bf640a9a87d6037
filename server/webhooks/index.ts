/**
 * Every lead to the agency's own tools: each message published here is POSTed, signed, to
 * every WEBHOOK_URL, through the same outbox (the deliveries table) and worker as the e-mails.
 *
 * Nothing lost, nothing sent twice once recorded: a message is published only once its lead
 * is on disk, and at every start every stored lead is published again (the stores are the
 * source of truth, as they are for e-mail). A message whose delivery the outbox records as
 * sent, flagged or failed-for-good is not sent again; any other is. Each delivery's row keeps
 * its message, so that any process can send what another left (it died: its lease runs out),
 * without rebuilding it. An answer waits for those rows, so an acknowledged lead's messages are
 * sent even if its process dies then; a lead stored by a process that died after its commit
 * and before its answer is published again at the next start of any process.
 *
 * The one window left: a crash after a receiver accepted a message and before its record was
 * committed sends it again, with the same webhook-id, which is what receivers deduplicate by.
 */
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { Webhook } from "standardwebhooks";
import type { Database } from "../db";
import { DeliveryWorker, type Backoff } from "../outbox/delivery";
import { Outbox } from "../outbox/outbox";
import type { WebhookConfig } from "./config";
import type { WebhookMessage } from "./payload";
import { classifyHttp, httpTransport, signedRequest, type WebhookRequest } from "./transport";

export type { WebhookConfig } from "./config";
export * from "./payload";

/** A delivery that has failed (or waited behind an outage) this long is flagged for staff. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * A URL's name in the outbox (its `mail` field): its host, readable in the staff tool, and a
 * hash of the whole URL, so two paths on one host are two deliveries and a URL's secret path
 * is not written down.
 */
export const receiverKey = (url: string) =>
  `${new URL(url).host}#${createHash("sha256").update(url).digest("hex").slice(0, 8)}`;

export interface WebhookOptions extends WebhookConfig {
  /** Where the deliveries are kept (the "webhooks" outbox). */
  database: Kysely<Database>;
  /** Resolves once the schema is migrated and old files imported. */
  ready?: Promise<unknown>;
  timeoutMs?: number;
  giveUpAfterMs?: number;
  /** How often each worker looks for what other processes left and staff re-queued. */
  pollMs?: number;
  /** How long a claim on a delivery keeps other processes off it. */
  leaseMs?: number;
  backoff: Backoff;
  log?: (line: string) => void;
}

/** What the rest of the server calls. */
export interface Webhooks {
  /**
   * Deliver a message to every URL, once per URL: call it once its lead is on disk, and at
   * start for every stored lead. Publishing a message again (the same id) is harmless: one
   * already delivered is not delivered again, one under way is not doubled. Resolves once its
   * rows are in the outbox: from then on any process delivers it, should this one die.
   */
  publish(message: WebhookMessage): Promise<void>;
  /** Start sending: whatever was published (from the stores) and not yet delivered goes first. */
  start(): Promise<void>;
  /** Messages not yet delivered to some URL. */
  readonly pending: number;
  /** Send nothing new; wait (at most timeoutMs) for requests under way and their records. */
  stop(timeoutMs: number): Promise<void>;
}

/** One worker per URL (a receiver down holds back only its own deliveries), one outbox. */
export function createWebhooks(options: WebhookOptions): Webhooks {
  const outbox = new Outbox(options.database, "webhooks", options.ready);
  const signer = new Webhook(options.secret);
  const workers = options.urls.map((url) => {
    const key = receiverKey(url);
    const host = new URL(url).host;
    return new DeliveryWorker<WebhookMessage, WebhookRequest>({
      outbox,
      // The message is kept in its row: any process can send it without rebuilding it.
      save: (message) => JSON.stringify(message),
      load: (_id, saved) =>
        Promise.resolve(saved === undefined ? undefined : (JSON.parse(saved) as WebhookMessage)),
      only: key,
      leaseMs: options.leaseMs,
      transport: httpTransport(options.timeoutMs),
      classify: classifyHttp,
      giveUpAfterMs: options.giveUpAfterMs ?? GIVE_UP_AFTER_MS,
      letters: () => [{ mail: key }],
      compose: (message) => Promise.resolve(signedRequest(url, message, signer)),
      urgent: () => false,
      backoff: options.backoff,
      concurrency: 4,
      pollMs: options.pollMs,
      log: options.log,
      words: { name: `Webhooks to ${host}`, messages: "webhooks", receiver: host },
    });
  });
  let started = false;
  return {
    async publish(message) {
      // Before start() the worker only queues it; start() sends.
      await Promise.all(workers.map((worker) => worker.enqueue(message)));
    },
    async start() {
      if (started) return;
      started = true;
      await Promise.all(workers.map((worker) => worker.start([])));
    },
    get pending() {
      return workers.reduce((n, w) => n + w.pending, 0);
    },
    async stop(timeoutMs) {
      await Promise.all(workers.map((w) => w.stop(timeoutMs)));
    },
  };
}
