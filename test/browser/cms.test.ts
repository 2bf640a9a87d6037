/**
 * The editor at /admin/ end to end: decap-server (the local backend) on a free port writing into
 * a temp folder holding a copy of content/events.yaml, the site built with the editor pointing
 * at it and served by our server under its own CSP, and the suite's Chromium editing an event.
 */
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import type { ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
import { loadEvents } from "../../src/events/load";
import { bookingFileSchema } from "../../src/content/schema/booking";
import { homeFileSchema } from "../../src/content/schema/home";
import { siteFileSchema } from "../../src/content/schema/site";
import { checkYaml } from "../../src/content/yamlFile";
import { buildSite, launchBrowser, startServer } from "./harness";
import { metaPolicy } from "../../src/build/headers";
import {
  fileValues,
  freePort,
  openByLink,
  openEditor,
  publish,
  shot,
  shownValues,
  startDecapServer,
  untilFileHas,
  visibleField as visible,
} from "./editor";

const root = resolve(import.meta.dirname, "../..");
const SLUG = "student-visa-questions-answered";
const TITLE = "Student visa questions, answered live";
const NEW_SUMMARY = "Your Student visa questions answered by an adviser, written in the editor.";

let repo: string;
let eventsFile: string;
let decap: ChildProcess;
let site: Awaited<ReturnType<typeof buildSite>>;
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let closeBrowser: () => Promise<void>;
const pageProblems: string[] = [];

before(async () => {
  repo = mkdtempSync(join(tmpdir(), "eg-cms-repo-"));
  // Every collection's files, as in a checkout: the editor may read any of them.
  cpSync(join(root, "content"), join(repo, "content"), { recursive: true });
  eventsFile = join(repo, "content/events.yaml");
  const port = await freePort();
  decap = await startDecapServer(repo, port);
  site = await buildSite({
    CMS_PROXY_URL: `http://127.0.0.1:${port}/api/v1`,
    EVENTS_FILE: eventsFile,
  });
  server = await startServer(site.dist);
  ({ browser, close: closeBrowser } = await launchBrowser());
});
after(async () => {
  await closeBrowser?.();
  await server?.close();
  site?.remove();
  decap?.kill();
  if (repo) rmSync(repo, { recursive: true, force: true });
});

/** The editor open on the events file, the visa webinar expanded. */
async function openEvent(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) pageProblems.push(m.text());
  });
  page.on("response", (r) => {
    if (r.status() >= 400) pageProblems.push(`${r.status()} ${r.url()}`);
  });
  page.on("pageerror", (e) => {
    if (/Content Security Policy/i.test(e.message)) pageProblems.push(e.message);
  });
  await openEditor(page, server.origin);
  await page.getByRole("link", { name: "Events", exact: true }).click();
  await page.getByRole("link", { name: "Events and webinars" }).click();
  const item = page.locator("[class*=SortableListItem]").filter({ hasText: TITLE });
  await item.locator("button").first().click(); // expand it
  return page;
}

test("/admin/ is served with its own policy, not indexed", async () => {
  const res = await fetch(`${server.origin}/admin/`);
  assert.equal(res.status, 200);
  const html = await res.text();
  assert.match(html, /<meta name="robots" content="noindex">/);
  assert.equal(res.headers.get("x-robots-tag"), "noindex");
  assert.equal(res.headers.get("cross-origin-opener-policy"), "same-origin-allow-popups");
  const csp = metaPolicy(html) ?? "";
  assert.match(csp, /connect-src 'self' blob: http:\/\/127\.0\.0\.1:\d+/);
  assert.equal(res.headers.get("content-security-policy"), "frame-ancestors 'none'");
  // The site's pages keep theirs.
  const home = await fetch(`${server.origin}/`);
  const homeCsp = metaPolicy(await home.text()) ?? "";
  assert.ok(homeCsp && !/unsafe-inline|unsafe-eval/.test(homeCsp), homeCsp);
  assert.equal(home.headers.get("x-robots-tag"), null);
  // The script is ours, not a CDN's.
  assert.ok((await fetch(`${server.origin}/admin/decap-cms.js`)).ok);
});

test("an entry opened by its shared link shows its file's values, as from the list (issue 36)", async () => {
  // Every guide (the folder collection) and two files (site settings, booking): before any test edits them.
  const guides = readdirSync(join(repo, "content/guides"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => ["guides", f.slice(0, -".md".length)] as const);
  const entries = [...guides, ["site", "site"], ["booking", "booking"]];
  for (const [name, slug] of entries) {
    const want = fileValues(repo, name, name === "guides" ? slug : undefined);
    assert.ok(want.length >= 3, `${name}/${slug}: fields to compare`);
    const page = await openByLink(browser, server.origin, `collections/${name}/entries/${slug}`);
    const shown = await shownValues(page, want);
    await shot(page, `cms-link-${name}-${slug}`);
    await page.close();
    assert.deepEqual(
      shown,
      Object.fromEntries(want.map((f) => [f.label, f.value])),
      `${name}/${slug} opened by its link`,
    );
  }
});

test("a link whose address names no file says so, not an entry of empty fields (issue 36)", async () => {
  // As a link gets altered (a trailing slash, the file's extension) or outlives its guide.
  const guide = readdirSync(join(repo, "content/guides")).find((f) => f.endsWith(".md"));
  assert.ok(guide, "a guide to link to");
  const slug = guide.slice(0, -".md".length);
  for (const wrong of [`${slug}/`, guide, `${slug}-renamed`]) {
    const page = await openByLink(browser, server.origin, `collections/guides/entries/${wrong}`);
    const path = `content/guides/${wrong}.md`;
    await page
      .getByText(`There is no file ${path}`)
      .first()
      .waitFor({ timeout: 30_000 })
      .catch(async () => {
        const title = await visible(page, "Title")
          .first()
          .inputValue()
          .catch(() => "none");
        assert.fail(`${wrong}: no refusal naming ${path}; a form whose Title is "${title}"`);
      });
    assert.equal(await visible(page, "Title").count(), 0, `${wrong}: no form`);
    await page.close();
  }
});

test("an editor changes an event's summary: the file holds it and still loads", async () => {
  const page = await openEvent();
  const summary = visible(page, "Summary");
  assert.match(await summary.inputValue(), /Student visa step by step/);
  await summary.fill(NEW_SUMMARY);
  await shot(page, "cms-edit-summary", true);
  await publish(page);
  // Saved when decap-server has written the file.
  await untilFileHas(eventsFile, NEW_SUMMARY);
  await page.getByText("Changes saved", { exact: false }).first().waitFor({ timeout: 10_000 });
  const events = loadEvents(eventsFile);
  const event = events.find((e) => e.slug === SLUG);
  assert.equal(event?.summary, NEW_SUMMARY);
  assert.equal(event?.title, TITLE, "the other fields are kept");
  assert.equal(events.length, loadEvents(join(root, "content/events.yaml")).length);
  // Written as by hand (src/cms/contentFormat.ts): in git the change is that one line.
  const was = readFileSync(join(root, "content/events.yaml"), "utf8").split("\n");
  const now = readFileSync(eventsFile, "utf8").split("\n");
  assert.deepEqual(
    now.filter((line, i) => line !== was[i]),
    [`    summary: ${NEW_SUMMARY}`],
  );
  assert.deepEqual(pageProblems, [], "the editor runs under its policy, every request answered");
  await page.close();
});

test("an empty required field (title) is refused: an error, the file unchanged", async () => {
  const before = readFileSync(eventsFile, "utf8");
  const page = await openEvent();
  await visible(page, "Title").fill("");
  await publish(page);
  await page.getByText(/missed a required field/i).waitFor({ timeout: 10_000 });
  await page.getByText(/title is required/i).waitFor();
  await page.waitForTimeout(1000);
  await shot(page, "cms-required-title", true);
  assert.equal(readFileSync(eventsFile, "utf8"), before);
  await page.close();
});

test("a time not written as the schema wants, or too many places, is refused", async () => {
  const before = readFileSync(eventsFile, "utf8");
  const page = await openEvent();
  await visible(page, "Starts (London time)").fill("9 December 18:00");
  await visible(page, "Places").fill("5000");
  await publish(page);
  await page
    .getByText(/Written YYYY-MM-DDTHH:MM/)
    .filter({ visible: true })
    .first()
    .waitFor();
  await page.getByText(/2000/).filter({ visible: true }).first().waitFor();
  await page.waitForTimeout(1000);
  await shot(page, "cms-refused-time-places", true);
  assert.equal(readFileSync(eventsFile, "utf8"), before);
  await page.close();
});

/** The editor open on a collection of one file (`site`, `booking`: its name and its file's). */
async function openFile(name: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await openEditor(page, server.origin);
  await page.getByRole("link", { name: "Events", exact: true }).waitFor();
  await page.goto(`${server.origin}/admin/#/collections/${name}/entries/${name}`);
  return page;
}

/** The messages Decap shows above a field it refuses (not its hint, always shown). */
const refusal = (page: Page, text: RegExp) =>
  page.locator("[class*=ControlErrorsList]").filter({ hasText: text }).first().waitFor();

/** The lines of a content file the editor changed, against the checkout's. */
const changedLines = (file: string) => {
  const was = readFileSync(join(root, file), "utf8").split("\n");
  const now = readFileSync(join(repo, file), "utf8").split("\n");
  assert.equal(now.length, was.length, `${file}: no line added or lost`);
  return now.filter((line, i) => line !== was[i]);
};

test("rolling the promoted intake forward is one edit in Site settings: two lines of the file", async () => {
  const file = "content/site.yaml";
  const page = await openFile("site");
  const intake = visible(page, "The intake we promote");
  assert.equal(await intake.inputValue(), "January 2026");
  // A month not written as the schema wants is refused before anything is saved.
  await intake.fill("09/2027");
  await publish(page);
  await refusal(page, /September 2027/);
  assert.deepEqual(changedLines(file), []);
  // Decap re-renders a refused field: empty it first, or the new text is added to the old.
  await intake.clear();
  await intake.fill("September 2027");
  assert.equal(await intake.inputValue(), "September 2027");
  await visible(page, "Apply by").fill("2027-07-31");
  await shot(page, "cms-site-settings", true);
  await publish(page);
  await untilFileHas(join(repo, file), "2027-07-31");
  assert.deepEqual(changedLines(file), [
    "promotedIntake: September 2027",
    'promotedIntakeApplyBy: "2027-07-31"',
  ]);
  const checked = checkYaml(readFileSync(join(repo, file), "utf8"), file, siteFileSchema);
  checked.done();
  assert.equal(checked.data.promotedIntake, "September 2027");
  await page.close();
});

test("booking rules are edited the same way: the notice, one line of the file, checked by the schema", async () => {
  const file = "content/booking.yaml";
  const page = await openFile("booking");
  await visible(page, "Notice (hours)").fill("24");
  await publish(page);
  await untilFileHas(join(repo, file), "minNoticeHours: 24");
  assert.deepEqual(changedLines(file), ["minNoticeHours: 24"]);
  const checked = checkYaml(readFileSync(join(repo, file), "utf8"), file, bookingFileSchema);
  checked.done();
  assert.equal(checked.data.minNoticeHours, 24);
  await shot(page, "cms-booking", true);
  await page.close();
});

/** The visible field labelled `label` whose value is `value`, once the entry has loaded. */
async function fieldWithValue(page: Page, label: string, value: string) {
  const fields = visible(page, label);
  await fields.first().waitFor({ timeout: 30_000 });
  for (let t = 0; t < 100; t++) {
    for (const field of await fields.all()) if ((await field.inputValue()) === value) return field;
    await page.waitForTimeout(100);
  }
  assert.fail(`no field ${label} showing "${value}"`);
}

test("the home page, about page, menus, partner universities and study routes open in the editor with their files' values", async () => {
  const shows: [name: string, label: string, value: string][] = [
    ["home", "Heading", "Find the right course"],
    ["about", "Page title", "About {agency}"],
    ["navigation", "Text on a computer", "Apply now"],
  ];
  for (const [name, label, value] of shows) {
    const page = await openFile(name);
    await fieldWithValue(page, label, value);
    await shot(page, `cms-${name}`);
    await page.close();
  }
  // A collection of one list: its entries, named by their summary.
  const lists: [name: string, entry: string][] = [
    ["partners", "University of Birmingham"],
    ["studyRoutes", "Taught master's"],
  ];
  for (const [name, entry] of lists) {
    const page = await openFile(name);
    await page
      .locator("[class*=SortableListItem]")
      .filter({ hasText: entry })
      .first()
      .waitFor({ timeout: 30_000 });
    await shot(page, `cms-${name}`);
    await page.close();
  }
});

test("a home page heading changed in the editor is that line of content/home.yaml, checked by the schema", async () => {
  const file = "content/home.yaml";
  const page = await openFile("home");
  const heading = await fieldWithValue(page, "Heading", "Find the right course");
  await heading.fill("Find your course");
  await publish(page);
  await untilFileHas(join(repo, file), "Find your course");
  assert.deepEqual(changedLines(file), ["  title: Find your course"]);
  const checked = checkYaml(readFileSync(join(repo, file), "utf8"), file, homeFileSchema);
  checked.done();
  assert.equal(checked.data.coursesSection.title, "Find your course");
  await shot(page, "cms-home-heading", true);
  await page.close();
});

test("the rebuilt event page shows the new summary", async () => {
  const rebuilt = await buildSite({ EVENTS_FILE: eventsFile });
  try {
    const html = readFileSync(join(rebuilt.dist, "events", SLUG, "index.html"), "utf8");
    assert.ok(html.includes(NEW_SUMMARY), "the new summary is on the page");
  } finally {
    rebuilt.remove();
  }
});
