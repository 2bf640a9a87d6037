import type { SiteEvent } from "../../src/events/load";
import { leadLang, registrationMessage, type WebhookMessage } from "../webhooks/payload";
import type { Registration } from "./store";

/**
 * A registration's version as a webhook: created (a place or a number in line), promoted from
 * the waiting list, or cancelled; undefined for a version that tells the agency nothing new.
 */
export function registrationWebhook(
  r: Registration,
  event: SiteEvent | undefined,
  waitingPlace: number | undefined,
): WebhookMessage | undefined {
  const type =
    r.state === "cancelled"
      ? "registration.cancelled"
      : r.sequence === 0
        ? "registration.created"
        : r.promotedAt && r.state === "confirmed"
          ? "registration.promoted"
          : undefined;
  if (!type) return undefined;
  return registrationMessage(
    type,
    {
      id: r.id,
      event: { slug: r.event, title: event?.title ?? r.event, start: event?.startsAt ?? "" },
      name: r.fullName,
      email: r.email,
      country: r.country,
      interest: r.interest,
      lang: leadLang(r.lang),
      status: r.state === "waiting" ? "waiting" : "confirmed",
      waitingPlace: r.state === "waiting" ? (waitingPlace ?? null) : null,
    },
    { version: r.sequence, at: r.updatedAt },
  );
}
