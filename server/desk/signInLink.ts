import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { iso, type Clock } from "./clock";
import { randomToken, sha256 } from "./tokens";

/** How long an e-mailed link works. */
export const LINK_MS = 15 * 60_000;

/** What opening a link found. */
export type LinkCheck =
  | { ok: true; email: string; next: string | null }
  | { ok: false; why: "unknown" | "used" | "expired" | "other browser" };

/**
 * One-time sign-in links: the e-mailed token's hash, and the hash of the random value the
 * asking browser holds in a cookie. A link works for 15 minutes, once, in that browser only.
 */
export class SignInLinks {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** A new link's token for `email`, bound to the browser holding `browser`. */
  async issue(email: string, browser: string, next: string | null) {
    const token = randomToken();
    await this.db
      .insertInto("signInLinks")
      .values({
        tokenHash: sha256(token),
        email,
        browserHash: sha256(browser),
        next,
        createdAt: iso(this.clock),
        expiresAt: iso(this.clock, LINK_MS),
        usedAt: null,
      })
      .execute();
    // Links long gone are forgotten (one in fifty issues sweeps).
    if (Math.random() < 0.02)
      await this.db
        .deleteFrom("signInLinks")
        .where("expiresAt", "<", iso(this.clock, -24 * 3600_000))
        .execute();
    return token;
  }

  /** What the link is, without using it. */
  async check(token: string, browser: string | undefined): Promise<LinkCheck> {
    const row = await this.db
      .selectFrom("signInLinks")
      .selectAll()
      .where("tokenHash", "=", sha256(token))
      .executeTakeFirst();
    if (!row) return { ok: false, why: "unknown" };
    if (row.usedAt) return { ok: false, why: "used" };
    if (row.expiresAt <= iso(this.clock)) return { ok: false, why: "expired" };
    if (!browser || sha256(browser) !== row.browserHash) return { ok: false, why: "other browser" };
    return { ok: true, email: row.email, next: row.next };
  }

  /** Uses the link: only one request ever succeeds, in any process. */
  async use(token: string, browser: string | undefined): Promise<LinkCheck> {
    const checked = await this.check(token, browser);
    if (!checked.ok) return checked;
    const result = await this.db
      .updateTable("signInLinks")
      .set({ usedAt: iso(this.clock) })
      .where("tokenHash", "=", sha256(token))
      .where("usedAt", "is", null)
      .where("expiresAt", ">", iso(this.clock))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? checked : { ok: false, why: "used" };
  }
}
