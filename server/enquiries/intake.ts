import { randomUUID } from "node:crypto";
import { type EnquiryValues, type FieldErrors, type FormKind } from "../../src/lib/enquiry";
import type { DeliveryWorker } from "../outbox/delivery";
import type { Limiter } from "../service/rateLimit";
import type { Enquiry, EnquiryStore } from "./store";

export type IntakeResult =
  | { outcome: "accepted"; id: string }
  | { outcome: "invalid"; errors: FieldErrors }
  | { outcome: "limited"; retryAfterS: number }
  | { outcome: "unstored"; id: string; error: unknown };

/** An Idempotency-Key as browsers make them (a UUID) or any client might: 8 to 100 safe characters. */
export const isIdempotencyKey = (key: string) => /^[\w.:-]{8,100}$/.test(key);

interface Options {
  store: EnquiryStore;
  /** The Study Interest choices a post must pick from. */
  interests: readonly string[];
  /** Absent when no mail server is configured: enquiries are only stored. */
  worker?: DeliveryWorker<Enquiry>;
  /** Told of each enquiry once it is committed (the webhooks); resolves once they are queued. */
  onStored?: (enquiry: Enquiry) => Promise<void> | void;
  limiter?: Limiter;
}

/**
 * An enquiry from validation to the outbox: checked with the shared rules, answered with the
 * stored id when its key was seen before, limited per client, stored (committed), then queued.
 */
export class Intake {
  /** Keys whose enquiry is being stored right now: a second post waits for the first. */
  private readonly storing = new Map<string, Promise<IntakeResult>>();

  constructor(private readonly options: Options) {}

  async accept(
    kind: FormKind,
    values: EnquiryValues,
    {
      key,
      client,
      lang,
      campaign,
      notice,
      validate,
    }: {
      key?: string;
      client: string;
      /** The locale the form was sent from; stored unless English. */
      lang: string;
      /** The staff page's campaign it came from, already checked (server/service/campaign.ts). */
      campaign?: string;
      /** The privacy notice's version the form was sent under (src/lib/notice.ts), if it said. */
      notice?: string;
      /** The shared rules, with their messages in the form's language. */
      validate: (
        kind: FormKind,
        values: EnquiryValues,
        interests: readonly string[],
      ) => FieldErrors | Promise<FieldErrors>;
    },
  ): Promise<IntakeResult> {
    const errors = await validate(kind, values, this.options.interests);
    if (Object.keys(errors).length) return { outcome: "invalid", errors };
    if (key) {
      const id = await this.options.store.idFor(key);
      if (id) return { outcome: "accepted", id };
      const under = this.storing.get(key);
      if (under) return under;
    }
    const retryAfterS = (await this.options.limiter?.take(client)) ?? 0;
    if (retryAfterS) return { outcome: "limited", retryAfterS };
    const stored = this.store({
      id: randomUUID(),
      receivedAt: new Date().toISOString(),
      form: kind,
      ...(lang !== "en" ? { lang } : {}),
      ...(key ? { idempotencyKey: key } : {}),
      ...values,
      ...(campaign ? { campaign } : {}),
      ...(notice ? { notice } : {}),
    });
    if (!key) return stored;
    this.storing.set(key, stored);
    try {
      return await stored;
    } finally {
      this.storing.delete(key);
    }
  }

  private async store(enquiry: Enquiry): Promise<IntakeResult> {
    let id: string;
    try {
      id = await this.options.store.append(enquiry);
    } catch (error) {
      return { outcome: "unstored", id: enquiry.id, error };
    }
    // Its key was stored meanwhile (another process): that enquiry is the one, already queued.
    if (id !== enquiry.id) return { outcome: "accepted", id };
    await this.options.worker?.enqueue(enquiry);
    await this.options.onStored?.(enquiry);
    return { outcome: "accepted", id: enquiry.id };
  }
}
