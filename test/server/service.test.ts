import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect, createServer, type Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { buildServer } from "../../scripts/buildServer";
import { eventsFile } from "./eventsFile";
import { kill, serverEntry, spawnServer, until } from "./process";
import { postgresUnavailable, startPostgres } from "./postgres";

// The server run as a service: stopped by a signal through npm, readiness that follows the
// database, one-line refusals, a request log without personal data, metrics for the operator.

const root = resolve(import.meta.dirname, "../..");
let dir = "";
let dist = "";
let postgres: Awaited<ReturnType<typeof startPostgres>> | undefined;
const noPostgres = postgresUnavailable();
const asRoot = process.getuid?.() === 0;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), "eg-service-"));
  dist = join(dir, "dist");
  mkdirSync(dist);
  writeFileSync(join(dist, "404.html"), "<!DOCTYPE html><title>Page not found</title>");
  if (!noPostgres) postgres = await startPostgres();
});
after(async () => {
  await postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const ready = async (origin: string) =>
  (await fetch(`${origin}/readyz`).catch(() => undefined))?.status;
const waitReady = (server: { origin: string; output: string }) =>
  until(
    async () => (await ready(server.origin)) === 200,
    30_000,
    () => server.output,
  );

/** Until /readyz answers `status`: how long it took (ms). */
async function readyzBecomes(origin: string, status: number, timeoutMs: number) {
  const started = Date.now();
  await until(
    async () => (await ready(origin)) === status,
    timeoutMs,
    () => `/readyz ${status}`,
  );
  return Date.now() - started;
}

const enquiry = (i: number) => ({
  form: "enquiry",
  fullName: `Zadie Quist${i}`,
  email: `zadie.quist${i}@example.com`,
  phone: "+44 7700 900123",
  country: "Ghana",
  interest: "Pre-Masters",
  message: `Secretmessage${i} about my visa`,
});

const post = (origin: string, fields: Record<string, string>, headers = {}) =>
  fetch(`${origin}/api/enquiry`, {
    method: "POST",
    headers: {
      Accept: "application/json",
      "Content-Type": "application/x-www-form-urlencoded",
      ...headers,
    },
    body: new URLSearchParams(fields),
  });

test("npm run serve runs the bundled server; SIGTERM to the process npm started stops it gracefully, exit 0", async (t) => {
  // npm test's build made it (TEST_SERVER_BUNDLE), and other files' servers run it meanwhile.
  if (!process.env.TEST_SERVER_BUNDLE) await buildServer();
  const started = Date.now();
  const npm = spawn("npm", ["run", "--silent", "serve"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: "0",
      DIST_DIR: dist,
      DATA_DIR: join(dir, "npm"),
      LOG_FORMAT: "json",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  npm.stdout.on("data", (c: Buffer) => (output += c.toString()));
  npm.stderr.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((done) => npm.once("exit", (code) => done(code)));
  try {
    const origin = (
      await until(
        () => /site on (http:\/\/[^\s"]+)/.exec(output)?.[1],
        30_000,
        () => output,
      )
    ).replace("localhost", "127.0.0.1");
    await readyzBecomes(origin, 200, 30_000);
    const tookMs = Date.now() - started;
    // npm's child is node itself on the bundle: no shell, no TypeScript compiler in between.
    const children = spawnSync("ps", ["-o", "args=", "--ppid", String(npm.pid)], {
      encoding: "utf8",
    }).stdout;
    assert.match(children, /node .*scripts\/serve\.mjs/);
    assert.doesNotMatch(children, /tsx|sh -c/);
    npm.kill("SIGTERM");
    assert.equal(await exited, 0, output);
    await assert.rejects(fetch(`${origin}/healthz`), "the port is closed");
    assert.match(output, /SIGTERM: stopping/);
    assert.match(output, /"msg":"Stopped"/);
    t.diagnostic(`npm run serve: ready ${tookMs} ms after spawn; SIGTERM to npm: exit 0`);
  } finally {
    npm.kill("SIGKILL");
  }
});

test(
  "readiness follows SQLite: /readyz 503 within seconds of the file becoming read-only, 200 once it is writable again",
  {
    skip: !asRoot && "needs root (chattr +i: file modes do not stop root)",
  },
  async (t) => {
    const data = join(dir, "sqlite-ro");
    const server = await spawnServer(dist, { DATA_DIR: data, DATABASE_URL: "" });
    const files = ["eastgate.db", "eastgate.db-wal"].map((f) => join(data, f));
    try {
      await waitReady(server);
      spawnSync("chattr", ["+i", ...files]);
      const down = await readyzBecomes(server.origin, 503, 10_000);
      const refused = await post(server.origin, enquiry(1));
      assert.equal(refused.status, 500, "a lead it cannot store is refused, never acknowledged");
      spawnSync("chattr", ["-i", ...files]);
      const back = await readyzBecomes(server.origin, 200, 10_000);
      assert.equal((await post(server.origin, enquiry(2))).status, 200);
      assert.ok(down < 5000, `503 after ${down} ms`);
      t.diagnostic(
        `SQLite read-only: /readyz 503 after ${down} ms; writable again: 200 after ${back} ms`,
      );
    } finally {
      spawnSync("chattr", ["-i", ...files]);
      kill(server.child, "SIGKILL");
      await server.exited;
    }
  },
);

describe("PostgreSQL", { skip: noPostgres && `PostgreSQL tests skipped: ${noPostgres}` }, () => {
  test("stopped under the server: /readyz 503 within seconds, 200 when it is back; no multi-line traces", async (t) => {
    const url = await postgres!.createDatabase();
    const server = await spawnServer(dist, { DATA_DIR: join(dir, "pg-ready"), DATABASE_URL: url });
    try {
      await waitReady(server);
      const stopping = Date.now();
      await postgres!.pause();
      await readyzBecomes(server.origin, 503, 10_000);
      const downAfter = Date.now() - stopping;
      // Visitors' posts meanwhile: refused (500), each failure one log record.
      for (let i = 0; i < 5; i++) assert.equal((await post(server.origin, enquiry(i))).status, 500);
      await postgres!.resume();
      const back = await readyzBecomes(server.origin, 200, 20_000);
      assert.equal((await post(server.origin, enquiry(9))).status, 200);
      assert.ok(downAfter < 5000, `503 ${downAfter} ms after the stop`);
      const multiLine = server.output.split("\n").filter((l) => /^\s+at /.test(l));
      assert.deepEqual(multiLine, [], "every record is one line");
      t.diagnostic(
        `PostgreSQL stopped: /readyz 503 ${downAfter} ms after pg_ctl stop was run (it returns once the server is down); started again: 200 ${back} ms after pg_ctl start returned`,
      );
    } finally {
      kill(server.child, "SIGTERM");
      await server.exited;
    }
  });

  test("down at start: waited for with one line, then one line saying what to check, exit 1", async () => {
    const url = await postgres!.createDatabase();
    await postgres!.pause();
    // Down for certain before the server starts: its port refuses connections.
    const { hostname, port } = new URL(url);
    const refused = () =>
      new Promise<boolean>((done) =>
        connect(Number(port), hostname)
          .once("connect", function (this: Socket) {
            this.destroy();
            done(false);
          })
          .once("error", () => done(true)),
      );
    for (let t = 0; t < 50 && !(await refused()); t++) await sleep(200);
    assert.ok(await refused(), "PostgreSQL is stopped");
    try {
      const run = spawnSync(process.execPath, serverEntry(), {
        cwd: root,
        env: {
          ...process.env,
          PORT: "0",
          DIST_DIR: dist,
          DATA_DIR: join(dir, "pg-down"),
          DATABASE_URL: url,
          DATABASE_WAIT: "5s",
          LOG_FORMAT: "json",
        },
        encoding: "utf8",
        timeout: 60_000,
      });
      const said = `stdout:\n${run.stdout}\nstderr:\n${run.stderr}`;
      assert.equal(run.status, 1, said);
      assert.equal(run.stdout.match(/Waiting for the database/g)?.length, 1, said);
      assert.match(
        run.stderr.trim(),
        /^Not starting: the database at postgres:\/\/\S+ does not answer \(ECONNREFUSED\): check that it is running/,
      );
      assert.equal(run.stderr.trim().split("\n").length, 1, run.stderr);
    } finally {
      await postgres!.resume();
    }
  });
});

/** A port something else listens on. */
async function busyPort() {
  const blocker = createServer();
  await new Promise<void>((done) => blocker.listen(0, "127.0.0.1", done));
  return { blocker, port: (blocker.address() as { port: number }).port };
}

test("configuration problems: one line each on standard error, exit 1, no stack trace", async () => {
  const { blocker, port } = await busyPort();
  const aFile = join(dir, "a-file");
  writeFileSync(aFile, "not a folder");
  const cases: [string, Record<string, string>, RegExp][] = [
    ["port in use", { PORT: String(port), HOST: "127.0.0.1" }, /127\.0\.0\.1 port \d+ is in use/],
    ["data folder", { DATA_DIR: join(aFile, "data") }, /DATA_DIR/],
    ["secret", { BOOKING_SECRET: "short" }, /BOOKING_SECRET is shorter than 32/],
    ["mail server", { SMTP_URL: "http://mail.example" }, /SMTP_URL is not an smtp:\/\//],
    [
      "proxies",
      { TRUST_PROXY: "1" },
      /TRUST_PROXY "1" would believe an X-Forwarded-For from anyone/,
    ],
    ["proxies", { TRUST_PROXY: "10.0.0.0/33" }, /TRUST_PROXY: "10\.0\.0\.0\/33" is not an address/],
    ["metrics", { METRICS_TOKEN: "abc" }, /METRICS_TOKEN is shorter/],
  ];
  try {
    for (const [what, env, message] of cases) {
      const run = spawnSync(process.execPath, serverEntry(), {
        cwd: root,
        env: {
          ...process.env,
          PORT: "0",
          DIST_DIR: dist,
          DATA_DIR: join(dir, `config-${what.replace(/\W/g, "")}`),
          ...env,
        },
        encoding: "utf8",
        timeout: 60_000,
      });
      assert.equal(run.status, 1, `${what}: ${run.stdout}${run.stderr}`);
      const lines = run.stderr.trim().split("\n");
      assert.equal(lines.length, 1, `${what}: ${run.stderr}`);
      assert.match(lines[0], /^Not starting: /, what);
      assert.match(lines[0], message, what);
      assert.doesNotMatch(run.stdout + run.stderr, /^\s+at /m, `${what}: no stack`);
    }
  } finally {
    blocker.close();
  }
});

test("the request log: one JSON line per request with its id, instance, route, status and time; no names, addresses, messages or link tokens", async (t) => {
  const folder = join(dir, "log");
  const server = await spawnServer(dist, {
    DATA_DIR: folder,
    DATABASE_URL: "",
    EVENTS_FILE: eventsFile(folder, 5),
    BOOKING_SECRET: "k".repeat(40),
    INSTANCE_ID: "web-1",
    LOG_FORMAT: "json",
  });
  try {
    await waitReady(server);
    const asked = await post(server.origin, enquiry(1), { "X-Request-Id": "trace-abc-123" });
    assert.equal(asked.status, 200);
    assert.equal(asked.headers.get("x-request-id"), "trace-abc-123");
    const made = await post(server.origin, enquiry(2));
    assert.match(made.headers.get("x-request-id") ?? "", /^[0-9a-f-]{36}$/);
    // A registration (a plain form post: its page carries the e-mailed manage link), and that
    // link opened, its token in the query.
    const registered = await fetch(`${server.origin}/api/events/register`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        event: "open-day",
        fullName: "Ottoline Vexby",
        email: "ottoline.vexby@example.com",
        country: "Ghana",
      }),
    });
    const page = await registered.text();
    assert.equal(registered.status, 200, page);
    const manage = /href="([^"]*\/events\/manage\?[^"]*)"/.exec(page)?.[1].replaceAll("&amp;", "&");
    assert.ok(manage, "the page links to the registration's manage page");
    const token = new URL(manage).searchParams.get("t")!;
    assert.ok(token.length > 10);
    const link = new URL(manage);
    const opened = await fetch(`${server.origin}${link.pathname}${link.search}`);
    assert.equal(opened.status, 200);
    await fetch(`${server.origin}/search?q=zadie.quist1@example.com`);
    await until(
      () => server.output.includes('"path":"/search"'),
      5000,
      () => server.output,
    );

    const requests = server.output
      .split("\n")
      .filter((l) => l.includes('"msg":"request"'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const first = requests.find((r) => r.reqId === "trace-abc-123");
    assert.ok(first, server.output);
    assert.deepEqual(
      { ...first, time: typeof first.time, ms: typeof first.ms },
      {
        level: "info",
        time: "string",
        instance: "web-1",
        reqId: "trace-abc-123",
        method: "POST",
        route: "/api/enquiry",
        path: "/api/enquiry",
        status: 200,
        ms: "number",
        msg: "request",
      },
    );
    assert.ok(requests.some((r) => r.route === "/events/manage" && r.status === 200));
    for (const secret of [
      "Zadie",
      "Quist",
      "zadie.quist",
      "Secretmessage",
      "Ottoline",
      "Vexby",
      "ottoline.vexby",
      "+44 7700",
      token,
    ])
      assert.ok(!server.output.includes(secret), `${secret} is in the log`);
    t.diagnostic(`a request line: ${JSON.stringify(first)}`);
  } finally {
    kill(server.child, "SIGTERM");
    await server.exited;
  }
});

test("/metrics: nothing without METRICS_TOKEN, 401 with a wrong one; with it, requests, leads and the outbox in Prometheus' format", async (t) => {
  const folder = join(dir, "metrics");
  const token = "m".repeat(32);
  const server = await spawnServer(dist, {
    DATA_DIR: folder,
    DATABASE_URL: "",
    METRICS_TOKEN: token,
    // A mail server that is not there: the e-mails wait in the outbox and fail.
    SMTP_URL: "smtp://127.0.0.1:9",
  });
  const off = await spawnServer(dist, { DATA_DIR: join(dir, "metrics-off"), DATABASE_URL: "" });
  try {
    await Promise.all([waitReady(server), waitReady(off)]);
    assert.equal((await fetch(`${off.origin}/metrics`)).status, 404);
    assert.equal((await fetch(`${server.origin}/metrics`)).status, 401);
    const wrong = await fetch(`${server.origin}/metrics`, {
      headers: { Authorization: `Bearer ${"x".repeat(32)}` },
    });
    assert.equal(wrong.status, 401);
    for (let i = 0; i < 3; i++) assert.equal((await post(server.origin, enquiry(i))).status, 200);
    const metrics = async () => {
      const r = await fetch(`${server.origin}/metrics`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      assert.equal(r.status, 200);
      assert.match(r.headers.get("content-type") ?? "", /^text\/plain; version=0\.0\.4/);
      return r.text();
    };
    const text = await until(
      async () => {
        const m = await metrics();
        return /eastgate_deliveries_failed_total\{outbox="enquiries"\} [1-9]/.test(m) && m;
      },
      20_000,
      () => "a failed delivery counted",
    );
    assert.match(
      text,
      /eastgate_http_request_duration_seconds_count\{route="\/api\/enquiry",method="POST",status="200"\} 3/,
    );
    assert.match(text, /eastgate_leads_stored\{kind="enquiry"\} 3/);
    assert.match(
      text,
      /eastgate_outbox_messages\{outbox="enquiries",state="(pending|failed)"\} \d/,
    );
    assert.match(text, /eastgate_outbox_oldest_waiting_seconds\{outbox="enquiries"\} [\d.]+/);
    assert.match(text, /eastgate_deliveries_given_up_total/);
    assert.match(text, /eastgate_database_up 1/);
    assert.match(text, /process_resident_memory_bytes \d+/);
    t.diagnostic(
      `/metrics sample:\n${text
        .split("\n")
        .filter((l) => l.startsWith("eastgate_") && !l.includes("_bucket"))
        .join("\n")}`,
    );
  } finally {
    for (const s of [server, off]) kill(s.child, "SIGTERM");
    await Promise.all([server.exited, off.exited]);
  }
});

describe("limits no client can dodge", () => {
  test("an X-Forwarded-For from a peer that is not a named proxy is ignored; from one, it is believed", async () => {
    const base = { DATABASE_URL: "", ENQUIRY_RATE_LIMIT: "3/10m" };
    const untrusted = await spawnServer(dist, {
      ...base,
      DATA_DIR: join(dir, "xff-untrusted"),
      TRUST_PROXY: "10.0.0.0/8",
    });
    const trusted = await spawnServer(dist, {
      ...base,
      DATA_DIR: join(dir, "xff-trusted"),
      TRUST_PROXY: "loopback",
    });
    try {
      await Promise.all([waitReady(untrusted), waitReady(trusted)]);
      // Reaching the instance directly, naming itself anew each time: one allowance all the same.
      const spoofed = [];
      for (let i = 0; i < 6; i++)
        spoofed.push(
          (await post(untrusted.origin, enquiry(i), { "X-Forwarded-For": `203.0.113.${i}` }))
            .status,
        );
      assert.deepEqual(spoofed, [200, 200, 200, 429, 429, 429]);
      // Behind a proxy on this machine (TRUST_PROXY=loopback) each client is its own.
      const proxied = [];
      for (let i = 0; i < 6; i++)
        proxied.push(
          (await post(trusted.origin, enquiry(i), { "X-Forwarded-For": `203.0.113.${i}` })).status,
        );
      assert.deepEqual(proxied, [200, 200, 200, 200, 200, 200]);
      // A client's own header in front of what the proxy appended changes nothing.
      const chained = [];
      for (let i = 0; i < 4; i++)
        chained.push(
          (
            await post(trusted.origin, enquiry(i), {
              "X-Forwarded-For": `198.51.100.${i}, 192.0.2.7`,
            })
          ).status,
        );
      assert.deepEqual(chained, [200, 200, 200, 429]);
    } finally {
      for (const s of [untrusted, trusted]) kill(s.child, "SIGTERM");
      await Promise.all([untrusted.exited, trusted.exited]);
    }
  });

  for (const engine of ["SQLite", "PostgreSQL"] as const)
    test(
      `${engine}: a burst across two server processes gets one allowance`,
      {
        skip: engine === "PostgreSQL" && noPostgres && `PostgreSQL tests skipped: ${noPostgres}`,
      },
      async (t) => {
        const databaseUrl = engine === "SQLite" ? "" : await postgres!.createDatabase();
        const env = (n: number) => ({
          DATABASE_URL: databaseUrl,
          DATA_DIR: join(dir, `burst-${engine}${databaseUrl ? `-${n}` : ""}`),
          ENQUIRY_RATE_LIMIT: "10/10m",
          VITALS: "off",
        });
        const servers = await Promise.all([spawnServer(dist, env(1)), spawnServer(dist, env(2))]);
        try {
          await Promise.all(servers.map(waitReady));
          const statuses = await Promise.all(
            Array.from({ length: 40 }, (_, i) =>
              post(servers[i % 2].origin, enquiry(i)).then((r) => r.status),
            ),
          );
          const allowed = statuses.filter((s) => s === 200).length;
          assert.equal(allowed, 10, `allowed ${allowed} of 40: ${statuses.join(" ")}`);
          assert.equal(statuses.filter((s) => s === 429).length, 30);
          t.diagnostic(
            `${engine}: 40 enquiries at once through two processes: ${allowed} allowed (limit 10/10m), 30 told 429`,
          );
        } finally {
          for (const s of servers) kill(s.child, "SIGTERM");
          await Promise.all(servers.map((s) => s.exited));
        }
      },
    );
});
