import type { Kysely } from "kysely";
import type { Database, LeadKind, OutboxName } from "../db/schema";
import { requeueFlagged, type DeliveryState } from "../outbox/outbox";
import type { Viewer } from "./leads";

export const OUTBOXES: readonly OutboxName[] = [
  "enquiries",
  "bookings",
  "registrations",
  "webhooks",
];
export const isOutbox = (v: unknown): v is OutboxName =>
  typeof v === "string" && (OUTBOXES as readonly string[]).includes(v);

const KIND_OF: Record<Exclude<OutboxName, "webhooks">, LeadKind> = {
  enquiries: "enquiry",
  bookings: "booking",
  registrations: "registration",
};

/** A webhook message's id: `msg_` + the lead's id + `_` + its type (server/webhooks/payload.ts). */
const WEBHOOK_ID = /^msg_(.+)_(enquiry|booking|registration)\.[a-z]+(?:\.\d+)?$/;

/** The lead an e-mail or webhook belongs to (none: a person.erased webhook). */
export function leadOf(outbox: OutboxName, id: string): { kind: LeadKind; id: string } | undefined {
  if (outbox !== "webhooks") return { kind: KIND_OF[outbox], id };
  const match = WEBHOOK_ID.exec(id);
  return match ? { kind: match[2] as LeadKind, id: match[1] } : undefined;
}

/** What an e-mail (webhook) is, in words: by its name in the outbox. */
export function deliveryLabel(outbox: OutboxName, mail: string) {
  if (outbox === "webhooks") return `Webhook to ${mail}`;
  const name = mail.split(".")[0];
  if (name === "notify" || name === "adviser") return "Notification to the advisers";
  if (name === "ack") return "Acknowledgement to the student";
  if (name === "reminder" || name === "day" || name === "hour") return "Reminder to the student";
  if (name === "link") return "Manage link to the student";
  if (name === "moved") return "Change of time to the student";
  return "Confirmation to the student";
}

/**
 * A delivery's stored error as staff may read it: a mail server's reply can quote the address
 * it refused, which is personal data, so any address is left out.
 */
export const safeReason = (reason: string | null) =>
  reason?.replace(/<?[^\s<>@]+@[^\s<>@]+>?/g, "(address)");

/** One e-mail or webhook that failed (being retried) or was given up (flagged). */
export interface FailedDelivery {
  outbox: OutboxName;
  id: string;
  mail: string;
  state: Extract<DeliveryState, "failed" | "flagged">;
  at: string;
  reason?: string;
  attempts: number;
  /** A failed one's next try (ISO). */
  dueAt?: string;
  lead?: { kind: LeadKind; id: string; name: string };
}

/** How many the home page lists at most (the newest). */
export const FAILED_SHOWN = 20;

/**
 * The deliveries that went wrong, for the desk: the rows of the outboxes (`deliveries`, shared
 * with every server's delivery worker); re-queueing is `npm run enquiries -- --retry`'s own
 * (requeueFlagged), for one e-mail.
 */
export class Deliveries {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Failed and given-up ones, newest first, of the leads the viewer may see: the newest
   * FAILED_SHOWN, and how many there are (of the newest 500).
   */
  async failed(viewer: Viewer): Promise<{ rows: FailedDelivery[]; total: number }> {
    const rows = await this.db
      .selectFrom("deliveries")
      .select(["outbox", "id", "mail", "state", "at", "reason", "attempts", "dueAt"])
      // Each outbox named: the index on (outbox, state, due_at) finds them among the sent.
      .where("outbox", "in", OUTBOXES)
      .where("state", "in", ["failed", "flagged"])
      .orderBy("at", "desc")
      .limit(500)
      .execute();
    const leads = rows.map((r) => leadOf(r.outbox, r.id));
    const states = new Map<string, { name: string; assignee: string | null }>();
    // By kind and id: the leads' primary key.
    for (const kind of new Set(leads.flatMap((l) => (l ? [l.kind] : [])))) {
      const ids = [...new Set(leads.flatMap((l) => (l?.kind === kind ? [l.id] : [])))];
      for (let i = 0; i < ids.length; i += 200) {
        const found = await this.db
          .selectFrom("leadStates")
          .select(["kind", "id", "name", "assignee"])
          .where("kind", "=", kind)
          .where("id", "in", ids.slice(i, i + 200))
          .execute();
        for (const s of found) states.set(`${s.kind}/${s.id}`, s);
      }
    }
    const shown: FailedDelivery[] = [];
    let total = 0;
    rows.forEach((row, i) => {
      const lead = leads[i];
      const state = lead && states.get(`${lead.kind}/${lead.id}`);
      if (!viewer.seesAll && !(state && (state.assignee ?? viewer.id) === viewer.id)) return;
      if (++total > FAILED_SHOWN) return;
      shown.push({
        outbox: row.outbox,
        id: row.id,
        mail: row.mail,
        state: row.state as FailedDelivery["state"],
        at: row.at,
        reason: safeReason(row.reason),
        attempts: row.attempts,
        dueAt: row.dueAt ?? undefined,
        lead: lead && { ...lead, name: state?.name ?? "" },
      });
    });
    return { rows: shown, total };
  }

  /** One delivery's row (its state now), or undefined. */
  get(outbox: OutboxName, id: string, mail: string) {
    return this.db
      .selectFrom("deliveries")
      .select(["outbox", "id", "mail", "state"])
      .where("outbox", "=", outbox)
      .where("id", "=", id)
      .where("mail", "=", mail)
      .executeTakeFirst();
  }

  /**
   * Re-queues one given-up e-mail (webhook): true if it was, false if no longer given up. On
   * the outboxes' own clock (the real one), as the workers' records are.
   */
  async retry(outbox: OutboxName, id: string, mail: string) {
    const requeued = await requeueFlagged(this.db, outbox, new Date(), { id, mail });
    return requeued.length > 0;
  }
}
