import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { migrate, openDatabase } from "../../server/db";
import { latestRecords, leaseOwner, Outbox, requeueFlagged } from "../../server/outbox/outbox";
import { testEngines, type TestEngine } from "./engines";

const { engines } = testEngines();

async function database(engine: TestEngine) {
  const opened = openDatabase(await engine.fresh());
  await migrate(opened.db);
  return opened;
}

for (const engine of engines)
  describe(engine.name, { skip: engine.skip }, () => {
    test("claims: one owner at a time; a done e-mail is never taken again nor overwritten; a lease runs out", async () => {
      const { db, close } = await database(engine);
      try {
        // Two processes' outboxes on one database.
        const [a, b] = [new Outbox(db, "enquiries"), new Outbox(db, "enquiries")];
        const [ownerA, ownerB] = [leaseOwner(), leaseOwner()];
        assert.deepEqual(await a.claim("x", "notify", ownerA), { claimed: true });
        const taken = await b.claim("x", "notify", ownerB);
        assert.equal(taken.claimed, false);
        assert.ok(!taken.claimed && "leasedUntil" in taken, "leased by the other");
        await a.record({ id: "x", mail: "notify", state: "sent", at: new Date().toISOString() });
        const done = await b.claim("x", "notify", ownerB);
        assert.ok(!done.claimed && "done" in done && done.done.state === "sent");
        // A stale view (failed) does not overwrite what the other recorded.
        await b.record({ id: "x", mail: "notify", state: "failed", at: new Date().toISOString() });
        assert.equal((await latestRecords(db, "enquiries")).get("x/notify")?.state, "sent");

        // A lease that runs out (its process stopped answering): the other takes it.
        assert.deepEqual(await a.claim("y", "notify", ownerA, 50), { claimed: true });
        assert.equal((await b.due(new Date().toISOString())).length, 0, "leased: not due");
        await new Promise((r) => setTimeout(r, 80));
        assert.deepEqual(
          (await b.due(new Date().toISOString())).map((r) => r.id),
          ["y"],
        );
        assert.deepEqual(await b.claim("y", "notify", ownerB), { claimed: true });
        // Released on a clean stop: at once.
        await b.release(ownerB);
        assert.deepEqual(await a.claim("y", "notify", ownerA), { claimed: true });
      } finally {
        await close();
      }
    });

    test("claims at once from two processes: each e-mail taken by exactly one", async () => {
      const { db, close } = await database(engine);
      try {
        const [a, b] = [new Outbox(db, "enquiries"), new Outbox(db, "enquiries")];
        const [ownerA, ownerB] = [leaseOwner(), leaseOwner()];
        const ids = Array.from({ length: 50 }, (_, i) => `m${i}`);
        const claims = await Promise.all(
          ids.flatMap((id) => [a.claim(id, "notify", ownerA), b.claim(id, "notify", ownerB)]),
        );
        for (const [i, id] of ids.entries())
          assert.equal(
            [claims[2 * i], claims[2 * i + 1]].filter((c) => c.claimed).length,
            1,
            `${id}: one claim`,
          );
      } finally {
        await close();
      }
    });

    test("owed rows: pending until due, kept once; re-queue: only flagged ones, pending again, asked for once", async () => {
      const { db, close } = await database(engine);
      try {
        const outbox = new Outbox(db, "bookings");
        const later = new Date(Date.now() + 3600_000).toISOString();
        await outbox.ensure([
          { id: "b", mail: "student.0" },
          { id: "b", mail: "reminder.0", dueAt: later },
        ]);
        await outbox.ensure([{ id: "b", mail: "student.0" }]);
        assert.deepEqual(
          (await outbox.due(new Date().toISOString())).map((r) => r.mail),
          ["student.0"],
          "the reminder waits for its day",
        );
        const earlier = new Date(Date.now() - 60_000).toISOString();
        await outbox.record({ id: "x", mail: "ack", state: "flagged", at: earlier, reason: "550" });
        await outbox.record({ id: "y", mail: "notify", state: "sent", at: earlier, reply: "250" });
        const asked = await requeueFlagged(db, "bookings");
        assert.deepEqual(
          asked.map((r) => `${r.id}/${r.mail}`),
          ["x/ack"],
        );
        const latest = await latestRecords(db, "bookings");
        assert.equal(latest.get("x/ack")?.state, "pending");
        assert.equal(latest.get("x/ack")?.reason, "re-queued by staff");
        assert.deepEqual(await requeueFlagged(db, "bookings"), [], "already asked for");
        assert.equal((await db.selectFrom("deliveryRequeues").selectAll().execute()).length, 1);
        // Any process's next poll takes it up.
        assert.ok((await outbox.due(new Date().toISOString())).some((r) => r.id === "x"));
        assert.deepEqual(await requeueFlagged(db, "enquiries"), [], "each outbox its own");
      } finally {
        await close();
      }
    });
  });
