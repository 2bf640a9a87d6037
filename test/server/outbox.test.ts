import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  latestRecords,
  Outbox,
  outboxFileFor,
  readOutbox,
  requeueFileFor,
  requeueFlagged,
  RequeueReader,
  type DeliveryRecord,
} from "../../server/outbox";

let dir = "";
before(() => (dir = mkdtempSync(join(tmpdir(), "eg-outbox-"))));
after(() => rmSync(dir, { recursive: true, force: true }));

const lineCount = (file: string) => readFileSync(file, "utf8").split("\n").filter(Boolean).length;

const failed = (id: string, attempts: number): DeliveryRecord => ({
  id,
  mail: "notify",
  state: "failed",
  at: new Date().toISOString(),
  reason: "connect ECONNREFUSED",
  attempts,
});

test("outbox: retries during a long outage do not grow the file without bound", async () => {
  const file = join(dir, "long-outage", "enquiries.outbox.jsonl");
  const outbox = new Outbox(file);
  // Three e-mails failing for a long time, written as the worker writes them (not awaited one by one).
  const writes: Promise<void>[] = [];
  for (let attempt = 1; attempt <= 3000; attempt++)
    for (const id of ["a", "b", "c"]) writes.push(outbox.record(failed(id, attempt)));
  writes.push(outbox.record({ id: "a", mail: "notify", state: "sent", at: "", reply: "250 OK" }));
  await Promise.all(writes);
  await outbox.idle();
  assert.ok(lineCount(file) <= 3 + 2000 + 3, `${lineCount(file)} lines`);
  // Nothing recorded while it was being compacted is lost: the latest of each is on disk.
  const latest = new Map(readOutbox(file).map((r) => [r.id, r]));
  assert.equal(latest.get("a")?.state, "sent");
  assert.equal(latest.get("b")?.attempts, 3000);
  assert.equal(latest.get("c")?.attempts, 3000);
  // And a new process reads the same state.
  assert.equal(new Outbox(file).get("b", "notify")?.attempts, 3000);
});

test("re-queue: only flagged e-mails, shown as pending to staff, read once by the server", async () => {
  const dataFile = join(dir, "requeue", "enquiries.jsonl");
  const outbox = new Outbox(outboxFileFor(dataFile));
  const earlier = new Date(Date.now() - 60_000).toISOString();
  await outbox.record({ id: "x", mail: "ack", state: "flagged", at: earlier, reason: "550" });
  await outbox.record({ id: "y", mail: "notify", state: "sent", at: earlier, reply: "250" });
  const asked = await requeueFlagged(dataFile);
  assert.deepEqual(
    asked.map((r) => `${r.id}/${r.mail}`),
    ["x/ack"],
  );
  assert.equal(latestRecords(dataFile).get("x/ack")?.state, "pending");
  assert.deepEqual(await requeueFlagged(dataFile), [], "already asked for");
  const reader = new RequeueReader(requeueFileFor(dataFile));
  assert.deepEqual(
    (await reader.read()).map((r) => r.id),
    ["x"],
  );
  assert.deepEqual(await reader.read(), [], "read once");
  // A line cut short by a crash is skipped until it is whole.
  appendFileSync(requeueFileFor(dataFile), '{"id":"z","mail":"notify"');
  assert.deepEqual(await reader.read(), []);
  appendFileSync(requeueFileFor(dataFile), `,"at":"${new Date().toISOString()}"}\n`);
  assert.deepEqual(
    (await reader.read()).map((r) => r.id),
    ["z"],
  );
  // Sent after the re-queue: staff see it sent.
  await outbox.record({ id: "x", mail: "ack", state: "sent", at: new Date().toISOString() });
  assert.equal(latestRecords(dataFile).get("x/ack")?.state, "sent");
});
