import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { signLink } from "../../server/reservations/token";
import { SQLITE_FILE } from "../../server/db";
import { eventsFile } from "./eventsFile";
import { kill, spawnServer, until } from "./process";
import { postgresTool, postgresUnavailable, startPostgres } from "./postgres";
import { testSmtp, type TestSmtp } from "./smtp";

// A backup restored into a fresh data folder or database, as an operator does after losing a
// machine: every manage link already e-mailed still opens, because the key that signs them is
// kept in the database (it was a file beside it, which a restore could leave behind).

const run = promisify(execFile);
const root = resolve(import.meta.dirname, "../..");
const noPostgres = postgresUnavailable();
let dir = "";
let dist = "";
let postgres: Awaited<ReturnType<typeof startPostgres>> | undefined;
let smtp: TestSmtp;

before(async () => {
  smtp = testSmtp();
  await smtp.listen();
  dir = mkdtempSync(join(tmpdir(), "eg-restore-"));
  dist = join(dir, "dist");
  mkdirSync(dist);
  writeFileSync(join(dist, "404.html"), "<!DOCTYPE html><title>Page not found</title>");
  if (!noPostgres) postgres = await startPostgres();
});
after(async () => {
  await smtp.close();
  await postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
});

let serial = 0;

const post = (origin: string, path: string, fields: Record<string, string>) =>
  fetch(`${origin}${path}`, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });

/** A server process without BOOKING_SECRET (the key is the database's), once ready. */
async function serve(env: Record<string, string>) {
  const server = await spawnServer(dist, { BOOKING_SECRET: "", ...env });
  await until(
    async () => (await fetch(`${server.origin}/readyz`).catch(() => undefined))?.status === 200,
    30_000,
    () => server.output,
  );
  return {
    ...server,
    /** GET a link's path and query on this server. */
    open: async (link: string) => {
      const url = new URL(link);
      return (await fetch(`${server.origin}${url.pathname}${url.search}`)).status;
    },
    async stop() {
      kill(server.child, "SIGTERM");
      assert.equal(await server.exited, 0, server.output);
    },
  };
}

/** The manage link e-mailed to `address`. */
const linkTo = (address: string, path: string) =>
  until(
    () =>
      smtp.received
        .filter((m) => m.to.includes(address))
        .map((m) => new RegExp(`https?://\\S+${path}\\?[\\w=&;-]+`).exec(m.text)?.[0])
        .find(Boolean)
        ?.replaceAll("&amp;", "&"),
    20_000,
    () => `a link to ${path} e-mailed to ${address}`,
  );

/** A booking and an event registration made on `server` (e-mailing): their manage links, as e-mailed. */
async function leads(server: Awaited<ReturnType<typeof serve>>, n: number) {
  const { slots } = (await (
    await fetch(`${server.origin}/api/booking/slots?mode=video`)
  ).json()) as {
    slots: { start: string; free: number }[];
  };
  const slot = slots.find((s) => s.free > 0);
  assert.ok(slot, "a free slot");
  const [ada, kofi] = [`ada${n}@example.com`, `kofi${n}@example.com`];
  const booked = await post(server.origin, "/api/booking", {
    form: "booking",
    mode: "video",
    start: slot.start,
    zone: "Africa/Lagos",
    fullName: "Ada Student",
    email: ada,
    phone: "+234 803 123 4567",
    country: "Nigeria",
    interest: "Taught Masters",
  });
  assert.equal(booked.status, 201, await booked.clone().text());
  const registered = await post(server.origin, "/api/events/register", {
    event: "open-day",
    fullName: "Kofi Student",
    email: kofi,
    country: "Ghana",
  });
  assert.equal(registered.status, 200, await registered.clone().text());
  const links = {
    booking: await linkTo(ada, "/book/manage"),
    registration: await linkTo(kofi, "/events/manage"),
  };
  for (const link of Object.values(links))
    assert.equal(await server.open(link), 200, `${link} opens before the backup`);
  return links;
}

describe("SQLite: npm run db -- backup, restored into a new data folder", () => {
  for (const from of ["a key made by the server", "an earlier version's booking-secret file"])
    test(`every manage link still opens (${from})`, async () => {
      const folder = mkdtempSync(join(dir, "sqlite-"));
      const [before, after] = [join(folder, "before"), join(folder, "after")];
      const EVENTS_FILE = eventsFile(folder, 10);
      const legacyKey = "ab".repeat(32);
      if (from.includes("file")) {
        mkdirSync(before);
        writeFileSync(join(before, "booking-secret"), `${legacyKey}\n`, { mode: 0o600 });
      }
      const first = await serve({
        DATA_DIR: before,
        DATABASE_URL: "",
        EVENTS_FILE,
        SMTP_URL: smtp.url,
      });
      let links;
      try {
        links = await leads(first, serial++);
        if (from.includes("file")) {
          const { searchParams } = new URL(links.booking);
          assert.equal(
            searchParams.get("t"),
            signLink(Buffer.from(legacyKey, "hex"), "booking", searchParams.get("b")!),
            "links e-mailed before the upgrade keep their key",
          );
        }
        const backup = join(folder, "eastgate-backup.db");
        await run(process.execPath, ["--import", "tsx", "scripts/db.ts", "backup", backup], {
          cwd: root,
          env: { ...process.env, DATA_DIR: before, DATABASE_URL: "" },
        });
        mkdirSync(after);
        copyFileSync(backup, join(after, SQLITE_FILE));
      } finally {
        await first.stop();
      }
      assert.ok(!existsSync(join(after, "booking-secret")), "nothing restored but the database");
      const restored = await serve({ DATA_DIR: after, DATABASE_URL: "", EVENTS_FILE });
      try {
        assert.equal(await restored.open(links.booking), 200, "the booking's link");
        assert.equal(await restored.open(links.registration), 200, "the registration's");
        // A wrong token still opens nothing (its first character changed, whatever it was).
        const wrong = links.booking.replace(
          /t=(.)/,
          (_, c: string) => `t=${c === "A" ? "B" : "A"}`,
        );
        assert.equal(await restored.open(wrong), 404);
      } finally {
        await restored.stop();
      }
    });
});

describe(
  "PostgreSQL: pg_dump, restored with psql into a new database",
  { skip: noPostgres },
  () => {
    test("every manage link still opens, with new data folders", async () => {
      const folder = mkdtempSync(join(dir, "postgres-"));
      const EVENTS_FILE = eventsFile(folder, 10);
      const [url, restoredUrl] = [
        await postgres!.createDatabase(),
        await postgres!.createDatabase(),
      ];
      const first = await serve({
        DATA_DIR: join(folder, "before"),
        DATABASE_URL: url,
        EVENTS_FILE,
        SMTP_URL: smtp.url,
      });
      const dump = join(folder, "eastgate.sql");
      let links;
      try {
        links = await leads(first, serial++);
        // As backups-and-upgrades.md says, while the server runs.
        await run("sh", ["-c", `"${postgresTool("pg_dump")}" "$DATABASE_URL" > "${dump}"`], {
          env: { ...process.env, DATABASE_URL: url },
        });
      } finally {
        await first.stop();
      }
      await run(
        "sh",
        ["-c", `"${postgresTool("psql")}" -q -v ON_ERROR_STOP=1 "$DATABASE_URL" < "${dump}"`],
        { env: { ...process.env, DATABASE_URL: restoredUrl } },
      );
      const restored = await serve({
        DATA_DIR: join(folder, "after"),
        DATABASE_URL: restoredUrl,
        EVENTS_FILE,
      });
      try {
        assert.equal(await restored.open(links.booking), 200, "the booking's link");
        assert.equal(await restored.open(links.registration), 200, "the registration's");
      } finally {
        await restored.stop();
      }
    });
  },
);
