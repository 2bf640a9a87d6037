/** What both editor tests (cms.test.ts, cms-guides.test.ts) need: decap-server and the editor's moves. */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createServer, type AddressInfo } from "node:net";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { cmsCollection, type CmsField } from "../../src/cms/config";
import { readContentYaml, readFrontMatter } from "../../src/cms/contentFormat";
import { collections } from "../../src/content/collections";

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

/**
 * An entry opened as a colleague's shared link is: a fresh page (no editor loaded before, no
 * one logged in) with the entry's address typed, then "Login". `path` is the part after
 * /admin/#/, e.g. `collections/guides/entries/uk-student-visa`.
 */
export async function openByLink(browser: Browser, origin: string, path: string) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(`${origin}/admin/#/${path}`);
  await page.getByRole("button", { name: "Login" }).click();
  return page;
}

/**
 * What an entry's form must show, read from its file under `repo` (the folder decap-server
 * serves): each top-level text or number field's label and its value in the file (a guide's
 * text too), in the collection's configuration's order. `slug` names a folder collection's entry.
 */
export function fileValues(repo: string, name: string, slug?: string) {
  const collection = collections.find((c) => c.name === name);
  if (!collection) throw new Error(`No collection ${name}`);
  const data =
    "folder" in collection
      ? readFrontMatter(readFileSync(join(repo, collection.folder, `${slug}.md`), "utf8"))
      : readContentYaml(readFileSync(join(repo, collection.file), "utf8")).data;
  const config = cmsCollection(collection);
  const fields: CmsField[] = "files" in config ? config.files[0].fields : config.fields;
  return fields
    .filter((f) => ["string", "text", "number"].includes(f.widget))
    .filter((f) => typeof data[f.name] === "string" || typeof data[f.name] === "number")
    .map((f) => ({ label: f.label, value: String(data[f.name] as string | number) }));
}

/**
 * The values `fields` shows on screen, once each field is there (Decap shows the form once the
 * entry is loaded; a field still filling in is waited for up to 5 s): label => value.
 */
export async function shownValues(page: Page, fields: { label: string; value: string }[]) {
  const shown: Record<string, string> = {};
  for (const { label, value } of fields) {
    const field = visibleField(page, label).first();
    await field.waitFor({ timeout: 30_000 });
    for (let t = 0; t < 50 && (await field.inputValue()) !== value; t++) await sleep(100);
    shown[label] = await field.inputValue();
  }
  return shown;
}
