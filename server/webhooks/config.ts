import { Webhook } from "standardwebhooks";
import type { Backoff } from "../outbox/delivery";

/** Where leads go and how they are signed: WEBHOOK_URL, WEBHOOK_SECRET (docs/integrators/). */
export interface WebhookConfig {
  /** Absolute http(s) URLs: each receives every message, as a delivery of its own. */
  urls: string[];
  /** `whsec_` + base64 of 24 to 64 random bytes (Standard Webhooks' format). */
  secret: string;
  /** Retry waits (WEBHOOK_BACKOFF, default 1s/15m). */
  backoff: Backoff;
}

/** Refused configuration; server/service/config.ts turns it into a ConfigError. */
export class WebhookConfigError extends Error {}

export const DEFAULT_WEBHOOK_BACKOFF: Backoff = { baseMs: 1000, capMs: 15 * 60_000 };

/** The webhooks' settings from the environment; undefined when WEBHOOK_URL is not set. */
export function parseWebhookConfig(env: NodeJS.ProcessEnv): WebhookConfig | undefined {
  const text = (name: string) => env[name]?.trim() || undefined;
  const secret = text("WEBHOOK_SECRET");
  if (secret !== undefined) checkSecret(secret);
  const backoff = parseBackoff(text("WEBHOOK_BACKOFF"));
  const url = text("WEBHOOK_URL");
  if (url === undefined) return undefined;
  const urls = url
    .split(",")
    .map((u) => u.trim())
    .filter(Boolean);
  for (const u of urls) checkUrl(u);
  if (!urls.length) return undefined;
  if (secret === undefined)
    throw new WebhookConfigError(
      "WEBHOOK_URL is set but WEBHOOK_SECRET is not: set it to the signing secret your receiver verifies with, whsec_ followed by base64 (e.g. whsec_$(openssl rand -base64 32))",
    );
  return { urls: [...new Set(urls)], secret, backoff };
}

function checkUrl(value: string) {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    // reported below
  }
  if (!url || !/^https?:$/.test(url.protocol) || !url.hostname)
    throw new WebhookConfigError(
      `WEBHOOK_URL "${value}" is not an absolute http(s) address such as https://crm.example.org/hooks/eastgate (several: separate them with commas)`,
    );
}

function checkSecret(value: string) {
  const base64 = value.startsWith("whsec_") ? value.slice("whsec_".length) : undefined;
  const bytes =
    base64 !== undefined && /^[A-Za-z0-9+/]+={0,2}$/.test(base64) && base64.length % 4 === 0
      ? Buffer.from(base64, "base64").length
      : 0;
  let usable = bytes >= 24 && bytes <= 64;
  try {
    if (usable) new Webhook(value);
  } catch {
    usable = false;
  }
  if (!usable)
    throw new WebhookConfigError(
      "WEBHOOK_SECRET is not a Standard Webhooks secret: whsec_ followed by the base64 of 24 to 64 random bytes (e.g. whsec_$(openssl rand -base64 32))",
    );
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** "1s/15m": wait 1 s after a first failure, doubling up to 15 min. */
export function parseBackoff(value: string | undefined): Backoff {
  if (value === undefined) return DEFAULT_WEBHOOK_BACKOFF;
  const match = /^(\d+)(ms|s|m|h)\/(\d+)(ms|s|m|h)$/.exec(value);
  const baseMs = Number(match?.[1]) * UNIT_MS[match?.[2] ?? "s"];
  const capMs = Number(match?.[3]) * UNIT_MS[match?.[4] ?? "s"];
  if (!match || baseMs < 1 || capMs < baseMs)
    throw new WebhookConfigError(
      `WEBHOOK_BACKOFF "${value}" should be like 1s/15m: the first wait, then the longest (units ms, s, m, h)`,
    );
  return { baseMs, capMs };
}
