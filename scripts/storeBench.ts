/**
 * How fast the server keeps what it is sent, per engine: enquiries and bookings per second and
 * the p50/p99 answer time with 200 requests at once, on SQLite and on a PostgreSQL this script
 * starts (Debian's postgresql, as the tests do), in one run. With BENCH_BASELINE=DIR (a checkout
 * of an earlier version, its node_modules installed) that version's server is measured too, on
 * each engine, with data of its own. The servers run side by side and take turns, five rounds
 * each. Not a test: numbers for a note.
 *
 * Usage: npm run bench:store   (serves dist/: build first; no mail server, no rate limit)
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { postgresUnavailable, startPostgres } from "../test/server/postgres";

const root = resolve(import.meta.dirname, "..");
const dist = resolve(process.env.DIST_DIR ?? join(root, "dist"));
const CONCURRENT = 200;
const ROUNDS = 5;

interface Target {
  name: string;
  cwd: string;
  env: Record<string, string>;
}

async function serve({ cwd, env }: Target) {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd,
    env: { ...process.env, PORT: "0", DIST_DIR: dist, ENQUIRY_RATE_LIMIT: "off", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr.on("data", (c: Buffer) => (output += c.toString()));
  const end = Date.now() + 30_000;
  let origin: string | undefined;
  while (!(origin = /site on (http:\/\/\S+)/.exec(output)?.[1])) {
    if (Date.now() > end || child.exitCode !== null) throw new Error(`no server: ${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  origin = origin.replace("localhost", "127.0.0.1");
  // Ready: migrated, imports done (an old version has no /readyz: it answers 404 at once).
  while ((await fetch(`${origin}/readyz`)).status === 503)
    await new Promise((r) => setTimeout(r, 50));
  return {
    origin,
    stop: () =>
      new Promise<void>((done) => {
        child.once("exit", () => done());
        child.kill("SIGTERM");
      }),
  };
}

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields),
});

/** `count` requests at once; each one's answer time, and the whole burst's. */
async function burst(count: number, request: (i: number) => Promise<Response>) {
  const started = performance.now();
  const times = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const t0 = performance.now();
      const r = await request(i);
      await r.arrayBuffer();
      if (r.status >= 300) throw new Error(`answered ${r.status}`);
      return performance.now() - t0;
    }),
  );
  return { times, wallMs: performance.now() - started };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

let serial = 0;

/** One server's requests of each kind: enquiries, and bookings each on a free place of its own. */
async function requestsFor(origin: string) {
  // Every free place of every way to talk, each as often as it has advisers free.
  const places: { mode: string; start: string }[] = [];
  for (const mode of ["video", "phone", "office"]) {
    const { slots } = (await (await fetch(`${origin}/api/booking/slots?mode=${mode}`)).json()) as {
      slots: { start: string; free: number }[];
    };
    for (const { start, free } of slots)
      for (let n = 0; n < free; n++) places.push({ mode, start });
  }
  // Near the holidays fewer days are open: as many rounds of bookings as there are places.
  const bookingRounds = Math.min(ROUNDS, Math.floor(places.length / CONCURRENT));
  if (!bookingRounds) throw new Error(`too few free places to book (${places.length})`);
  return {
    rounds: { enquiries: ROUNDS, bookings: bookingRounds },
    enquiries: (i: number) =>
      fetch(
        `${origin}/api/enquiry`,
        form({
          form: "consultation",
          name: `Student ${i}`,
          email: `s${++serial}@example.com`,
          message: "A question about studying abroad.",
        }),
      ),
    bookings: (i: number, round: number) =>
      fetch(
        `${origin}/api/booking`,
        form({
          form: "booking",
          ...places[round * CONCURRENT + i],
          zone: "Europe/London",
          fullName: `Student ${i}`,
          email: `b${++serial}@example.com`,
          phone: "+44 20 7946 0000",
          country: "Nigeria",
          interest: "Taught Masters",
        }),
      ),
  };
}

/**
 * Every target's server runs at once and the rounds take turns (round 1 of each, then round 2
 * of each...), so a busy moment of the machine falls on all of them alike, not on one.
 */
async function measure(targets: Target[]) {
  const servers = await Promise.all(targets.map(serve));
  try {
    const requests = await Promise.all(servers.map((s) => requestsFor(s.origin)));
    // Warm: a first burst of enquiries each, not counted (a server in service has run a while).
    for (const request of requests) await burst(CONCURRENT, (i) => request.enquiries(i));
    const rows: string[] = [];
    for (const kind of ["enquiries", "bookings"] as const) {
      const all = targets.map(() => [] as number[]);
      const wall = targets.map(() => 0);
      const rounds = Math.min(...requests.map((r) => r.rounds[kind]));
      for (let round = 0; round < rounds; round++)
        for (const [t, request] of requests.entries()) {
          const { times, wallMs } = await burst(CONCURRENT, (i) => request[kind](i, round));
          all[t].push(...times);
          wall[t] += wallMs;
        }
      for (const [t, target] of targets.entries()) {
        const sorted = all[t].sort((a, b) => a - b);
        rows.push(
          `| ${target.name} | ${kind} (${rounds} rounds) | ${Math.round((rounds * CONCURRENT) / (wall[t] / 1000))} | ${percentile(sorted, 50).toFixed(0)} | ${percentile(sorted, 99).toFixed(0)} |`,
        );
      }
    }
    return rows;
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

const dir = mkdtempSync(join(tmpdir(), "eg-bench-"));
const postgres = postgresUnavailable() ? undefined : await startPostgres();
try {
  const targets: Target[] = [];
  const baseline = process.env.BENCH_BASELINE?.trim();
  // Each version on each engine, the earlier one (its own data folders) first.
  for (const [version, cwd] of baseline
    ? [
        ["before", resolve(baseline)],
        ["now", root],
      ]
    : [["", root]]) {
    const name = (engine: string) => (version ? `${engine} (${version})` : engine);
    targets.push({
      name: name("SQLite"),
      cwd,
      env: { DATA_DIR: join(dir, `sqlite-${version}`), DATABASE_URL: "" },
    });
    if (postgres)
      targets.push({
        name: name("PostgreSQL"),
        cwd,
        env: {
          DATA_DIR: join(dir, `pg-${version}`),
          DATABASE_URL: await postgres.createDatabase(),
        },
      });
  }
  if (!postgres) console.error(`PostgreSQL left out: ${postgresUnavailable()}`);
  const rows = await measure(targets);
  console.log(
    `${CONCURRENT} requests at once, up to ${ROUNDS} rounds each taking turns, one server process per store, no mail server\n`,
  );
  console.log("| store | kind | per second | p50 ms | p99 ms |\n|---|---|---|---|---|");
  console.log(rows.join("\n"));
} finally {
  await postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
}
