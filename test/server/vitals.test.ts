import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { createApp } from "../../server/app";
import { vitalsFileFor } from "../../server/vitals";

// A stand-in for a built site: the server only needs 404.html.
let root = "";
let origin = "";
let file = "";
let app: ReturnType<typeof createApp>;

before(async () => {
  root = mkdtempSync(join(tmpdir(), "eg-vitals-"));
  mkdirSync(join(root, "dist"));
  writeFileSync(join(root, "dist", "404.html"), "<!DOCTYPE html><title>404</title>");
  const dataFile = join(root, "data", "enquiries.jsonl");
  file = vitalsFileFor(dataFile);
  app = createApp({
    dist: join(root, "dist"),
    dataFile,
    vitalsRateLimit: { max: 6, windowMs: 60_000 },
  });
  await new Promise<void>((done) => app.listen(0, "127.0.0.1", done));
  origin = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
});

after(async () => {
  app.closeAllConnections();
  await new Promise((done) => app.close(done));
  rmSync(root, { recursive: true, force: true });
});

const stored = () =>
  existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>)
    : [];

const send = (body: string, type = "text/plain;charset=UTF-8", forwardedFor?: string) =>
  fetch(`${origin}/api/vitals`, {
    method: "POST",
    headers: { "Content-Type": type, ...(forwardedFor ? { "X-Forwarded-For": forwardedFor } : {}) },
    body,
  });

const report = {
  route: "/about",
  device: "phone",
  metrics: [{ name: "LCP", value: 900, rating: "good" }],
};

test("a report is stored as one line with the time received and nothing else; 204", async () => {
  const res = await send(JSON.stringify(report));
  assert.equal(res.status, 204);
  const lines = stored();
  assert.equal(lines.length, 1);
  const { receivedAt, ...rest } = lines[0];
  assert.ok(Math.abs(Date.parse(String(receivedAt)) - Date.now()) < 10_000);
  assert.deepEqual(rest, report, "no address, user agent or identifier");
});

test("refused with a reason and nothing stored: malformed, wrong type, too large, wrong method", async () => {
  const before = stored().length;
  const bad = await send(JSON.stringify({ ...report, route: "/wp-admin" }));
  assert.equal(bad.status, 400);
  assert.match(((await bad.json()) as { error: string }).error, /route/);
  assert.equal((await send("not json")).status, 400);
  assert.equal(
    (await send(JSON.stringify(report), "application/x-www-form-urlencoded")).status,
    415,
  );
  const big = await send(JSON.stringify({ ...report, pad: "x".repeat(4000) }));
  assert.equal(big.status, 413);
  const get = await fetch(`${origin}/api/vitals`);
  assert.equal(get.status, 405);
  assert.equal(get.headers.get("allow"), "POST");
  assert.equal(stored().length, before);
});

test("over the rate limit: 429 with Retry-After, nothing stored", async () => {
  // The limit here is 6 per client; the tests before used four of them.
  let res: Response | undefined;
  for (let i = 0; i < 5; i++) res = await send(JSON.stringify(report));
  assert.equal(res!.status, 429);
  assert.ok(Number(res!.headers.get("retry-after")) >= 1);
  assert.ok(stored().length <= 3);
});
