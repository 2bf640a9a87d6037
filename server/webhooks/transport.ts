import { Webhook } from "standardwebhooks";
import type { FailureKind, Transport } from "../outbox/delivery";
import type { WebhookMessage } from "./payload";

/** One signed POST, as the worker sends it: made afresh at each attempt. */
export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** A receiver that answers this long after the request was sent is counted as down. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * The message as a Standard Webhooks request, signed now: receivers reject a webhook-timestamp
 * more than five minutes old, so each attempt is signed with its own time (the body, and so
 * the webhook-id's event, stay the same).
 */
export function signedRequest(
  url: string,
  message: WebhookMessage,
  signer: Webhook,
  now = new Date(),
): WebhookRequest {
  const body = JSON.stringify(message.body);
  return {
    url,
    body,
    headers: {
      "content-type": "application/json",
      "user-agent": "Eastgate-Webhooks/1",
      "webhook-id": message.id,
      "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
      "webhook-signature": signer.sign(message.id, now, body),
    },
  };
}

/** A receiver's answer other than 2xx. */
export class WebhookRefused extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(`HTTP ${status}${detail ? `: ${detail}` : ""}`);
  }
}

/** POSTs with fetch; resolves with "HTTP 200" (and the start of the answer) on a 2xx. */
export function httpTransport(timeoutMs = WEBHOOK_TIMEOUT_MS): Transport<WebhookRequest> {
  return {
    async send({ url, headers, body }) {
      const response = await fetch(url, {
        method: "POST",
        headers,
        body,
        // A redirect is not followed: a POST to a moved endpoint is for staff to fix.
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = (await response.text()).replace(/\s+/g, " ").trim().slice(0, 100);
      if (response.status >= 200 && response.status < 300)
        return `HTTP ${response.status}${text ? ` ${text}` : ""}`;
      const location = response.headers.get("location");
      throw new WebhookRefused(response.status, location ? `redirected to ${location}` : text);
    },
    close() {},
  };
}

/**
 * No answer (refused, reset, timed out) or a gateway saying the receiver is down (502, 503,
 * 504): the receiver is down, one message probes it until it is back. 408, 429 and other 5xx:
 * this message is tried again later. Any other answer (4xx, a redirect): flagged for staff.
 */
export function classifyHttp(error: unknown): FailureKind {
  if (!(error instanceof WebhookRefused)) return "outage";
  const { status } = error;
  if (status === 502 || status === 503 || status === 504) return "outage";
  if (status === 408 || status === 429 || status >= 500) return "transient";
  return "permanent";
}
