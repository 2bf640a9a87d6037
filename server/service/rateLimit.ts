import { sql, type Kysely } from "kysely";
import type { RateLimit } from "./config";
import type { Database } from "../db";
import { log } from "./log";

export { clientAddress } from "./proxies";

/** Takes one request from a client's allowance: 0 when allowed, else seconds until it would be. */
export interface Limiter {
  take(client: string): number | Promise<number>;
}

/** How many takes between two sweeps of the buckets that have refilled. */
const SWEEP_EVERY = 1000;

/**
 * A bucket of `max` per client that refills evenly over the window, so a burst of `max` is
 * allowed and then one more every window/max. Kept in the database (`rate_limits`): every
 * server process on it draws from one allowance per client. One statement takes a token,
 * atomically on both engines (an upsert whose update applies only while a token is left); a
 * client refused is told when the next comes. A database that cannot answer lets the request
 * through (logged): the request itself then meets the same database, and an outage is no
 * reason to refuse leads a limit would allow.
 */
export class DatabaseRateLimiter implements Limiter {
  private readonly perMs: number;
  private takes = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: "sqlite" | "postgres",
    /** The allowance's name: enquiry (enquiries, bookings and registrations together), vitals. */
    private readonly scope: string,
    private readonly limit: RateLimit,
    /** Resolves once the schema is migrated. */
    private readonly ready: Promise<unknown>,
    private readonly now = Date.now,
  ) {
    this.perMs = limit.max / limit.windowMs;
  }

  async take(client: string): Promise<number> {
    await this.ready;
    const now = this.now();
    const { max } = this.limit;
    const least = this.engine === "postgres" ? sql.raw("least") : sql.raw("min");
    const refilled = sql`${least}(${max}, rate_limits.tokens + (${now} - rate_limits.at) * ${this.perMs})`;
    try {
      const taken = await sql<{ tokens: number }>`
        insert into rate_limits (scope, client, tokens, at)
        values (${this.scope}, ${client}, ${max - 1}, ${now})
        on conflict (scope, client) do update
          set tokens = ${refilled} - 1, at = ${now}
          where ${refilled} >= 1
        returning tokens`.execute(this.db);
      if (++this.takes % SWEEP_EVERY === 0) void this.sweep(now);
      if (taken.rows.length) return 0;
      const row = await this.db
        .selectFrom("rateLimits")
        .select(["tokens", "at"])
        .where("scope", "=", this.scope)
        .where("client", "=", client)
        .executeTakeFirst();
      const tokens = row
        ? Math.min(max, Number(row.tokens) + (now - Number(row.at)) * this.perMs)
        : 0;
      return Math.max(1, Math.ceil((1 - tokens) / this.perMs / 1000));
    } catch (error) {
      log.error(
        { err: error, scope: this.scope },
        "Rate limit: the database did not answer; let through",
      );
      return 0;
    }
  }

  /** Forget the buckets that have refilled (older than the window). */
  private async sweep(now: number) {
    await this.db
      .deleteFrom("rateLimits")
      .where("scope", "=", this.scope)
      .where("at", "<", now - this.limit.windowMs)
      .execute()
      .catch((error: unknown) => log.error({ err: error }, "Rate limit: sweep failed"));
  }
}
