/**
 * `npm run cms`: the editor on this machine. decap-server (Decap CMS's local backend: it reads
 * and writes the files of this working copy, and listens on 127.0.0.1 only, since it asks no
 * one for a password) beside `npm run dev` (the site rebuilt on save, the editor at /admin/).
 * A change saved in the editor is a changed file here: the dev server rebuilds the page, and
 * the change goes live once it is committed and deployed. The editor talks to decap-server through
 * ./cmsGuard.ts, which refuses a save or a deletion after which the site would not build.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { createServer, type AddressInfo } from "node:net";
import { resolve } from "node:path";
import { startGuard } from "./cmsGuard";

const root = resolve(import.meta.dirname, "..");
const proxyPort = Number(process.env.CMS_PROXY_PORT ?? 8081);
const sitePort = Number(process.env.PORT ?? 4173);
// decap-server itself listens on a port of its own, behind the guard.
const decapPort = await new Promise<number>((done) => {
  const probe = createServer().listen(0, "127.0.0.1", () => {
    const { port } = probe.address() as AddressInfo;
    probe.close(() => done(port));
  });
});

const children: ChildProcess[] = [];
function start(name: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: "inherit" });
  child.on("exit", (code, signal) => {
    console.log(`${name} stopped (${signal ?? code}); stopping the rest.`);
    stop(code ?? 1);
  });
  children.push(child);
}

let stopping = false;
let closeGuard = () => {};
function stop(code: number) {
  if (stopping) return;
  stopping = true;
  // The guard runs in this process: closed too, or it would keep this process running.
  closeGuard();
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  process.exitCode = code;
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

start("decap-server", [createRequire(import.meta.url).resolve("decap-server/dist/index.js")], {
  ...process.env,
  PORT: String(decapPort),
  BIND_HOST: "127.0.0.1",
  MODE: "fs",
  GIT_REPO_DIRECTORY: root,
});
const guard = await startGuard({
  repo: root,
  upstream: `http://127.0.0.1:${decapPort}`,
  port: proxyPort,
});
closeGuard = () => void guard.close();
if (stopping) closeGuard();
start("npm run dev", ["--import", "tsx", resolve(root, "scripts/dev.ts")], {
  ...process.env,
  CMS_BACKEND: "local",
  CMS_PROXY_URL: `http://localhost:${proxyPort}/api/v1`,
});
console.log(
  `The editor: http://localhost:${sitePort}/admin/ (once the first build is done; Ctrl-C stops both)`,
);
