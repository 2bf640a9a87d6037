import type { IncomingMessage } from "node:http";
import type { RateLimit } from "./config";

/**
 * Enquiries per client: a bucket of `max` that refills evenly over the window, so a burst of
 * `max` is allowed and then one more every window/max.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly perMs: number;

  constructor(
    private readonly limit: RateLimit,
    private readonly now = Date.now,
  ) {
    this.perMs = limit.max / limit.windowMs;
  }

  /** Take one enquiry from the client's allowance: 0 when allowed, else seconds until it would be. */
  take(client: string): number {
    const now = this.now();
    const bucket = this.buckets.get(client) ?? { tokens: this.limit.max, at: now };
    bucket.tokens = Math.min(this.limit.max, bucket.tokens + (now - bucket.at) * this.perMs);
    bucket.at = now;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      this.buckets.set(client, bucket);
      this.prune(now);
      return 0;
    }
    this.buckets.set(client, bucket);
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.perMs / 1000));
  }

  /** Forget clients whose allowance has refilled, so the map does not grow without end. */
  private prune(now: number) {
    if (this.buckets.size < 10_000) return;
    for (const [client, b] of this.buckets)
      if (b.tokens + (now - b.at) * this.perMs >= this.limit.max) this.buckets.delete(client);
  }
}

/** The socket's address, or the first X-Forwarded-For hop behind a proxy we trust. */
export function clientAddress(req: IncomingMessage, trustProxy: boolean) {
  const forwarded = req.headers["x-forwarded-for"];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
  return (trustProxy && first) || req.socket.remoteAddress || "unknown";
}
