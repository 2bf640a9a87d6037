/**
 * A guide in the editor at /admin/ end to end: decap-server (the local backend) writing into a
 * temp copy of content/, the site built with the editor pointing at it and reading its guides
 * from that copy (GUIDES_DIR), and the suite's Chromium. The preview is the site's guide page
 * under the site's stylesheet; a changed paragraph is saved as that one line of the Markdown
 * file and shows on the rebuilt page; an emptied title is refused.
 */
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import type { ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
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
const OLD_PARAGRAPH =
  "Shorter courses may be possible as a visitor, but the rules differ. Check which route applies to you on GOV.UK before you book anything.";
const NEW_PARAGRAPH =
  "Courses of six months or less may be possible as a visitor; an adviser checks which route fits you, written in the editor.";

let repo: string;
let guideFile: string;
let original: string;
let decap: ChildProcess;
let site: Awaited<ReturnType<typeof buildSite>>;
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let closeBrowser: () => Promise<void>;
const pageProblems: string[] = [];
let rebuilt: ReturnType<typeof buildSite> | undefined;

before(async () => {
  repo = mkdtempSync(join(tmpdir(), "eg-cms-guides-"));
  cpSync(join(root, "content"), join(repo, "content"), { recursive: true });
  guideFile = join(repo, "content/guides", `${SLUG}.md`);
  original = readFileSync(guideFile, "utf8");
  const port = await freePort();
  // The site's build and Chromium's start overlap decap-server's.
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
  if (process.env.SHOTS_DIR) mkdirSync(process.env.SHOTS_DIR, { recursive: true });
});
after(async () => {
  await closeBrowser?.();
  await server?.close();
  site?.remove();
  decap?.kill();
  if (repo) rmSync(repo, { recursive: true, force: true });
});

/** The editor open on the visa guide; every failed request or policy refusal is noted. */
async function openGuide(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) pageProblems.push(m.text());
  });
  page.on("requestfailed", (r) => pageProblems.push(`failed ${r.url()}`));
  page.on("response", (r) => {
    if (r.status() >= 400) pageProblems.push(`${r.status()} ${r.url()}`);
  });
  page.on("pageerror", (e) => {
    if (/Content Security Policy/i.test(e.message)) pageProblems.push(e.message);
  });
  await openEditor(page, server.origin);
  await page.getByRole("link", { name: "Guides", exact: true }).click();
  await page.getByRole("link", { name: new RegExp(TITLE) }).click();
  await preview(page).locator("h1").waitFor();
  return page;
}

const preview = (page: Page) => page.frameLocator("#preview-pane");
/** An element's computed style properties, in the page or the preview's frame. */
const styleOf =
  (props: string[]) =>
  (el: Element, names: string[] = props) =>
    names.map((n) => getComputedStyle(el).getPropertyValue(n));

test("the preview is the guide page under the site's stylesheet; a changed paragraph is saved as that line only", async () => {
  const page = await openGuide();
  const frame = preview(page);
  assert.equal(await frame.locator("h1").textContent(), TITLE);
  await frame.getByText(OLD_PARAGRAPH).waitFor();
  // Styled by the site's sheet as on the real page: the heading's font and colour, the contents' capitals.
  const props = ["font-family", "color", "font-weight"];
  const site = await browser.newPage();
  await site.goto(`${server.origin}/guides/${SLUG}`);
  const onSite = await site.locator("h1").evaluate(styleOf(props), props);
  await site.close();
  assert.deepEqual(await frame.locator("h1").evaluate(styleOf(props), props), onSite);
  assert.deepEqual(
    await frame.locator(".guide-toc h2").evaluate(styleOf(["text-transform"]), ["text-transform"]),
    ["uppercase"],
  );
  // Change one paragraph of the text.
  const body = field(page, "Text");
  await body.fill((await body.inputValue()).replace(OLD_PARAGRAPH, NEW_PARAGRAPH));
  await frame.getByText(NEW_PARAGRAPH).waitFor();
  await shot(page, "guide-preview");
  await publish(page);
  await untilFileHas(guideFile, NEW_PARAGRAPH);
  await page.getByText("Changes saved", { exact: false }).first().waitFor({ timeout: 10_000 });
  // The file is the original but for that paragraph's line.
  assert.equal(readFileSync(guideFile, "utf8"), original.replace(OLD_PARAGRAPH, NEW_PARAGRAPH));
  assert.deepEqual(pageProblems, [], "the editor runs under its policy, every request answered");
  await page.close();
  // The site rebuilt from that folder: while the next test runs (it only reads the folder).
  rebuilt = buildSite({ GUIDES_DIR: join(repo, "content/guides") });
  rebuilt.catch(() => {}); // reported by the test that awaits it
});

test("an emptied title is refused: the editor says so and the file is unchanged", async () => {
  const before = readFileSync(guideFile, "utf8");
  const page = await openGuide();
  await field(page, "Title").fill("");
  await publish(page);
  await page.getByText(/missed a required field/i).waitFor({ timeout: 10_000 });
  await page.getByText(/title is required/i).waitFor();
  await page.waitForTimeout(1000);
  await shot(page, "guide-required");
  assert.equal(readFileSync(guideFile, "utf8"), before);
  assert.deepEqual(pageProblems, []);
  await page.close();
});

test("another guide's address pasted into the same tab opens that guide, not the one before", async () => {
  const other = "Scholarships for international students in the UK";
  const page = await openGuide();
  await page.goto(
    `${server.origin}/admin/#/collections/guides/entries/scholarships-for-international-students`,
  );
  await preview(page).locator("h1", { hasText: other }).waitFor({ timeout: 30_000 });
  assert.equal(await field(page, "Title").inputValue(), other);
  assert.equal(await preview(page).locator("h1", { hasText: TITLE }).count(), 0);
  await page.close();
});

test("the site rebuilt from the edited folder shows the new paragraph on the guide's page", async () => {
  assert.ok(rebuilt, "the paragraph was saved");
  const { dist, remove } = await rebuilt;
  try {
    const html = readFileSync(join(dist, "guides", SLUG, "index.html"), "utf8");
    assert.ok(html.includes(`<p>${NEW_PARAGRAPH}</p>`), "the new paragraph is on the page");
    assert.ok(!html.includes(OLD_PARAGRAPH), "the old one is gone");
  } finally {
    remove();
  }
});
