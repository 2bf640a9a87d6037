import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eventsFile } from "./eventsFile";
import { kill, spawnServer, until } from "./process";
import { testSmtp, type Received } from "./smtp";
import { newSecret, testReceiver } from "./receiver";
import { postgresUnavailable, startPostgres } from "./postgres";
import type { DatabaseConfig } from "../../server/db";
import { sentDeliveries, storedBookings, storedEnquiries, storedRegistrations } from "./stored";

// Several server processes on one database: what a rolling deploy runs for a moment and a
// load-balanced site all the time. Requests go to each process in turn (a round-robin proxy),
// all at once; the places are decided by the database, not by either process's memory.

let dir = "";
let dist = "";
let postgres: Awaited<ReturnType<typeof startPostgres>> | undefined;
const noPostgres = postgresUnavailable();

before(async () => {
  dir = mkdtempSync(join(tmpdir(), "eg-processes-"));
  dist = join(dir, "dist");
  mkdirSync(dist);
  writeFileSync(join(dist, "404.html"), "<!DOCTYPE html><title>Page not found</title>");
  if (!noPostgres) postgres = await startPostgres();
});
after(async () => {
  await postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const post = (origin: string, path: string, fields: Record<string, string>) =>
  fetch(`${origin}${path}`, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });

/** Student i's booking form for a video consultation at `start`. */
const booking = (start: string, i: number) => ({
  form: "booking",
  mode: "video",
  start,
  zone: "Africa/Lagos",
  fullName: `Student ${i}`,
  email: `student${i}@example.com`,
  phone: "+234 803 123 4567",
  country: "Nigeria",
  interest: "Taught Masters",
});

/**
 * A server process, once it answers /readyz (its schema migrated, its events read, what it owed
 * from before queued): what a load balancer waits for before sending it anything.
 */
async function spawnReady(env: Record<string, string>) {
  const server = await spawnServer(dist, env);
  await until(
    async () => (await fetch(`${server.origin}/readyz`).catch(() => undefined))?.status === 200,
    30_000,
    () => `${server.origin} ready; ${server.output}`,
  );
  return server;
}

/** How many times the mail server accepted each Message-ID. */
const countIds = (messages: Received[]) => {
  const byId = new Map<string, number>();
  for (const m of messages) byId.set(m.messageId, (byId.get(m.messageId) ?? 0) + 1);
  return byId;
};

/** Each engine: the environment of N processes sharing one database, and where its data is read. */
const engines = [
  {
    name: "SQLite (one data folder, one file)",
    skip: undefined,
    setup: (folder: string) => {
      const env = { DATA_DIR: folder, DATABASE_URL: "" };
      return Promise.resolve({ envs: [env, env], where: folder });
    },
  },
  {
    name: "PostgreSQL (each process its own data folder)",
    skip: noPostgres && `PostgreSQL tests skipped: ${noPostgres}`,
    setup: async (folder: string) => {
      const url = await postgres!.createDatabase();
      return {
        envs: [1, 2].map((n) => ({ DATA_DIR: join(folder, `process-${n}`), DATABASE_URL: url })),
        where: { dataDir: folder, databaseUrl: url } as string | DatabaseConfig,
      };
    },
  },
];

for (const engine of engines)
  describe(engine.name, { skip: engine.skip }, () => {
    test("two processes, 200 registrations at once for 50 places: exactly 50 confirmed, 150 waiting in one line", async (t) => {
      const folder = join(dir, `events-${engine.name.split(" ")[0]}`);
      const { envs, where } = await engine.setup(folder);
      const EVENTS_FILE = eventsFile(folder, 50);
      const servers = await Promise.all(
        envs.map((env) => spawnReady({ ...env, EVENTS_FILE, BOOKING_SECRET: "k".repeat(40) })),
      );
      try {
        const started = Date.now();
        const answers = await Promise.all(
          Array.from({ length: 200 }, (_, i) =>
            post(servers[i % 2].origin, "/api/events/register", {
              event: "open-day",
              fullName: `Student ${i}`,
              email: `student${i}@example.com`,
              country: "Ghana",
            }).then(async (r) => {
              assert.equal(r.status, 200, await r.clone().text());
              return (await r.json()) as {
                id: string;
                status: "confirmed" | "waiting";
                place?: number;
              };
            }),
          ),
        );
        const took = Date.now() - started;
        const confirmed = answers.filter((a) => a.status === "confirmed");
        const waiting = answers.filter((a) => a.status === "waiting");
        assert.equal(confirmed.length, 50, "exactly the event's 50 places confirmed");
        assert.equal(waiting.length, 150);
        assert.deepEqual(
          waiting.map((a) => a.place).sort((a, b) => a! - b!),
          Array.from({ length: 150 }, (_, i) => i + 1),
          "one waiting list across both processes: places 1 to 150, each once",
        );
        // Each process answers the same places, whichever took them (its own answer may be kept
        // for the 5 s a browser may keep it).
        for (const server of servers)
          await until(
            async () => {
              const places = (await (await fetch(`${server.origin}/api/events/places`)).json()) as {
                events: Record<string, { confirmed: number; waiting: number }>;
              };
              const { confirmed, waiting } = places.events["open-day"];
              return confirmed === 50 && waiting === 150;
            },
            10_000,
            () => `${server.origin} to answer 50 confirmed, 150 waiting`,
          );
        const stored = await storedRegistrations(where);
        assert.equal(stored.length, 200);
        assert.equal(stored.filter((r) => r.state === "confirmed").length, 50);
        t.diagnostic(
          `${engine.name}: 200 registrations through two processes answered in ${took} ms: 50 confirmed, 150 waiting (places 1-150)`,
        );
      } finally {
        for (const server of servers) kill(server.child, "SIGTERM");
        await Promise.all(servers.map((s) => s.exited));
      }
    });

    test("two processes, 100 bookings at once for 10 slots of 2 advisers: exactly 20 booked, none beyond a slot's 2", async (t) => {
      const folder = join(dir, `bookings-${engine.name.split(" ")[0]}`);
      const { envs, where } = await engine.setup(folder);
      const servers = await Promise.all(
        envs.map((env) => spawnReady({ ...env, BOOKING_SECRET: "k".repeat(40) })),
      );
      try {
        const { slots } = (await (
          await fetch(`${servers[0].origin}/api/booking/slots?mode=video`)
        ).json()) as { slots: { start: string }[] };
        const wanted = slots.slice(0, 10).map((s) => s.start);
        const statuses = await Promise.all(
          Array.from({ length: 100 }, (_, i) =>
            post(servers[i % 2].origin, "/api/booking", booking(wanted[i % 10], i)).then(
              (r) => r.status,
            ),
          ),
        );
        assert.equal(statuses.filter((s) => s === 201).length, 20, "20 places, 20 booked");
        assert.equal(
          statuses.filter((s) => s === 409).length,
          80,
          "the rest told the slot is taken",
        );
        const stored = await storedBookings(where);
        assert.equal(stored.length, 20);
        const perSlot = new Map<string, number>();
        for (const b of stored) perSlot.set(b.start, (perSlot.get(b.start) ?? 0) + 1);
        assert.deepEqual([...perSlot.values()], Array(10).fill(2));
        t.diagnostic(`${engine.name}: 100 bookings through two processes: 20 booked, 80 refused`);
      } finally {
        for (const server of servers) kill(server.child, "SIGTERM");
        await Promise.all(servers.map((s) => s.exited));
      }
    });

    test("two processes, one mail server, 200 registrations at once: each registrant e-mailed exactly once", async (t) => {
      const folder = join(dir, `mail-${engine.name.split(" ")[0]}`);
      const { envs } = await engine.setup(folder);
      const EVENTS_FILE = eventsFile(folder, 50);
      const smtp = testSmtp();
      await smtp.listen(0);
      const servers = await Promise.all(
        envs.map((env) =>
          spawnReady({
            ...env,
            EVENTS_FILE,
            BOOKING_SECRET: "k".repeat(40),
            SMTP_URL: smtp.url,
          }),
        ),
      );
      try {
        const started = Date.now();
        await Promise.all(
          Array.from({ length: 200 }, (_, i) =>
            post(servers[i % 2].origin, "/api/events/register", {
              event: "open-day",
              fullName: `Student ${i}`,
              email: `student${i}@example.com`,
              country: "Ghana",
            }).then((r) => assert.equal(r.status, 200)),
          ),
        );
        // Each: its place or its number in line (the reminders wait for their day).
        await smtp.waitFor(200, 60_000);
        const took = Date.now() - started;
        await new Promise((r) => setTimeout(r, 2500)); // a poll of each process: nothing more
        const byId = countIds(smtp.received);
        assert.equal(smtp.received.length, 200, "200 e-mails, no more");
        assert.equal(byId.size, 200);
        const to = new Set(smtp.received.flatMap((m) => m.to));
        assert.equal(to.size, 200, "each registrant once");
        t.diagnostic(
          `${engine.name}: 200 registrations through two processes, 200 e-mails accepted ${took} ms after the first request, each once`,
        );
      } finally {
        for (const server of servers) kill(server.child, "SIGTERM");
        await Promise.all(servers.map((s) => s.exited));
        await smtp.close();
      }
    });

    test("two processes, one SIGKILLed in the middle of a burst of bookings: the other sends every acknowledged booking's e-mails and webhooks, none twice, without a restart", async (t) => {
      const folder = join(dir, `kill-${engine.name.split(" ")[0]}`);
      const { envs, where } = await engine.setup(folder);
      const smtp = testSmtp();
      await smtp.listen(0);
      smtp.state.delayMs = 50; // a mail server taking its time: sends are under way at the kill
      const secret = newSecret();
      const receiver = testReceiver(secret);
      await receiver.listen(0);
      const servers = await Promise.all(
        envs.map((env) =>
          spawnReady({
            ...env,
            BOOKING_SECRET: "k".repeat(40),
            SMTP_URL: smtp.url,
            WEBHOOK_URL: receiver.url,
            WEBHOOK_SECRET: secret,
          }),
        ),
      );
      try {
        const { slots } = (await (
          await fetch(`${servers[0].origin}/api/booking/slots?mode=video`)
        ).json()) as { slots: { start: string }[] };
        const wanted = slots.slice(0, 30).map((s) => s.start); // 30 slots of 2 advisers: 60 places
        const acknowledged: string[] = [];
        const answers = Array.from({ length: 60 }, (_, i) =>
          post(servers[i % 2].origin, "/api/booking", booking(wanted[i % 30], i)).then(
            async (r) => {
              if (r.status === 201) {
                acknowledged.push(((await r.json()) as { booking: { id: string } }).booking.id);
                if (acknowledged.length === 20) servers[0].child.kill("SIGKILL");
              }
              return r.status;
            },
            () => 0, // cut off by the kill: never acknowledged
          ),
        );
        assert.equal(await servers[0].exited, null);
        // The one documented window: a message the mail server accepted from the killed process
        // whose record never followed is sent again (same Message-ID). Only those may repeat.
        const acceptedByTheKill = new Set(smtp.received.map((m) => m.messageId));
        const recorded = new Set(
          (await sentDeliveries(where, "bookings")).map(
            (key) => `<booking-${key.replace("/", ".")}@`,
          ),
        );
        const window = [...acceptedByTheKill].filter(
          (id) => ![...recorded].some((prefix) => id.startsWith(prefix)),
        );
        const hooksAcceptedByTheKill = new Set(receiver.accepted.map((h) => h.id));
        const hooksRecorded = new Set(
          (await sentDeliveries(where, "webhooks")).map((key) => key.split("/")[0]),
        );
        const hooksWindow = [...hooksAcceptedByTheKill].filter((id) => !hooksRecorded.has(id));
        const statuses = await Promise.all(answers);
        const stored = await storedBookings(where);
        const ids = new Set(stored.map((b) => b.id));
        for (const id of acknowledged) assert.ok(ids.has(id), `acknowledged booking ${id} stored`);
        // Every acknowledged booking: the adviser's e-mail and the student's, from the survivor
        // (an answer waits for them to be in the outbox). One stored and cut off before that
        // goes at the next start of any process.
        const expected = acknowledged.flatMap((id) =>
          ["adviser.0", "student.0"].map((mail) => `<booking-${id}.${mail}@`),
        );
        const arrived = () =>
          expected.filter((prefix) => smtp.received.some((m) => m.messageId.startsWith(prefix)));
        await until(
          () => arrived().length === expected.length,
          60_000,
          () => `${arrived().length} of ${expected.length} e-mails arrived`,
        );
        await new Promise((r) => setTimeout(r, 2500)); // a poll of the survivor: nothing more
        const byId = countIds(smtp.received);
        assert.ok(
          [...byId.keys()].every((id) => stored.some((b) => id.startsWith(`<booking-${b.id}.`))),
          "no e-mail but the stored bookings'",
        );
        const twice = [...byId].filter(([, n]) => n > 1).map(([id]) => id);
        for (const id of twice)
          assert.ok(window.includes(id), `${id} sent twice outside the at-least-once window`);
        assert.ok(
          [...byId.values()].every((n) => n <= 2),
          "at most once more, in that window",
        );
        // And each acknowledged booking's webhook, the same way.
        const hooked = () =>
          acknowledged.filter((id) => receiver.accepted.some((h) => h.id.startsWith(`msg_${id}_`)));
        await until(
          () => hooked().length === acknowledged.length,
          60_000,
          () => `${hooked().length} of ${acknowledged.length} bookings' webhooks accepted`,
        );
        const hooksById = new Map<string, number>();
        for (const { id } of receiver.accepted) hooksById.set(id, (hooksById.get(id) ?? 0) + 1);
        const hooksTwice = [...hooksById].filter(([, n]) => n > 1).map(([id]) => id);
        for (const id of hooksTwice)
          assert.ok(hooksWindow.includes(id), `webhook ${id} sent twice outside that window`);
        assert.ok(
          [...hooksById.keys()].every((id) => stored.some((b) => id.startsWith(`msg_${b.id}_`))),
          "no webhook but the stored bookings'",
        );
        t.diagnostic(
          `${engine.name}: webhooks: ${hooksById.size} accepted, ${hooksTwice.length} repeated (in the window: ${hooksWindow.length})`,
        );
        t.diagnostic(
          `${engine.name}: SIGKILL after ${acknowledged.length} of 60 bookings were acknowledged (${statuses.filter((s) => s === 0).length} cut off): ${stored.length} stored, their ${expected.length} e-mails sent by the survivor without a restart; ${twice.length} repeated (accepted by the mail server, not yet recorded, at the kill: ${window.length})`,
        );
      } finally {
        for (const server of servers) kill(server.child, "SIGTERM");
        await Promise.all(servers.map((s) => s.exited));
        await smtp.close();
        await receiver.close();
      }
    });

    test("a rolling restart under load: one process is stopped and started again while 200 registrations and 100 enquiries come in; every one answered once, none lost, the places still exact", async (t) => {
      const folder = join(dir, `rolling-${engine.name.split(" ")[0]}`);
      const { envs, where } = await engine.setup(folder);
      const EVENTS_FILE = eventsFile(folder, 50);
      const start = (n: number) =>
        spawnReady({ ...envs[n], EVENTS_FILE, BOOKING_SECRET: "k".repeat(40) });
      const servers = [await start(0), await start(1)];
      const ready = [true, true];
      const stopped: (number | null)[] = [];
      // The proxy: each request to the next ready process; refused or cut off (the process is
      // stopping), the same request, with the same key, to the other.
      let turn = 0;
      let retried = 0;
      const send = async (path: string, key: string, fields: Record<string, string>) => {
        for (let attempt = 0; ; attempt++) {
          const n = ready[turn++ % 2] ? (turn - 1) % 2 : turn % 2;
          try {
            const r = await fetch(`${servers[n].origin}${path}`, {
              method: "POST",
              headers: {
                Accept: "application/json",
                "Content-Type": "application/x-www-form-urlencoded",
                "Idempotency-Key": key,
              },
              body: new URLSearchParams(fields),
            });
            if (r.status === 503) throw new Error("stopping");
            assert.equal(r.status, 200, `${path}: ${r.status}`);
            return (await r.json()) as { id: string; status?: string };
          } catch (error) {
            if (error instanceof assert.AssertionError || attempt > 20) throw error;
            retried++;
            await new Promise((r) => setTimeout(r, 50));
          }
        }
      };
      try {
        const registrations: Promise<{ id: string; status?: string }>[] = [];
        const enquiries: Promise<{ id: string }>[] = [];
        for (let i = 0; i < 200; i++) {
          registrations.push(
            send("/api/events/register", `rolling-${i}-abcdefgh`, {
              event: "open-day",
              fullName: `Student ${i}`,
              email: `student${i}@example.com`,
              country: "Ghana",
            }),
          );
          if (i % 2 === 0)
            enquiries.push(
              send("/api/enquiry", `rolling-enquiry-${i}-abcdefgh`, {
                form: "consultation",
                name: `Student ${i}`,
                email: `asker${i}@example.com`,
                message: "A question about studying abroad.",
              }),
            );
          if (i === 60) {
            // Process 1 is told to stop with requests under way, then started again (a deploy).
            ready[0] = false;
            servers[0].child.kill("SIGTERM");
            stopped.push(await servers[0].exited);
            servers[0] = await start(0);
            // The proxy's health check: traffic once /readyz says so (docs/operators/).
            const origin = servers[0].origin;
            await until(
              async () => (await fetch(`${origin}/readyz`)).status === 200,
              20_000,
              () => "the new process to be ready",
            );
            ready[0] = true;
          }
          if (i % 10 === 9) await new Promise((r) => setTimeout(r, 20));
        }
        const got = await Promise.all(registrations);
        const asked = await Promise.all(enquiries);
        assert.deepEqual(stopped, [0], "the stopped process finished its requests and exited 0");
        assert.equal(new Set(got.map((a) => a.id)).size, 200, "200 registrations, one each");
        assert.equal(got.filter((a) => a.status === "confirmed").length, 50);
        const stored = await storedRegistrations(where);
        assert.equal(stored.length, 200, "nothing stored twice, nothing lost");
        assert.equal(stored.filter((r) => r.state === "confirmed").length, 50);
        assert.equal(new Set(asked.map((a) => a.id)).size, 100, "100 enquiries, one each");
        const storedAsked = await storedEnquiries(where);
        assert.deepEqual(
          storedAsked.map((e) => e.id).sort(),
          asked.map((a) => a.id).sort(),
          "every enquiry answered is stored, once",
        );
        t.diagnostic(
          `${engine.name}: rolling restart during 200 registrations and 100 enquiries: all answered once (${retried} retried on the other process), 50 confirmed`,
        );
      } finally {
        for (const server of servers) kill(server.child, "SIGTERM");
        await Promise.all(servers.map((s) => s.exited));
      }
    });
  });
