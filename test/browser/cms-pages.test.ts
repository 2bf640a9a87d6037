/**
 * A page composed in the editor at /admin/, end to end: decap-server (the local backend) writing
 * into a temp copy of content/, the site built with the editor pointing at it and reading its
 * pages (PAGES_DIR) and redirects (REDIRECTS_FILE) from that copy, and the suite's Chromium.
 * A new page with a hero, a text section, three programme cards and a call to action is
 * published, built at its address with those blocks, listed in the sitemap, with no axe
 * violation; `npm run translations` lists its texts as missing in Arabic and Chinese and
 * neither language publishes it. Renamed, with a redirect from its old address, the old address
 * (its Arabic one too, to the English page) answers 301 from our server and is in `_redirects`.
 */
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFile, type ChildProcess } from "node:child_process";
import {
  writeFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import type { Browser, Page } from "playwright-core";
import { buildSite, launchBrowser, startServer } from "./harness";
import { expectNoViolations } from "./axe";
import { freePort, openEditor, publish, shot, startDecapServer, untilFileHas } from "./editor";

const root = resolve(import.meta.dirname, "../..");
const SLUG = "nursing-open-evening";
const NEW_SLUG = "nursing-in-the-uk";
const TITLE = "Nursing in the UK";

let repo: string;
let decap: ChildProcess;
let editorSite: Awaited<ReturnType<typeof buildSite>>;
let editorServer: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let closeBrowser: () => Promise<void>;
const sites: { remove: () => void }[] = [];
const servers: { close: () => Promise<void> }[] = [];

const copyEnv = () => ({
  PAGES_DIR: join(repo, "content/pages"),
  REDIRECTS_FILE: join(repo, "content/redirects.yaml"),
});

before(async () => {
  repo = mkdtempSync(join(tmpdir(), "eg-cms-pages-"));
  cpSync(join(root, "content"), join(repo, "content"), { recursive: true });
  const port = await freePort();
  let chromium: Awaited<ReturnType<typeof launchBrowser>>;
  [decap, editorSite, chromium] = await Promise.all([
    startDecapServer(repo, port),
    buildSite({ CMS_PROXY_URL: `http://127.0.0.1:${port}/api/v1`, ...copyEnv() }),
    launchBrowser(),
  ]);
  ({ browser, close: closeBrowser } = chromium);
  editorServer = await startServer(editorSite.dist);
  if (process.env.SHOTS_DIR) mkdirSync(process.env.SHOTS_DIR, { recursive: true });
});
after(async () => {
  await closeBrowser?.();
  await editorServer?.close();
  for (const s of servers) await s.close();
  editorSite?.remove();
  for (const s of sites) s.remove();
  decap?.kill();
  if (repo) rmSync(repo, { recursive: true, force: true });
});

/** The field labelled `label` in the last block added (or the entry's own, when it has one). */
const last = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).filter({ visible: true }).last();

/** Adds a block of the type labelled `type` to the page's blocks. */
async function addBlock(page: Page, type: string) {
  await page.getByRole("button", { name: /^Add blocks?$/i }).click();
  await page.getByRole("menuitem", { name: type, exact: true }).click();
  await page.waitForTimeout(300);
}

/** Picks `option` in the multiple select labelled `label` of the last block. */
async function pick(page: Page, label: string, option: string) {
  const input = last(page, label);
  await input.click();
  await input.fill(option);
  await page.keyboard.press("Enter");
}

const pageFile = () => join(repo, "content/pages", `${SLUG}.yaml`);

test("a page composed in the editor is built at its address with its blocks, in the sitemap, with no axe violation, in English alone", async () => {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await openEditor(page, editorServer.origin);
  await page.getByRole("link", { name: "Pages", exact: true }).click();
  await page.goto(`${editorServer.origin}/admin/#/collections/pages/new`);
  await last(page, "Address (slug)").fill(SLUG);
  await last(page, "Title").fill(TITLE);
  await last(page, "Description").fill(
    "What studying nursing in the UK involves, and how we help.",
  );
  await last(page, "Campaign (optional)").fill("nursing-2027");

  await addBlock(page, "Hero");
  await last(page, "Block id").fill("hero");
  await last(page, "Heading").fill(TITLE);
  await last(page, "Text").fill("Plan your nursing degree with an adviser.");

  await addBlock(page, "Text section");
  await last(page, "Block id").fill("why");
  await last(page, "Heading").fill("Why the UK");
  await last(page, "Text").fill(
    "A UK bachelor's degree usually takes three years.\n\n- One\n- Two",
  );

  await addBlock(page, "Cards");
  await last(page, "Block id").fill("programmes");
  await last(page, "Heading").fill("Programmes");
  for (const id of ["foundation", "undergraduate", "postgraduate"])
    await pick(page, "Programme pages (optional)", id);

  await addBlock(page, "Call to action");
  await last(page, "Block id").fill("ask");
  await last(page, "Heading").fill("Ask an adviser");
  await last(page, "Button text").fill("Send an enquiry");
  await pick(page, "Leads to", "enquiry");

  const frame = page.frameLocator("#preview-pane");
  await frame.locator("h1", { hasText: TITLE }).waitFor();
  await frame.locator('a[href="/undergraduate-programmes"]').waitFor();
  await shot(page, "page-composed");
  await publish(page);
  // A new entry's file appears once saved.
  for (let t = 0; t < 150 && !existsSync(pageFile()); t++) await page.waitForTimeout(100);
  await shot(page, "page-published");
  assert.ok(existsSync(pageFile()), `the editor wrote ${pageFile()}`);
  await untilFileHas(pageFile(), "nursing-2027");
  assert.ok(existsSync(pageFile()), `the editor wrote ${pageFile()}`);
  const text = readFileSync(pageFile(), "utf8");
  assert.match(text, /- type: hero\n {4}id: hero/);
  assert.match(text, /programmes:\n {6}- foundation\n {6}- undergraduate\n {6}- postgraduate/);
  await page.close();

  const site = await buildSite(copyEnv());
  sites.push(site);
  const html = readFileSync(join(site.dist, SLUG, "index.html"), "utf8");
  assert.match(html, new RegExp(`<h1>${TITLE}</h1>`));
  assert.match(html, /<h2 id="why-title">Why the UK<\/h2>/);
  for (const path of [
    "/foundation-programmes",
    "/undergraduate-programmes",
    "/postgraduate-programmes",
  ])
    assert.ok(html.includes(`class="card-link" href="${path}"`), path);
  assert.ok(html.includes('href="/contact?campaign=nursing-2027#contact-form"'));
  const sitemap = readFileSync(join(site.dist, "sitemap.xml"), "utf8");
  assert.ok(sitemap.includes(`/${SLUG}</loc>`));
  assert.ok(!sitemap.includes(`/ar/${SLUG}`) && !sitemap.includes(`/zh/${SLUG}`));
  assert.ok(!existsSync(join(site.dist, "ar", SLUG)) && !existsSync(join(site.dist, "zh", SLUG)));

  const server = await startServer(site.dist);
  servers.push(server);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const view = await context.newPage();
  await view.goto(`${server.origin}/${SLUG}`);
  await view.waitForLoadState("networkidle");
  await expectNoViolations(view, `/${SLUG}`);
  await shot(view, "page-390", true);
  await view.setViewportSize({ width: 1280, height: 800 });
  await shot(view, "page-1280", true);
  await context.close();

  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", join(root, "scripts/translations.ts")],
    { cwd: root, env: { ...process.env, ...copyEnv() } },
  );
  for (const code of ["ar", "zh"]) {
    assert.match(
      stdout,
      new RegExp(`^${code} /${SLUG} \\(content/pages\\): in English only until`, "m"),
    );
    assert.match(stdout, new RegExp(`pages\\[${SLUG}\\]\\.blocks\\[why\\]\\.body`));
  }
});

test("renamed, with a redirect from its old address: the old address answers 301 to the new one and is in _redirects", async () => {
  assert.ok(existsSync(pageFile()), "the page was published");
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await openEditor(page, editorServer.origin);
  await page.getByRole("link", { name: "Pages", exact: true }).click();
  await page.getByRole("link", { name: new RegExp(TITLE) }).click();
  await last(page, "Address (slug)").fill(NEW_SLUG);
  await publish(page);
  await untilFileHas(pageFile(), `slug: ${NEW_SLUG}`);
  await page.close();
  assert.match(readFileSync(pageFile(), "utf8"), new RegExp(`^slug: ${NEW_SLUG}$`, "m"));
  // The redirect, as staff add it in the Redirects collection.
  writeFileSync(
    join(repo, "content/redirects.yaml"),
    `redirects:\n  - from: /${SLUG}\n    to: /${NEW_SLUG}\n    permanent: true\n`,
  );
  const site = await buildSite(copyEnv());
  sites.push(site);
  assert.ok(existsSync(join(site.dist, NEW_SLUG, "index.html")));
  assert.ok(!existsSync(join(site.dist, SLUG)));
  const redirects = readFileSync(join(site.dist, "_redirects"), "utf8");
  assert.ok(redirects.includes(`/${SLUG} /${NEW_SLUG} 301\n`), redirects);
  // No Arabic twin to lead to: the old Arabic address leads to the English page.
  assert.ok(redirects.includes(`/ar/${SLUG} /${NEW_SLUG} 301\n`), redirects);
  const server = await startServer(site.dist);
  servers.push(server);
  for (const old of [`/${SLUG}`, `/ar/${SLUG}`]) {
    const answer = await fetch(`${server.origin}${old}`, { redirect: "manual" });
    assert.equal(answer.status, 301, old);
    const to = new URL(answer.headers.get("location")!, server.origin);
    assert.equal(to.pathname, `/${NEW_SLUG}`, old);
    assert.equal((await fetch(to)).status, 200, old);
  }
});
