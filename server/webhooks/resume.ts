import { log } from "../service/log";
import type { Webhooks } from ".";
import type { WebhookMessage } from "./payload";

/**
 * Every stored lead published again at start (the outbox skips those delivered), oldest first,
 * source by source (the enquiries, every version of every booking, the registrations), once
 * `after` has resolved (the events known); then the workers started.
 */
export function resumeWebhooks(
  webhooks: Webhooks | undefined,
  after: Promise<unknown>,
  sources: Array<() => Promise<WebhookMessage[]>>,
) {
  if (!webhooks) return {};
  const started = after.then(async () => {
    try {
      for (const stored of sources)
        for (const message of await stored()) void webhooks.publish(message);
    } catch (error) {
      log.error({ err: error }, "Webhooks could not read the stored leads");
    }
    return webhooks.start().catch((error: unknown) => {
      log.error({ err: error }, "Webhooks could not start; leads are still stored");
    });
  });
  return {
    started,
    async drain(timeoutMs: number) {
      await started;
      await webhooks.stop(timeoutMs);
    },
  };
}
