import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { parse } from "yaml";
import type { DatabaseConfig } from "../../server/db";
import { kill, spawnServer, until } from "./process";
import { postgresUnavailable, startPostgres } from "./postgres";
import { freePort } from "./smtp";
import { storedEnquiries } from "./stored";

// What docs/operators/production.md tells an operator to run: two instances behind Debian's
// nginx with the site file from deploy/nginx/, and a rolling restart (each instance in turn
// stopped with SIGTERM and started again) while enquiries keep coming: none may fail, and each
// one acknowledged is stored once.

const run = promisify(execFile);
const NGINX = "/usr/sbin/nginx";
const deploy = resolve(import.meta.dirname, "../../deploy/nginx");
const noNginx = existsSync(NGINX)
  ? undefined
  : `no ${NGINX}: apt-get install nginx (.ci/run does, as root)`;
const noPostgres = postgresUnavailable();
const asRoot = process.getuid?.() === 0;

let dir = "";
let dist = "";
let postgres: Awaited<ReturnType<typeof startPostgres>> | undefined;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), "eg-nginx-"));
  dist = join(dir, "dist");
  mkdirSync(dist);
  writeFileSync(join(dist, "404.html"), "<!DOCTYPE html><title>Page not found</title>");
  if (!noNginx && !noPostgres) postgres = await startPostgres();
});
after(async () => {
  await postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** deploy/nginx/eastgate.conf with the test's ports and snippet path; fails if the file's shape changed. */
function renderSite(ports: { a: number; b: number; nginx: number }) {
  let site = readFileSync(join(deploy, "eastgate.conf"), "utf8");
  const swap = (from: string, to: string) => {
    assert.equal(site.split(from).length, 2, `deploy/nginx/eastgate.conf has "${from}" once`);
    site = site.replace(from, to);
  };
  swap("server 127.0.0.1:4173 ", `server 127.0.0.1:${ports.a} `);
  swap("server 127.0.0.1:4174 ", `server 127.0.0.1:${ports.b} `);
  swap("listen 80;", `listen 127.0.0.1:${ports.nginx};`);
  swap("listen [::]:80;", "");
  swap(
    "include /etc/nginx/snippets/eastgate-proxy.conf;",
    `include ${join(deploy, "eastgate-proxy.conf")};`,
  );
  return site;
}

/** nginx in the foreground with its own prefix, the rendered site in its http block. */
async function startNginx(prefix: string, site: string, port: number) {
  const temp = join(prefix, "temp");
  mkdirSync(temp, { recursive: true });
  // As root the workers run as nobody: they must be able to use the temp folders.
  if (asRoot) for (const d of [prefix, temp]) chmodSync(d, 0o777);
  const conf = join(prefix, "nginx.conf");
  writeFileSync(
    conf,
    `${asRoot ? "user nobody nogroup;\n" : ""}worker_processes 1;
events { worker_connections 1024; }
http {
  log_format upstreams '$request_method $uri $status upstream=$upstream_addr statuses=$upstream_status';
  access_log ${join(prefix, "access.log")} upstreams;
${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `  ${t}_temp_path ${join(temp, t)};`).join("\n")}
${site}
}
`,
  );
  const child = spawn(
    NGINX,
    [
      "-p",
      prefix,
      "-e",
      join(prefix, "error.log"),
      "-c",
      conf,
      "-g",
      `daemon off; pid ${join(prefix, "nginx.pid")};`,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  const origin = `http://127.0.0.1:${port}`;
  await until(
    async () =>
      child.exitCode === null &&
      (await fetch(`${origin}/healthz`).catch(() => undefined))?.status === 200,
    20_000,
    () => `nginx to answer: ${output}${readIf(join(prefix, "error.log"))}`,
  );
  return { child, origin, exited };
}

const readIf = (file: string) => (existsSync(file) ? readFileSync(file, "utf8") : "");

/** A server instance on a fixed port (nginx's upstream), once it answers /readyz. */
async function instance(port: number, env: Record<string, string>) {
  const server = await spawnServer(dist, { ...env, PORT: String(port) });
  await until(
    async () => (await fetch(`${server.origin}/readyz`).catch(() => undefined))?.status === 200,
    30_000,
    () => `${server.origin} ready; ${server.output}`,
  );
  return server;
}

const engines = [
  {
    name: "PostgreSQL (each instance its own data folder)",
    skip: noNginx ?? (noPostgres && `PostgreSQL tests skipped: ${noPostgres}`),
    setup: async (folder: string) => {
      const url = await postgres!.createDatabase();
      return {
        envs: [1, 2].map((n) => ({ DATA_DIR: join(folder, `instance-${n}`), DATABASE_URL: url })),
        where: { dataDir: folder, databaseUrl: url } as string | DatabaseConfig,
      };
    },
  },
  {
    name: "SQLite (one data folder)",
    skip: noNginx,
    setup: (folder: string) => {
      const env = { DATA_DIR: folder, DATABASE_URL: "" };
      return Promise.resolve({ envs: [env, env], where: folder });
    },
  },
];

for (const engine of engines)
  describe(`behind nginx, ${engine.name}`, { skip: engine.skip }, () => {
    test("a rolling restart under a stream of enquiries: 0 failed, each acknowledged one stored once", async (t) => {
      const folder = join(dir, engine.name.split(" ")[0]);
      const { envs, where } = await engine.setup(folder);
      const ports = { a: await freePort(), b: await freePort(), nginx: await freePort() };
      const env = (n: number) => ({ ...envs[n], TRUST_PROXY: "loopback" });
      const servers = [await instance(ports.a, env(0)), await instance(ports.b, env(1))];
      const prefix = join(folder, "nginx");
      const nginx = await startNginx(prefix, renderSite(ports), ports.nginx);

      // The stream: 4 visitors at once, each sending the enquiry form again as soon as it is
      // answered; every other one as the page's script does (with its Idempotency-Key), the
      // rest as a browser without JavaScript would (no key).
      let sent = 0;
      let streaming = true;
      const failures: string[] = [];
      const acknowledged: { id: string; email: string }[] = [];
      const visitor = async (v: number) => {
        while (streaming) {
          const n = sent++;
          const email = `visitor${v}-${n}@example.com`;
          const headers: Record<string, string> = {
            Accept: "application/json",
            "Content-Type": "application/x-www-form-urlencoded",
          };
          if (n % 2 === 0) headers["Idempotency-Key"] = `nginx-${n}-abcdefgh`;
          try {
            const r = await fetch(`${nginx.origin}/api/enquiry`, {
              method: "POST",
              headers,
              body: new URLSearchParams({
                form: "consultation",
                name: `Visitor ${n}`,
                email,
                message: "A question about studying abroad.",
              }),
            });
            const text = await r.text();
            if (r.status !== 200) failures.push(`${n}: ${r.status} ${text.slice(0, 60)}`);
            else acknowledged.push({ id: (JSON.parse(text) as { id: string }).id, email });
          } catch (error) {
            failures.push(`${n}: ${(error as Error).message}`);
          }
        }
      };
      const stream = Promise.all([0, 1, 2, 3].map(visitor));
      const exits: (number | null)[] = [];
      try {
        await new Promise((r) => setTimeout(r, 1000));
        for (const i of [0, 1]) {
          const before = sent;
          kill(servers[i].child, "SIGTERM");
          exits.push(await servers[i].exited);
          servers[i] = await instance(i === 0 ? ports.a : ports.b, env(i));
          t.diagnostic(`instance ${"AB"[i]} restarted during ${sent - before} requests`);
          // What an operator waits for before the next one: the new instance's /readyz (done),
          // and nginx sending it traffic again (after its fail_timeout).
          await new Promise((r) => setTimeout(r, 1500));
        }
      } finally {
        streaming = false;
        await stream;
      }
      try {
        assert.deepEqual(exits, [0, 0], "each instance stopped cleanly (SIGTERM, exit 0)");
        assert.deepEqual(
          failures.map((f) => f.split("\n")[0]),
          [],
          `no request failed; nginx said:\n${readIf(join(prefix, "error.log"))
            .split("\n")
            .filter((l) => /\[(error|warn)\]/.test(l))
            .slice(0, 20)
            .join("\n")}`,
        );
        assert.equal(acknowledged.length, sent);
        const stored = await storedEnquiries(where);
        const ids = acknowledged.map((a) => a.id).sort();
        assert.equal(new Set(ids).size, ids.length, "each acknowledged enquiry has its own id");
        assert.deepEqual(
          stored.map((e) => e.id).sort(),
          ids,
          "every acknowledged enquiry stored, once",
        );
        const byEmail = new Map(stored.map((e) => [e.email, e.id]));
        for (const a of acknowledged) assert.equal(byEmail.get(a.email), a.id, a.email);
        const log = readIf(join(prefix, "access.log")).split("\n");
        const retried = log.filter((l) => l.includes("/api/enquiry") && /upstream=\S+, /.test(l));
        // Cut off after nginx had sent them (the instance closed with them in its queue): these
        // are the POSTs that only `non_idempotent` with a key retries safely.
        const afterSending = readIf(join(prefix, "error.log"))
          .split("\n")
          .filter((l) => /while (reading response header|sending request) /.test(l));
        t.diagnostic(
          `${engine.name}: ${sent} enquiries through nginx during a rolling restart, ${failures.length} failed; ${retried.length} tried on the other instance, ${afterSending.length} of them after being sent to the stopping one`,
        );
      } finally {
        kill(nginx.child, "SIGTERM");
        for (const s of servers) kill(s.child, "SIGTERM");
        await Promise.all([nginx.exited, ...servers.map((s) => s.exited)]);
      }
    });
  });

// No container engine runs here: the compose file is checked for what can be checked without one.
test("deploy/compose: the files it names exist, and nginx accepts its site", async (t) => {
  const compose = resolve(deploy, "../compose");
  const file = parse(readFileSync(join(compose, "compose.yaml"), "utf8")) as {
    services: Record<
      string,
      { build?: { context: string; dockerfile: string }; volumes?: string[] }
    >;
  };
  assert.deepEqual(Object.keys(file.services).sort(), ["app1", "app2", "db", "nginx"]);
  for (const [name, service] of Object.entries(file.services)) {
    if (service.build) {
      const context = resolve(compose, service.build.context);
      assert.ok(existsSync(join(context, service.build.dockerfile)), `${name}'s Dockerfile`);
    }
    for (const volume of service.volumes ?? [])
      if (volume.startsWith("."))
        assert.ok(existsSync(resolve(compose, volume.split(":")[0])), `${name}: ${volume}`);
  }
  if (noNginx) return t.skip(noNginx);
  // The services' names resolve inside compose only: nginx -t checks the rest.
  const prefix = mkdtempSync(join(dir, "compose-nginx-"));
  const site = readFileSync(join(compose, "nginx.conf"), "utf8")
    .replace(/server app\d:4173/g, "server 127.0.0.1:4173")
    .replace("listen 80;", `listen 127.0.0.1:${await freePort()};`)
    .replace(
      "include /etc/nginx/snippets/eastgate-proxy.conf;",
      `include ${join(deploy, "eastgate-proxy.conf")};`,
    );
  const conf = join(prefix, "nginx.conf");
  writeFileSync(conf, `events {}\nhttp {\n${site}\n}\n`);
  mkdirSync(join(prefix, "logs"));
  await run(NGINX, [
    "-t",
    "-q",
    "-p",
    prefix,
    "-e",
    join(prefix, "error.log"),
    "-c",
    conf,
    "-g",
    `pid ${join(prefix, "nginx.pid")};`,
  ]);
});
