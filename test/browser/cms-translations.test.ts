/**
 * New English in the editor never takes the site down: in the editor at /admin/ (decap-server
 * writing into a temp copy of content/, the suite's Chromium), staff add a list item to a guide
 * that has translations, and write a new guide (duplicated from another, as staff do) in English
 * only, and publish both. The site rebuilt from that folder builds; served by the real server,
 * the new guide answers in English and not in Arabic or Chinese, and the translated guide stays
 * up in both without the new item.
 */
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import type { ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
import { buildSite, launchBrowser, startServer } from "./harness";
import {
  freePort,
  openEditor,
  publish,
  shot,
  startDecapServer,
  untilFileHas,
  visibleField as field,
} from "./editor";

const root = resolve(import.meta.dirname, "../..");
const SLUG = "uk-student-visa";
const TITLE = "The UK Student visa, step by step";
const AFTER = "you book anything.";
const ITEM = "Bring your passport and two recent photographs to your appointment.";
const NEW_SLUG = "studying-in-scotland";
const NEW_TITLE = "Studying in Scotland";
const NEW_TEXT =
  "## Four-year degrees {#four-year-degrees}\n\nAn undergraduate degree in Scotland usually takes four years, one more than in England.";

let repo: string;
let decap: ChildProcess;
let site: Awaited<ReturnType<typeof buildSite>>;
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let closeBrowser: () => Promise<void>;

before(async () => {
  repo = mkdtempSync(join(tmpdir(), "eg-cms-translations-"));
  cpSync(join(root, "content"), join(repo, "content"), { recursive: true });
  const port = await freePort();
  let chromium: Awaited<ReturnType<typeof launchBrowser>>;
  [decap, site, chromium] = await Promise.all([
    startDecapServer(repo, port),
    buildSite({
      CMS_PROXY_URL: `http://127.0.0.1:${port}/api/v1`,
      GUIDES_DIR: join(repo, "content/guides"),
    }),
    launchBrowser(),
  ]);
  ({ browser, close: closeBrowser } = chromium);
  server = await startServer(site.dist);
});
after(async () => {
  await closeBrowser?.();
  await server?.close();
  site?.remove();
  decap?.kill();
  if (repo) rmSync(repo, { recursive: true, force: true });
});

async function openGuide(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await openEditor(page, server.origin);
  await page.getByRole("link", { name: "Guides", exact: true }).click();
  await page.getByRole("link", { name: new RegExp(TITLE) }).click();
  await field(page, "Text").waitFor();
  return page;
}

test("staff add a list item to a translated guide and write a new guide in English only, and publish", async () => {
  const guideFile = join(repo, "content/guides", `${SLUG}.md`);
  let page = await openGuide();
  const body = field(page, "Text");
  await body.fill((await body.inputValue()).replace(AFTER, `${AFTER}\n\n- ${ITEM}`));
  await publish(page);
  await untilFileHas(guideFile, ITEM);
  assert.ok(readFileSync(guideFile, "utf8").includes(`\n- ${ITEM}\n`), "the item is saved");
  await page.close();

  // A new guide, as staff start one: a copy of another, its address, title and text changed.
  page = await openGuide();
  await page.getByRole("button", { name: "Published", exact: false }).first().click();
  await page.getByText("Duplicate", { exact: true }).click();
  await field(page, "Address (slug)").fill(NEW_SLUG);
  await field(page, "Title").fill(NEW_TITLE);
  await field(page, "Position").fill("4");
  await field(page, "Text").fill(NEW_TEXT);
  await shot(page, "new-guide");
  await publish(page);
  const newFile = join(repo, "content/guides", `${NEW_SLUG}.md`);
  for (let t = 0; t < 150 && !existsSync(newFile); t++) await page.waitForTimeout(100);
  assert.ok(existsSync(newFile), "the new guide is saved under its slug");
  assert.match(readFileSync(newFile, "utf8"), /^title: Studying in Scotland$/m);
  await page.close();
});

test("the site rebuilt from the edited folder: the new guide in English only, the translated one up without the new item", async () => {
  const rebuilt = await buildSite({ GUIDES_DIR: join(repo, "content/guides") });
  const served = await startServer(rebuilt.dist);
  try {
    const get = async (path: string) => {
      const res = await fetch(`${served.origin}${path}`);
      return { status: res.status, html: await res.text() };
    };
    const english = await get(`/guides/${NEW_SLUG}`);
    assert.equal(english.status, 200);
    assert.match(english.html, /<h1>Studying in Scotland<\/h1>/);
    assert.doesNotMatch(english.html, /hreflang/i, "no alternates to pages that are not there");
    for (const prefix of ["/ar", "/zh"]) {
      assert.equal((await get(`${prefix}/guides/${NEW_SLUG}`)).status, 404, prefix);
      const translated = await get(`${prefix}/guides/${SLUG}`);
      assert.equal(translated.status, 200, prefix);
      assert.ok(!translated.html.includes(ITEM), `${prefix}: no English item`);
    }
    assert.ok((await get(`/guides/${SLUG}`)).html.includes(`<li>${ITEM}</li>`));
  } finally {
    await served.close();
    rebuilt.remove();
  }
});
