import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { createApp } from "../../server/app";
import { migrate, openDatabase, SQLITE_FILE, type DatabaseConfig } from "../../server/db";
import { importEnquiryFile } from "../../server/db/import";
import { migrationProvider } from "../../server/db/migrations";
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { EventSchedule } from "../../server/events/schedule";
import { EnquiryStore, type Enquiry } from "../../server/enquiries/store";
import { testEngines } from "./engines";
import { kill, spawnServer } from "./process";

const root = resolve(import.meta.dirname, "../..");
let dir = "";
let dist = "";

before(() => {
  dir = mkdtempSync(join(tmpdir(), "eg-db-"));
  dist = join(dir, "dist");
  mkdirSync(dist);
  writeFileSync(join(dist, "404.html"), "<!DOCTYPE html><title>Page not found</title>");
});
after(() => rmSync(dir, { recursive: true, force: true }));

const { engines, freshDir } = testEngines();

const enquiry = (n: number, extra: Partial<Enquiry> = {}): Enquiry => ({
  id: `enquiry-${n}`,
  receivedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
  form: "enquiry",
  fullName: `Student ${n}`,
  email: `student${n}@example.com`,
  message: `Line one\nالسطر الثاني ${n}`,
  ...extra,
});

/** A store on a migrated database; closed by the caller. */
async function open(config: DatabaseConfig) {
  const database = openDatabase(config);
  await migrate(database.db);
  return { ...database, store: new EnquiryStore(database.db) };
}

for (const engine of engines)
  describe(engine.name, { skip: engine.skip }, () => {
    test("migrations: all applied to a new database; applied again, nothing changes", async () => {
      const config = await engine.fresh();
      const database = openDatabase(config);
      try {
        const all = Object.keys(await migrationProvider.getMigrations());
        for (const name of ["0001_enquiries", "0002_reservations", "0003_vitals"])
          assert.ok(all.includes(name), name);
        assert.deepEqual(await migrate(database.db), all);
        const tables = async () =>
          (await database.db.introspection.getTables()).map((t) => ({
            name: t.name,
            columns: t.columns.map((c) => c.name).sort(),
          }));
        const schema = await tables();
        for (const table of ["enquiries", "reservations", "reservation_versions"])
          assert.ok(
            schema.some((t) => t.name === table),
            table,
          );
        assert.deepEqual(await migrate(database.db), []);
        assert.deepEqual(await tables(), schema);
      } finally {
        await database.close();
      }
      // Another process starting on it applies nothing either.
      const again = openDatabase(config);
      try {
        assert.deepEqual(await migrate(again.db), []);
      } finally {
        await again.close();
      }
    });

    test("0006_campaigns on a database with enquiries and bookings: they read back as they were, with no campaign", async () => {
      const config = await engine.fresh();
      const database = openDatabase(config);
      try {
        const before = new Migrator({ db: database.db, provider: migrationProvider });
        const { error } = await before.migrateTo("0005_deliveries");
        assert.equal(error, undefined);
        const old = enquiry(1, { lang: "ar" });
        await sql`insert into enquiries (id, received_at, form, lang, idempotency_key, fields) values (${old.id}, ${old.receivedAt}, ${old.form}, 'ar', null, ${JSON.stringify({ fullName: old.fullName, email: old.email, message: old.message })})`.execute(
          database.db,
        );
        // 0006 first, then any later ones (0007_limits_heartbeats, 0008_secrets), which touch other tables.
        assert.equal((await migrate(database.db))[0], "0006_campaigns");
        const store = new EnquiryStore(database.db);
        assert.deepEqual(await store.all(), [old]);
        const withCampaign = enquiry(2, { campaign: "uk-september-2027" });
        await store.append(withCampaign);
        assert.deepEqual(await store.all(), [old, withCampaign]);
      } finally {
        await database.close();
      }
    });

    test("an enquiry reads back as it was stored", async () => {
      const { store, close } = await open(await engine.fresh());
      try {
        const withAll = enquiry(1, {
          lang: "ar",
          idempotencyKey: "key-0001-abcdef",
          campaign: "uk-september-2027",
        });
        assert.equal(await store.append(withAll), withAll.id);
        await store.append(enquiry(2));
        assert.deepEqual(await store.all(), [withAll, enquiry(2)]);
        assert.equal(await store.idFor("key-0001-abcdef"), withAll.id);
        assert.equal(await store.idFor("key-unknown-123"), undefined);
      } finally {
        await close();
      }
    });

    test("the same key twice at once, from two connections: one row, both given its id", async () => {
      const config = await engine.fresh();
      const [a, b] = [await open(config), await open(config)];
      try {
        const key = "0b7c6a52-1f7e-4a57-9a9a-3f1f6d0c2b11";
        const ids = await Promise.all([
          a.store.append(enquiry(1, { idempotencyKey: key })),
          b.store.append(enquiry(2, { idempotencyKey: key })),
          a.store.append(enquiry(3, { idempotencyKey: key })),
        ]);
        const stored = await a.store.all();
        assert.equal(stored.length, 1);
        assert.deepEqual(ids, [stored[0].id, stored[0].id, stored[0].id]);
      } finally {
        await a.close();
        await b.close();
      }
    });

    test("100 appends at once: each committed when it resolves, all listed after a reopen", async () => {
      const config = await engine.fresh();
      const first = await open(config);
      const batch = Array.from({ length: 100 }, (_, i) => enquiry(i));
      try {
        const ids = await Promise.all(batch.map((e) => first.store.append(e)));
        assert.deepEqual(
          ids,
          batch.map((e) => e.id),
        );
      } finally {
        await first.close();
      }
      const reopened = await open(config);
      try {
        assert.deepEqual(await reopened.store.all(), batch);
      } finally {
        await reopened.close();
      }
    });

    test("an old enquiries.jsonl is imported once (by id) and set aside", async () => {
      const { store, close } = await open(await engine.fresh());
      const folder = freshDir();
      mkdirSync(folder, { recursive: true });
      const file = join(folder, "enquiries.jsonl");
      const lines = (list: Enquiry[]) => list.map((e) => `${JSON.stringify(e)}\n`).join("");
      const old = [enquiry(1, { idempotencyKey: "old-key-0001" }), enquiry(2, { lang: "zh" })];
      try {
        // The last line cut short by a crash, as the old server could leave it.
        writeFileSync(file, `${lines(old)}{"id":"cut-sh`);
        assert.deepEqual(await importEnquiryFile(store, file), {
          read: 2,
          added: 2,
          file,
          aside: `${file}.imported`,
        });
        assert.ok(!existsSync(file));
        assert.deepEqual(await store.all(), old);
        assert.equal(await store.idFor("old-key-0001"), "enquiry-1");
        assert.equal(await importEnquiryFile(store, file), undefined, "nothing left to import");
        // The same file again (a copy restored by hand) with one more: only that one is new.
        writeFileSync(file, lines([...old, enquiry(3)]));
        assert.deepEqual(await importEnquiryFile(store, file), {
          read: 3,
          added: 1,
          file,
          aside: `${file}.imported.2`,
        });
        assert.equal((await store.all()).length, 3);
      } finally {
        await close();
      }
    });

    test("two processes' schedules on one database: an event moved in the file is announced by one of them, once; a staff cancellation by either stands for both", async () => {
      const config = await engine.fresh();
      const events = join(config.dataDir, "events.yaml");
      mkdirSync(config.dataDir, { recursive: true });
      const write = (start: string) =>
        writeFileSync(
          events,
          `events:
  - slug: open-day
    title: Open day
    kind: open-day
    start: "${start}"
    minutes: 120
    language: en
    capacity: 10
    where: office
    host: Advisers
    summary: Meet us.
    body: [Come and meet us.]
    registrationCloses: "2031-06-01T10:00"
`,
        );
      write("2031-06-03T10:00");
      const databases = [openDatabase(config), openDatabase(config)];
      try {
        await migrate(databases[0].db);
        const schedules = databases.map((d) => new EventSchedule(events, d));
        // Both at once on PostgreSQL. SQLite's busy wait blocks the process it waits in, so two
        // connections of one process take turns (two processes wait for each other as they should).
        const both = <T>(act: (s: EventSchedule) => Promise<T>) =>
          engine.name === "SQLite"
            ? schedules.reduce<Promise<T[]>>(
                async (done, s) => [...(await done), await act(s)],
                Promise.resolve([]),
              )
            : Promise.all(schedules.map(act));
        assert.deepEqual(
          await both((s) => s.refresh()),
          [[], []],
          "a new event is recorded, not announced",
        );
        write("2031-06-04T10:00");
        const changed = await both((s) => s.refresh());
        assert.deepEqual(changed.flat(), ["open-day"], "announced once");
        await schedules[0].refresh();
        for (const s of schedules) assert.equal(s.get("open-day")?.sequence, 1);
        assert.deepEqual(
          (await both((s) => s.cancel("open-day"))).sort(),
          [false, true],
          "cancelled once",
        );
        await schedules[1].refresh();
        assert.equal(schedules[1].get("open-day")?.cancelled, true);
        assert.equal(schedules[1].get("open-day")?.sequence, 2);
      } finally {
        await Promise.all(databases.map((d) => d.close()));
      }
    });

    test("two servers on one database: the same Idempotency-Key at both stores one enquiry", async () => {
      const config = await engine.fresh();
      const serve = async () => {
        const app = createApp({
          dist,
          dataFile: join(config.dataDir, "enquiries.jsonl"),
          ...config,
        });
        await new Promise<void>((done) => app.listen(0, "127.0.0.1", done));
        await app.ready;
        return app;
      };
      const apps = [await serve(), await serve()];
      const post = (app: (typeof apps)[number], key: string) =>
        fetch(`http://127.0.0.1:${(app.address() as AddressInfo).port}/api/enquiry`, {
          method: "POST",
          headers: {
            Accept: "application/json",
            "Content-Type": "application/x-www-form-urlencoded",
            "Idempotency-Key": key,
          },
          body: new URLSearchParams({
            form: "consultation",
            name: "Ada",
            email: "a@b.co",
            message: "Hi",
          }),
        }).then(async (r) => {
          assert.equal(r.status, 200);
          return ((await r.json()) as { id: string }).id;
        });
      try {
        const keys = Array.from({ length: 10 }, (_, i) => `shared-key-${i}-abcdef`);
        const ids = await Promise.all(keys.flatMap((key) => apps.map((app) => post(app, key))));
        for (let i = 0; i < keys.length; i++) assert.equal(ids[2 * i], ids[2 * i + 1]);
        const stored = await apps[1].enquiries.all();
        assert.equal(stored.length, 10);
        assert.deepEqual(new Set(stored.map((e) => e.id)), new Set(ids));
      } finally {
        for (const app of apps) {
          app.closeAllConnections();
          await new Promise((done) => app.close(done));
          await app.drain(1000);
        }
      }
    });
  });

test("SQLite: npm run db -- backup copies the database while it is open; the copy restores", async () => {
  const dataDir = freshDir();
  const { store, close } = await open({ dataDir });
  const backup = join(dir, "backup.db");
  try {
    for (let i = 0; i < 5; i++) await store.append(enquiry(i));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "scripts/db.ts", "backup", backup],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" } },
    );
    assert.match(stdout, /Backed up .*eastgate\.db to .*backup\.db/);
    await store.append(enquiry(5)); // after the backup: not in it
  } finally {
    await close();
  }
  // Restore: the copy put in place as a data folder's database file.
  const restored = freshDir();
  mkdirSync(restored);
  copyFileSync(backup, join(restored, SQLITE_FILE));
  const copy = await open({ dataDir: restored });
  try {
    assert.deepEqual(
      await copy.store.all(),
      Array.from({ length: 5 }, (_, i) => enquiry(i)),
    );
  } finally {
    await copy.close();
  }
});

test("npm run db -- import DIR moves an old enquiries.jsonl in; backup on PostgreSQL points to pg_dump", async () => {
  const dataDir = freshDir();
  const old = join(dir, "old-data");
  mkdirSync(old);
  writeFileSync(join(old, "enquiries.jsonl"), `${JSON.stringify(enquiry(1))}\n`);
  const db = (args: string[], env: Record<string, string>) =>
    promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/db.ts", ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: "", ...env },
    });
  const { stdout } = await db(["import", old], { DATA_DIR: dataDir });
  assert.match(stdout, /Imported 1 of 1 enquiries/);
  assert.ok(existsSync(join(old, "enquiries.jsonl.imported")));
  const { store, close } = await open({ dataDir });
  try {
    assert.deepEqual(await store.all(), [enquiry(1)]);
  } finally {
    await close();
  }
  await assert.rejects(
    db(["backup", join(dir, "pg.sql")], { DATABASE_URL: "postgres://u@127.0.0.1:1/x" }),
    (error: { stderr: string; code: number }) => error.code === 2 && /pg_dump/.test(error.stderr),
  );
});

test("a server started on an earlier version's data folder imports its enquiries once; the staff tool lists them", async () => {
  const folder = freshDir();
  mkdirSync(folder);
  const file = join(folder, "enquiries.jsonl");
  const old = [enquiry(1), enquiry(2, { idempotencyKey: "old-key-0002" })];
  writeFileSync(file, old.map((e) => `${JSON.stringify(e)}\n`).join(""));
  const env = { ENQUIRY_DATA_FILE: file, DATABASE_URL: "" };
  const start = async () => {
    const server = await spawnServer(dist, env);
    // Ready: migrated, imported, pending work resumed.
    for (let i = 0; (await fetch(`${server.origin}/readyz`)).status !== 200; i++) {
      assert.ok(i < 400, `not ready: ${server.output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    kill(server.child, "SIGTERM");
    assert.equal(await server.exited, 0);
    return server.output;
  };
  const first = await start();
  assert.match(first, /Imported 2 of 2 enquiries from .*enquiries\.jsonl into .*eastgate\.db/);
  assert.ok(!existsSync(file) && existsSync(`${file}.imported`), "the file is set aside");
  assert.doesNotMatch(await start(), /Imported/, "imported once");
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "scripts/enquiries.ts", "--all"],
    { cwd: root, env: { ...process.env, ...env } },
  );
  assert.match(stdout, /^2 enquiries in .*eastgate\.db\./);
  for (const e of old) assert.match(stdout, new RegExp(`Student ${e.id.split("-")[1]} <`));
});
