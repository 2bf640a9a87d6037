/** What both editor tests (cms.test.ts, cms-guides.test.ts) need: decap-server and the editor's moves. */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createServer, type AddressInfo } from "node:net";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

/** A port no one listens on now, for decap-server. */
export async function freePort() {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, "127.0.0.1", done));
  const { port } = probe.address() as AddressInfo;
  await new Promise((done) => probe.close(done));
  return port;
}

/** decap-server in fs mode (the default): it reads and writes files under `repo`. */
export async function startDecapServer(repo: string, port: number) {
  const script = createRequire(import.meta.url).resolve("decap-server/dist/index.js");
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, PORT: String(port), BIND_HOST: "127.0.0.1", GIT_REPO_DIRECTORY: repo },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  await new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`decap-server did not start:\n${log}`)), 20_000);
    const read = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes("listening")) {
        clearTimeout(timer);
        done();
      }
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.on("exit", (code) => fail(new Error(`decap-server exited (${code}):\n${log}`)));
  });
  return child;
}

/** Once decap-server has written `text` into `file` (a save takes a moment), or after 15 s. */
export async function untilFileHas(file: string, text: string) {
  for (let t = 0; t < 150 && !readFileSync(file, "utf8").includes(text); t++) await sleep(100);
}

/** Screenshots for a person to look at, when SHOTS_DIR names a folder. */
export const shot = (page: Page, name: string, fullPage = false) =>
  process.env.SHOTS_DIR
    ? page.screenshot({ path: join(process.env.SHOTS_DIR, `${name}.png`), fullPage })
    : undefined;

/** The editor at `origin`/admin/, logged in (the local backend has no accounts: "Login" opens it). */
export async function openEditor(page: Page, origin: string) {
  await page.goto(`${origin}/admin/`);
  await page.getByRole("button", { name: "Login" }).click();
}

/** The field labelled `label` on screen (Decap keeps collapsed entries' fields in the page). */
export const visibleField = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).filter({ visible: true });

/** Publish → Publish now: saves the entry (on the local backend, writes the file). */
export async function publish(page: Page) {
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.getByText("Publish now", { exact: true }).click();
}
