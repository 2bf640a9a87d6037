import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createApp } from "../../server/app";
import { HEALTH_PATH, READY_PATH } from "../../server/service/paths";
import { serverEntry, spawnServer } from "./process";

const root = resolve(import.meta.dirname, "../..");
let dir = "";
let dist = "";
before(() => {
  dir = mkdtempSync(join(tmpdir(), "eg-serve-"));
  dist = join(dir, "dist");
  mkdirSync(dist);
  writeFileSync(join(dist, "404.html"), "<!DOCTYPE html><title>Page not found</title>");
});
after(() => rmSync(dir, { recursive: true, force: true }));

test("/healthz answers while the process runs; /readyz once started and until it stops", async () => {
  const app = createApp({ dist, dataFile: join(dir, "probe", "enquiries.jsonl") });
  await new Promise<void>((done) => app.listen(0, "127.0.0.1", done));
  const { port } = app.address() as { port: number };
  const get = (path: string) => fetch(`http://127.0.0.1:${port}${path}`);
  try {
    await app.ready;
    const health = await get(HEALTH_PATH);
    assert.equal(health.status, 200);
    assert.equal(health.headers.get("cache-control"), "no-store");
    assert.equal((await get(READY_PATH)).status, 200);
    app.stopping();
    const stopping = await get(READY_PATH);
    assert.equal(stopping.status, 503);
    assert.equal(await stopping.text(), "stopping\n");
    assert.equal((await get(HEALTH_PATH)).status, 200, "alive while it finishes");
  } finally {
    app.closeAllConnections();
    await new Promise((done) => app.close(done));
    await app.drain(1000);
  }
});

test("npm run serve: the built site, no build; refuses a folder with no site, saying what to run", async () => {
  const empty = join(dir, "empty");
  mkdirSync(empty);
  const refused = spawnSync(process.execPath, serverEntry(), {
    cwd: root,
    env: { ...process.env, PORT: "0", DIST_DIR: empty },
    encoding: "utf8",
    timeout: 60_000,
  });
  assert.equal(refused.status, 1);
  assert.match(refused.stderr, /holds no built site.*npm run build:server/);

  const server = await spawnServer(dist, {
    ENQUIRY_DATA_FILE: join(dir, "run", "enquiries.jsonl"),
  });
  try {
    assert.equal((await fetch(server.origin + HEALTH_PATH)).status, 200);
    for (let i = 0; (await fetch(server.origin + READY_PATH)).status !== 200; i++) {
      assert.ok(i < 100, "ready within 5 s");
      await new Promise((done) => setTimeout(done, 50));
    }
    server.child.kill("SIGTERM");
    assert.equal(await server.exited, 0, server.output);
  } finally {
    server.child.kill("SIGKILL");
  }
});

test("npm run dev's server reads a rebuilt file whole (served from what was read at start, it was cut at its old length)", async () => {
  const site = join(dir, "dev-dist");
  mkdirSync(site);
  writeFileSync(join(site, "404.html"), "<!DOCTYPE html><title>Page not found</title>");
  writeFileSync(join(site, "cms-init.js"), "short();\n");
  const served = async (dev: boolean) => {
    const app = createApp({ dist: site, dataFile: join(dir, `dev-${dev}`, "e.jsonl"), dev });
    await new Promise<void>((done) => app.listen(0, "127.0.0.1", done));
    const { port } = app.address() as { port: number };
    const get = () => fetch(`http://127.0.0.1:${port}/cms-init.js`).then((r) => r.text());
    try {
      const before = await get();
      writeFileSync(join(site, "cms-init.js"), "a.much.longer.rebuilt.script();\n");
      return [before, await get()];
    } finally {
      writeFileSync(join(site, "cms-init.js"), "short();\n");
      app.closeAllConnections();
      await new Promise((done) => app.close(done));
      await app.drain(1000);
    }
  };
  assert.deepEqual(await served(true), ["short();\n", "a.much.longer.rebuilt.script();\n"]);
  // A deployed build never changes under the server: files are looked up once.
  const [, production] = await served(false);
  assert.notEqual(production, "a.much.longer.rebuilt.script();\n");
});

test("the build's _redirects are answered with their status, the query kept; the file itself is no page", async () => {
  const site = join(dir, "redirects-dist");
  mkdirSync(site);
  writeFileSync(join(site, "404.html"), "<!DOCTYPE html><title>Page not found</title>");
  writeFileSync(
    join(site, "_redirects"),
    "/guides/old /guides/new 301\n/ar/guides/old /ar/guides/new 301\n/spring /contact#form 302\n",
  );
  const app = createApp({ dist: site, dataFile: join(dir, "redirects", "e.jsonl") });
  await new Promise<void>((done) => app.listen(0, "127.0.0.1", done));
  const { port } = app.address() as { port: number };
  const get = (path: string, method = "GET") =>
    fetch(`http://127.0.0.1:${port}${path}`, { method, redirect: "manual" });
  try {
    const moved = await get("/guides/old");
    assert.equal(moved.status, 301);
    assert.equal(moved.headers.get("location"), "/guides/new");
    assert.equal((await get("/ar/guides/old/")).headers.get("location"), "/ar/guides/new");
    const kept = await get("/spring?utm_source=mail");
    assert.equal(kept.status, 302);
    assert.equal(kept.headers.get("location"), "/contact?utm_source=mail#form");
    assert.equal((await get("/guides/old", "POST")).status, 404, "a form is not sent on");
    assert.equal((await get("/_redirects")).status, 404);
  } finally {
    app.closeAllConnections();
    await new Promise((done) => app.close(done));
    await app.drain(1000);
  }
});
