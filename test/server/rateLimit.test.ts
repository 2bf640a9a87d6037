import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { migrate, openDatabase } from "../../server/db";
import { DatabaseRateLimiter } from "../../server/service/rateLimit";
import { testEngines } from "./engines";

// The limits counted in the database: the same bucket as before (a burst of max, then one more
// every window/max), shared by every limiter on the database, on both engines.

const { engines } = testEngines();

for (const engine of engines)
  describe(engine.name, { skip: engine.skip }, () => {
    test("a burst of max, then one per window/max; clients and scopes apart; two limiters share one allowance", async () => {
      const database = openDatabase(await engine.fresh());
      try {
        await migrate(database.db);
        let now = 1_700_000_000_000;
        const limit = { max: 10, windowMs: 600_000 };
        const limiter = (scope: string) =>
          new DatabaseRateLimiter(
            database.db,
            database.engine,
            scope,
            limit,
            Promise.resolve(),
            () => now,
          );
        // Two processes' limiters on one database.
        const [a, b] = [limiter("enquiry"), limiter("enquiry")];
        for (let i = 0; i < 10; i++) assert.equal(await (i % 2 ? a : b).take("client-1"), 0);
        assert.equal(await a.take("client-1"), 60, "the next one in a minute");
        assert.equal(await b.take("client-1"), 60);
        assert.equal(await a.take("client-2"), 0, "another client has its own");
        assert.equal(await limiter("vitals").take("client-1"), 0, "another scope too");
        now += 59_000;
        assert.equal(await b.take("client-1"), 1);
        now += 1000;
        assert.equal(await a.take("client-1"), 0);
        assert.equal(await b.take("client-1"), 60);
        // Fifty at once through both: exactly the refilled allowance goes through.
        now += 600_000;
        const taken = await Promise.all(
          Array.from({ length: 50 }, (_, i) => (i % 2 ? a : b).take("client-1")),
        );
        assert.equal(taken.filter((s) => s === 0).length, 10);
      } finally {
        await database.close();
      }
    });
  });
