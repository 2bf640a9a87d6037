import { test, before, after, describe } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { createApp } from "../../server/app";
import { migrate, openDatabase, type DatabaseConfig } from "../../server/db";
import { importVitalsFile } from "../../server/db/import";
import { keptFrom, VitalsStore, type StoredVitals } from "../../server/vitals/store";
import { bucketOf, formatVitals, vitalsCsv } from "../../server/vitals/report";
import { testEngines } from "./engines";
import { kill, spawnServer } from "./process";

const root = resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

// A stand-in for a built site: the server only needs 404.html.
let dir = "";
let dist = "";
let origin = "";
let app: ReturnType<typeof createApp>;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), "eg-vitals-"));
  dist = join(dir, "dist");
  mkdirSync(dist);
  writeFileSync(join(dist, "404.html"), "<!DOCTYPE html><title>404</title>");
  app = createApp({
    dist,
    dataFile: join(dir, "data", "enquiries.jsonl"),
    vitalsRateLimit: { max: 6, windowMs: 60_000 },
  });
  await new Promise<void>((done) => app.listen(0, "127.0.0.1", done));
  origin = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
});

after(async () => {
  app.closeAllConnections();
  await new Promise((done) => app.close(done));
  await app.drain(1000);
  rmSync(dir, { recursive: true, force: true });
});

const stored = () => app.vitals.reports();

const send = (to: string, body: string, type = "text/plain;charset=UTF-8") =>
  fetch(`${to}/api/vitals`, { method: "POST", headers: { "Content-Type": type }, body });

const report = {
  route: "/about",
  device: "phone",
  metrics: [{ name: "LCP", value: 900, rating: "good" }],
};

test("a report is stored as one row with the time received and nothing else; 204 once committed", async () => {
  const res = await send(origin, JSON.stringify(report));
  assert.equal(res.status, 204);
  // Answered only after the commit: a read right after the answer sees it.
  const rows = await stored();
  assert.equal(rows.length, 1);
  const { receivedAt, ...rest } = rows[0];
  assert.ok(Math.abs(Date.parse(receivedAt) - Date.now()) < 10_000);
  assert.deepEqual(rest, report, "no address, user agent or identifier");
});

test("refused with a reason and nothing stored: malformed, wrong type, too large, wrong method", async () => {
  const before = (await stored()).length;
  const bad = await send(origin, JSON.stringify({ ...report, route: "/wp-admin" }));
  assert.equal(bad.status, 400);
  assert.match(((await bad.json()) as { error: string }).error, /route/);
  assert.equal((await send(origin, "not json")).status, 400);
  assert.equal(
    (await send(origin, JSON.stringify(report), "application/x-www-form-urlencoded")).status,
    415,
  );
  const big = await send(origin, JSON.stringify({ ...report, pad: "x".repeat(4000) }));
  assert.equal(big.status, 413);
  const get = await fetch(`${origin}/api/vitals`);
  assert.equal(get.status, 405);
  assert.equal(get.headers.get("allow"), "POST");
  assert.equal((await stored()).length, before);
});

test("over the rate limit: 429 with Retry-After, nothing stored", async () => {
  // The limit here is 6 per client; the tests before used four of them.
  let res: Response | undefined;
  for (let i = 0; i < 5; i++) res = await send(origin, JSON.stringify(report));
  assert.equal(res!.status, 429);
  assert.ok(Number(res!.headers.get("retry-after")) >= 1);
  assert.ok((await stored()).length <= 3);
});

test("a value's bucket: at most 12.5% wide; every threshold is a bound", () => {
  assert.equal(bucketOf(0), 0);
  assert.equal(bucketOf(0.0004), 0.001);
  assert.equal(bucketOf(2417), 2500);
  assert.equal(bucketOf(2500), 2500);
  assert.equal(bucketOf(2500.0001), 2800);
  assert.equal(bucketOf(123.4), 130);
  assert.equal(bucketOf(0.1), 0.1);
  assert.equal(bucketOf(0.10001), 0.11);
  assert.equal(bucketOf(0.25), 0.25);
  assert.equal(bucketOf(999.5), 1000);
  assert.equal(bucketOf(1000), 1000);
  assert.equal(bucketOf(120_000), 120_000);
  for (const t of [2500, 4000, 200, 500, 0.1, 0.25, 1800, 3000, 800])
    assert.equal(bucketOf(t), t, String(t));
  for (let v = 0.0011; v < 200_000; v *= 1.0137) {
    const b = bucketOf(v);
    assert.ok(b >= v && b <= v * 1.125 + 1e-12, `${v} -> ${b}`);
  }
});

const { engines, freshDir } = testEngines();

/** A store on a migrated database; closed by the caller. */
async function open(config: DatabaseConfig) {
  const database = openDatabase(config);
  await migrate(database.db);
  return { ...database, store: new VitalsStore(database.db, database.engine) };
}

/** `npm run vitals` on that database. */
const vitalsTool = (config: DatabaseConfig, args: string[] = []) =>
  run(process.execPath, ["--import", "tsx", "scripts/vitals.ts", ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: config.dataDir, DATABASE_URL: config.databaseUrl ?? "" },
  });

const DAY = 24 * 3600_000;
const lcp = (at: Date, value: number, route = "/about"): StoredVitals => ({
  receivedAt: at.toISOString(),
  route,
  device: "phone",
  metrics: [{ name: "LCP", value, rating: "good" }],
});

/** Every row of the tables, to compare before and after. */
async function tables(database: Awaited<ReturnType<typeof open>>) {
  const { db } = database;
  const order = (rows: object[]) => rows.map((r) => JSON.stringify(r)).sort();
  return {
    vitals: order(await db.selectFrom("vitals").selectAll().execute()),
    daily: order(
      (await db.selectFrom("vitalsDaily").selectAll().execute()).map((r) => ({
        ...r,
        bucket: Number(r.bucket),
      })),
    ),
    views: order(await db.selectFrom("vitalsDailyViews").selectAll().execute()),
  };
}

for (const engine of engines)
  describe(engine.name, { skip: engine.skip }, () => {
    test("POSTed reports, then npm run vitals prints them (table and CSV)", async () => {
      const config = await engine.fresh();
      const server = createApp({
        dist,
        dataFile: join(config.dataDir, "enquiries.jsonl"),
        vitalsRateLimit: null,
        ...config,
      });
      await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
      const to = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      try {
        // LCP good <= 2500, poor > 4000: 2 good, 1 needs improvement, 1 poor.
        for (const value of [1000, 2500, 3000, 5000]) {
          const metrics = [{ name: "LCP", value, rating: "good" }];
          const res = await send(to, JSON.stringify({ ...report, metrics }));
          assert.equal(res.status, 204);
        }
        const cls = [{ name: "CLS", value: 0.3, rating: "poor" }];
        const res = await send(
          to,
          JSON.stringify({ route: "/", device: "desktop", connection: "4g", metrics: cls }),
        );
        assert.equal(res.status, 204);
      } finally {
        server.closeAllConnections();
        await new Promise((done) => server.close(done));
        await server.drain(1000);
      }
      const { stdout } = await vitalsTool(config);
      const where = config.databaseUrl
        ? `postgres://postgres@127.0.0.1:\\d+/eastgate_\\d+`
        : ".*eastgate\\.db";
      assert.match(
        stdout,
        new RegExp(`^5 page views reported in ${where}; the last 28 days, per route and metric:`),
      );
      assert.match(stdout, /^\/about\s+LCP\s+3000 ms\s+50%\s+25%\s+25%\s+4$/m);
      assert.match(stdout, /^\/\s+CLS\s+0\.300\s+0%\s+0%\s+100%\s+1$/m);
      const csv = (await vitalsTool(config, ["--csv"])).stdout;
      assert.equal(
        csv,
        "\uFEFFroute,metric,p75,good,needs_improvement,poor,count\r\n/,CLS,0.3,0.000,0.000,1.000,1\r\n/about,LCP,3000,0.500,0.250,0.250,4\r\n",
      );
    });

    test("retention: reports past 28 days are rolled up by day and deleted; the report still counts them; twice changes nothing", async () => {
      const database = await open(await engine.fresh());
      const { store } = database;
      const now = new Date("2026-03-31T12:00:00Z");
      const old = new Date(now.getTime() - 30 * DAY); // 2026-03-01T12:00Z
      const older = new Date(now.getTime() - 29.5 * DAY); // 2026-03-02T00:00Z
      try {
        await Promise.all([
          ...[1000, 2500, 3000, 5000].map((v) => store.append(lcp(old, v))),
          store.append({
            receivedAt: older.toISOString(),
            route: "/",
            connection: "3g",
            device: "desktop",
            metrics: [
              { name: "TTFB", value: 123.4, rating: "good" },
              { name: "CLS", value: 0.05, rating: "good" },
            ],
          }),
          store.append(lcp(new Date(now.getTime() - DAY), 900)),
          // 28 days and an hour: still in the day the roll-up keeps whole.
          store.append(lcp(new Date(now.getTime() - 28 * DAY - 3600_000), 1200)),
        ]);
        assert.equal(keptFrom(now), "2026-03-03T00:00:00.000Z");
        // A day when the old reports were in the window: the numbers before the roll-up.
        const then = new Date(now.getTime() - 29 * DAY);
        const [thenBefore, nowBefore] = [await store.summary(then), await store.summary(now)];
        assert.equal(thenBefore.find((r) => r.metric === "LCP")?.count, 4);
        const rows = await tables(database);
        assert.equal(rows.vitals.length, 7);

        const first = await store.rollUp(now);
        assert.deepEqual(first, { reports: 5, days: 2, before: "2026-03-03T00:00:00.000Z" });
        const after = await tables(database);
        assert.equal(after.vitals.length, 2, "the old reports are gone");
        assert.equal(after.daily.length, 6, "four LCP buckets, one TTFB, one CLS");
        assert.equal(after.views.length, 2);
        assert.equal(await store.views(), 7, "every page view still counted");

        // Today's report: unchanged (nothing in its window was rolled up).
        assert.deepEqual(await store.summary(now), nowBefore);
        // Then's: the same counts and shares; p75 from the histogram, the bound of its bucket.
        const thenAfter = await store.summary(then);
        assert.deepEqual(
          thenAfter,
          thenBefore.map((row) => ({
            ...row,
            p75: bucketOf(row.p75),
            estimated: true,
          })),
        );
        const ttfb = thenAfter.find((r) => r.metric === "TTFB")!;
        assert.equal(ttfb.p75, 130, "123.4 ms is in the bucket up to 130 ms");
        // Shown as the bound it is; the CSV keeps a number.
        assert.match(formatVitals(thenAfter), /^\/about\s+LCP\s+≤3000 ms\s+50%\s+25%\s+25%\s+4$/m);
        assert.match(vitalsCsv(thenAfter), /\r\n\/,TTFB,130,1\.000,0\.000,0\.000,1\r\n/);

        // Again, at the same time or a bit later the same day: nothing moves, nothing doubles.
        assert.deepEqual(await store.rollUp(now), { ...first, reports: 0, days: 0 });
        assert.deepEqual(await store.rollUp(new Date(now.getTime() + 3600_000)), {
          ...first,
          reports: 0,
          days: 0,
        });
        assert.deepEqual(await tables(database), after);
        assert.deepEqual(await store.summary(then), thenAfter);

        // A report for a day already rolled up (a server whose clock was behind) adds to it.
        await store.append(lcp(new Date(old.getTime() + 3600_000), 1000));
        assert.equal((await store.rollUp(now)).reports, 1);
        const lcpThen = (await store.summary(then)).find((r) => r.metric === "LCP")!;
        assert.equal(lcpThen.count, 5);
        assert.equal(lcpThen.good, 3 / 5);
      } finally {
        await database.close();
      }
    });

    test("two processes rolling up at once count each report once", async () => {
      const config = await engine.fresh();
      const database = await open(config);
      const now = new Date("2026-03-31T12:00:00Z");
      const reports = Array.from({ length: 3000 }, (_, i) =>
        lcp(new Date(now.getTime() - (30 + (i % 3)) * DAY + i * 1000), 100 + (i % 400) * 10),
      );
      try {
        await Promise.all(reports.map((r) => database.store.append(r)));
      } finally {
        await database.close();
      }
      const child = `
        const { openDatabase } = await import(${JSON.stringify(join(root, "server/db/index.ts"))});
        const { VitalsStore } = await import(${JSON.stringify(join(root, "server/vitals/store.ts"))});
        const database = openDatabase(JSON.parse(process.env.DB_CONFIG));
        const store = new VitalsStore(database.db, database.engine);
        const result = await store.rollUp(new Date(process.env.NOW));
        await database.close();
        console.log(JSON.stringify(result));
      `;
      const rollUp = () =>
        run(process.execPath, ["--import", "tsx", "--input-type=module", "-e", child], {
          cwd: root,
          env: { ...process.env, DB_CONFIG: JSON.stringify(config), NOW: now.toISOString() },
        }).then(({ stdout }) => (JSON.parse(stdout) as { reports: number }).reports);
      const counts = await Promise.all([rollUp(), rollUp()]);
      assert.equal(counts[0] + counts[1], 3000, `rolled up ${counts.join(" + ")}`);
      const again = await open(config);
      try {
        const { daily, vitals } = await tables(again);
        assert.equal(vitals.length, 0);
        const counted = daily.reduce(
          (sum, row) => sum + (JSON.parse(row) as { count: number }).count,
          0,
        );
        assert.equal(counted, 3000);
        assert.equal(await again.store.views(), 3000);
      } finally {
        await again.close();
      }
    });

    test("an old vitals.jsonl is imported once, even when a crash came before the rename", async () => {
      const database = await open(await engine.fresh());
      const { store } = database;
      const folder = freshDir();
      mkdirSync(folder, { recursive: true });
      const file = join(folder, "vitals.jsonl");
      const now = new Date();
      // As the earlier server wrote them: one JSON line per report, with its time received.
      const lines: StoredVitals[] = [
        { ...lcp(new Date(now.getTime() - 40 * DAY), 2000), connection: "4g" },
        lcp(new Date(now.getTime() - 2 * DAY), 2600, "/"),
        {
          receivedAt: new Date(now.getTime() - DAY).toISOString(),
          route: "/about",
          device: "tablet",
          metrics: [
            { name: "LCP", value: 1800, rating: "good" },
            { name: "INP", value: 250, rating: "needs-improvement" },
          ],
        },
      ];
      const text = `${lines.map((l) => JSON.stringify(l)).join("\n")}\n{"receivedAt":"2026-`;
      try {
        writeFileSync(file, text);
        assert.deepEqual(await importVitalsFile(store, file), {
          read: 3,
          added: 3,
          file,
          aside: `${file}.imported`,
        });
        assert.ok(!existsSync(file));
        assert.deepEqual(await store.reports(), lines);
        assert.equal(await importVitalsFile(store, file), undefined, "nothing left to import");
        // The 40-day-old one is rolled up, as the server does right after importing.
        assert.equal((await store.rollUp(now)).reports, 1);
        const before = await tables(database);
        // A crash between the import's commit and the rename: the same file at the next start.
        copyFileSync(`${file}.imported`, file);
        assert.deepEqual(await importVitalsFile(store, file), {
          read: 3,
          added: 0,
          file,
          aside: `${file}.imported.2`,
        });
        assert.deepEqual(await tables(database), before, "nothing added, not even rolled up");
        assert.equal(await store.views(), 3);
      } finally {
        await database.close();
      }
    });
  });

test("a server started on an earlier version's data folder imports its vitals.jsonl once; npm run db -- import does it by hand", async () => {
  const folder = freshDir();
  mkdirSync(folder);
  const file = join(folder, "vitals.jsonl");
  const now = Date.now();
  const old = [
    lcp(new Date(now - 3 * DAY), 2000),
    lcp(new Date(now - 2 * DAY), 3000),
    // Past the 28 days: rolled up right after the import.
    lcp(new Date(now - 35 * DAY), 1000),
  ];
  writeFileSync(file, old.map((r) => `${JSON.stringify(r)}\n`).join(""));
  const env = { DATA_DIR: folder, DATABASE_URL: "", VITALS: "on" };
  const start = async () => {
    const server = await spawnServer(dist, env);
    for (let i = 0; (await fetch(`${server.origin}/readyz`)).status !== 200; i++) {
      assert.ok(i < 400, `not ready: ${server.output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    kill(server.child, "SIGTERM");
    assert.equal(await server.exited, 0);
    return server.output;
  };
  const first = await start();
  assert.match(
    first,
    /Imported 3 of 3 Web Vitals reports from .*vitals\.jsonl into .*eastgate\.db; the file is kept as .*vitals\.jsonl\.imported/,
  );
  assert.match(first, /Web Vitals: POST \/api\/vitals -> .*eastgate\.db/);
  assert.match(first, /Web Vitals: 1 reports received before .* rolled up into 1 days' histograms/);
  assert.ok(!existsSync(file) && existsSync(`${file}.imported`), "the file is set aside");
  assert.doesNotMatch(await start(), /Imported|rolled up/, "imported and rolled up once");
  const { stdout } = await vitalsTool({ dataDir: folder });
  assert.match(stdout, /^3 page views reported in .*eastgate\.db;/);
  assert.match(stdout, /^\/about\s+LCP\s+3000 ms\s+50%\s+50%\s+0%\s+2$/m);

  // By hand, from another folder: both old files at once.
  const other = freshDir();
  mkdirSync(other);
  writeFileSync(join(other, "vitals.jsonl"), `${JSON.stringify(lcp(new Date(now - DAY), 500))}\n`);
  const db = (args: string[]) =>
    run(process.execPath, ["--import", "tsx", "scripts/db.ts", ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: folder, DATABASE_URL: "" },
    });
  assert.match(
    (await db(["import", other])).stdout,
    /Imported 1 of 1 Web Vitals reports from .*vitals\.jsonl/,
  );
  assert.ok(existsSync(join(other, "vitals.jsonl.imported")));
  assert.match((await vitalsTool({ dataDir: folder })).stdout, /^4 page views reported/);
});
