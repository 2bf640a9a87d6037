/**
 * The editor staff can trust, end to end: `npm run cms` itself (decap-server behind its guard,
 * scripts/cmsGuard.ts, and the dev server that rebuilds on save, scripts/dev.ts) run in a temp
 * copy of the project, and the suite's Chromium driving Decap at /admin/. A photo uploaded into a
 * page is on the rebuilt page in the build's sizes and formats; a duplicate or reserved slug is
 * refused beside the field and by the backend, a programme still in use cannot be deleted, and
 * nothing is written; a failed build shows its messages in the browser, the editor staying open;
 * a redirect added is answered after the rebuild.
 */
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import sharp from "sharp";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "./harness";
import { freePort, openEditor, publish, shot } from "./editor";

const root = resolve(import.meta.dirname, "../..");
const PAGE = "study-in-the-uk-september-2027";

let repo: string;
let cms: ChildProcess;
let origin: string;
let guard: string;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let log = "";

/** The project as a checkout holds it, in a temp folder: `npm run cms` writes there. */
function copyProject(into: string) {
  for (const dir of ["src", "server", "scripts", "content", "static"])
    cpSync(join(root, dir), join(into, dir), { recursive: true });
  for (const file of ["build.ts", "package.json", "tsconfig.json"])
    cpSync(join(root, file), join(into, file));
  symlinkSync(realpathSync(join(root, "node_modules")), join(into, "node_modules"));
}

before(async () => {
  repo = mkdtempSync(join(tmpdir(), "eg-cms-guard-"));
  copyProject(repo);
  const [port, proxyPort] = [await freePort(), await freePort()];
  origin = `http://localhost:${port}`;
  guard = `http://127.0.0.1:${proxyPort}/api/v1`;
  const [, chromium] = await Promise.all([
    new Promise<void>((done, fail) => {
      cms = spawn(process.execPath, ["--import", "tsx", join(repo, "scripts/cms.ts")], {
        cwd: repo,
        env: { ...process.env, PORT: String(port), CMS_PROXY_PORT: String(proxyPort) },
        stdio: ["ignore", "pipe", "pipe"],
      });
      const timer = setTimeout(
        () => fail(new Error(`npm run cms did not start:\n${log}`)),
        120_000,
      );
      const read = (chunk: Buffer) => {
        log += chunk.toString();
        if (log.includes("Dev server on")) {
          clearTimeout(timer);
          done();
        }
      };
      cms.stdout!.on("data", read);
      cms.stderr!.on("data", read);
      cms.on("exit", (code) => fail(new Error(`npm run cms exited (${code}):\n${log}`)));
    }),
    launchBrowser(),
  ]);
  ({ browser, close: closeBrowser } = chromium);
  mkdirSync(process.env.SHOTS_DIR ?? "/tmp/shots", { recursive: true });
});
after(async () => {
  await closeBrowser?.();
  if (cms?.exitCode === null) {
    const exited = new Promise((done) => cms.once("exit", done));
    cms.kill("SIGTERM");
    const stopped = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
    if (!stopped) cms.kill("SIGKILL");
    assert.ok(stopped, "npm run cms stops on SIGTERM");
  }
  if (repo) rmSync(repo, { recursive: true, force: true });
});

/** Until `check` holds of the answer to `path` (the dev server rebuilds a few seconds after a save). */
async function until(path: string, check: (res: Response, text: string) => boolean, ms = 90_000) {
  let last = "";
  for (const end = Date.now() + ms; Date.now() < end; await sleep(500)) {
    const res = await fetch(`${origin}${path}`, {
      redirect: "manual",
      headers: { Accept: "text/html" },
    });
    const text = await res.text();
    if (check(res, text)) return text;
    last = `${res.status} ${text.slice(0, 300)}`;
  }
  assert.fail(`${path}: not as expected after ${ms} ms; last answer ${last}\n${log.slice(-3000)}`);
}

/** The content files, path => text, to show that a refusal wrote nothing. */
const snapshot = () =>
  Object.fromEntries(
    ["content/pages", "content/guides", "static/uploads"].flatMap((dir) =>
      existsSync(join(repo, dir))
        ? readdirSync(join(repo, dir)).map((f) => [
            `${dir}/${f}`,
            readFileSync(join(repo, dir, f), "utf8"),
          ])
        : [],
    ),
  );

const field = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).filter({ visible: true }).last();

async function editorPage() {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await openEditor(page, origin);
  await page.getByRole("link", { name: "Pages", exact: true }).waitFor({ timeout: 60_000 });
  return page;
}

/** A new page with a text block, its slug `slug`, published (or refused). */
async function newPage(page: Page, slug: string) {
  await page.goto(`${origin}/admin/#/collections/pages/new`);
  await field(page, "Address (slug)").fill(slug);
  await field(page, "Title").fill("Another September page");
  await field(page, "Description").fill("A page whose address is already taken.");
  await page.getByRole("button", { name: /^Add blocks?$/i }).click();
  await page.getByRole("menuitem", { name: "Text section", exact: true }).click();
  await field(page, "Block id").fill("intro");
  await field(page, "Heading").fill("Intro");
  await field(page, "Text").fill("A paragraph.");
  await publish(page);
}

test("the guard refuses a duplicate slug at the backend: 422 with the build's message, no file written", async () => {
  const before = snapshot();
  const raw = readFileSync(join(repo, "content/pages", `${PAGE}.yaml`), "utf8");
  const answer = await fetch(guard, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({
      action: "persistEntry",
      params: {
        branch: "main",
        entry: { slug: `${PAGE}-1`, path: `content/pages/${PAGE}-1.yaml`, raw },
        assets: [],
        options: { collectionName: "pages", commitMessage: "x", useWorkflow: false, status: "" },
      },
    }),
  });
  assert.equal(answer.status, 422);
  assert.equal(answer.headers.get("access-control-allow-origin"), origin);
  const { error } = (await answer.json()) as { error: string };
  assert.match(error, /^Not saved: the site would not build/);
  assert.match(error, new RegExp(`field slug: "${PAGE}" is the slug of content/pages/${PAGE}`));
  assert.deepEqual(snapshot(), before);
});

test("a duplicate slug is refused in the editor, nothing written, the site still serving", async () => {
  const before = snapshot();
  const page = await editorPage();
  await newPage(page, PAGE);
  const refusal = page
    .locator("[class*=ControlErrorsList]")
    .filter({ hasText: /another page's address|slug of/ });
  const toast = page.getByText(/Not saved: the site would not build/);
  await refusal.or(toast).first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(500);
  await field(page, "Address (slug)").scrollIntoViewIfNeeded();
  await shot(page, "guard-duplicate-slug");
  assert.ok(await refusal.count(), "the refusal is beside the slug field");
  await page.waitForTimeout(2000);
  assert.deepEqual(snapshot(), before, "no file written (no -1.yaml)");
  await until(`/${PAGE}`, (res) => res.status === 200);
  await page.close();
});

test("a reserved slug (admin) is refused beside the field; nothing written", async () => {
  const before = snapshot();
  const page = await editorPage();
  await newPage(page, "admin");
  await page
    .locator("[class*=ControlErrorsList]")
    .filter({ hasText: /"admin" is reserved/ })
    .first()
    .waitFor({ timeout: 30_000 });
  await shot(page, "guard-reserved-slug");
  await page.waitForTimeout(1500);
  assert.deepEqual(snapshot(), before);
  await page.close();
});

test("deleting a programme the home page and a page use is refused, naming where; the file unchanged", async () => {
  const file = join(repo, "content/programmes.yaml");
  const was = readFileSync(file, "utf8");
  const page = await editorPage();
  await page.goto(`${origin}/admin/#/collections/programmes/entries/programmes`);
  const item = page
    .locator("[class*=SortableListItem]")
    .filter({ hasText: "Undergraduate Degrees" })
    .first();
  await item.waitFor({ timeout: 30_000 });
  // The item's own bar (not its collapsed lists'): expand, drag, remove (the last).
  await item.locator("[class*=TopBar]").first().locator("button").last().click();
  await page
    .locator("[class*=SortableListItem]")
    .filter({ hasText: "Undergraduate Degrees" })
    .waitFor({ state: "detached" });
  await publish(page);
  const toast = page.getByText(/Not saved: the site would not build/).first();
  await toast.waitFor({ timeout: 30_000 });
  const text = await toast.innerText();
  // Every file that uses it: the page (its cards), the home page (a course card), a study route.
  assert.match(text, new RegExp(`content/pages/${PAGE}\\.yaml`), "names the page");
  assert.match(
    text,
    /content\/home\.yaml: courseCards\[\d\]\.slug "undergraduate"/,
    "names the home page",
  );
  assert.match(text, /content\/studyRoutes\.yaml/, "names the study route linking it");
  await shot(page, "guard-programme-in-use");
  assert.equal(readFileSync(file, "utf8"), was);
  await until("/undergraduate-programmes", (res) => res.status === 200);
  await page.close();
});

test("a photo uploaded into a page's image block is on the rebuilt page in the build's sizes and formats", async () => {
  const photo = join(repo, "campus-photo.jpg");
  await sharp({
    create: { width: 1600, height: 1000, channels: 3, background: { r: 40, g: 110, b: 160 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="1600" height="1000"><circle cx="800" cy="500" r="300" fill="#f5c542"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toFile(photo);
  const problems: string[] = [];
  const page = await editorPage();
  page.on("console", (m) => {
    if (/Content Security Policy|Failed to fetch/i.test(m.text())) problems.push(m.text());
  });
  await page.goto(`${origin}/admin/#/collections/pages/entries/${PAGE}`);
  await field(page, "Address (slug)").waitFor({ timeout: 30_000 });
  await page.getByRole("button", { name: /^Add blocks?$/i }).click();
  await page.getByRole("menuitem", { name: "Image", exact: true }).click();
  await field(page, "Block id").fill("campus");
  // The block's picture is a box of its own, closed: open it.
  await page.getByTestId("expand-button").and(page.getByLabel("Expand")).last().click();
  await shot(page, "guard-photo-block");
  await page
    .getByRole("button", { name: /choose an image/i })
    .last()
    .click();
  await page.locator('input[type="file"]').setInputFiles(photo);
  await page.getByText("campus-photo.jpg").waitFor(); // uploaded, and chosen in the library
  await page.getByRole("button", { name: "Choose selected" }).click();
  await field(page, "Description (alt text) (optional)").fill("Students on the campus lawn");
  await field(page, "Caption (optional)").fill("Our September open day");
  await publish(page);
  await page
    .getByText(/Changes saved|Entry saved/i)
    .first()
    .waitFor({ timeout: 60_000 });
  assert.deepEqual(problems, [], "no policy refusal, no failed fetch");
  await page.close();
  assert.ok(existsSync(join(repo, "static/uploads/campus-photo.jpg")), "the upload is written");
  const html = await until(`/${PAGE}`, (_, text) => text.includes("campus-photo"));
  for (const format of ["avif", "webp"])
    for (const width of [480, 960, 1440])
      assert.ok(
        html.includes(`/uploads/campus-photo-${width}.${format} ${width}w`),
        `${width}w ${format} offered`,
      );
  const view = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await view.goto(`${origin}/${PAGE}`);
  const img = view.locator('img[alt="Students on the campus lawn"]');
  await img.scrollIntoViewIfNeeded();
  await view.waitForFunction(
    () =>
      (document.querySelector('img[alt="Students on the campus lawn"]') as HTMLImageElement)
        ?.naturalWidth > 0,
  );
  const shown = await img.evaluate((i: HTMLImageElement) => i.currentSrc);
  assert.match(shown, /\/uploads\/campus-photo-\d+\.(avif|webp)$/);
  await img.screenshot({
    path: join(process.env.SHOTS_DIR ?? "/tmp/shots", "guard-photo-img.png"),
  });
  await shot(view, "guard-photo-page");
  await view.close();
});

test("a build that fails shows its messages in the browser, the editor stays open; fixed, the site is back", async () => {
  const file = join(repo, "content/pages", `${PAGE}.yaml`);
  const was = readFileSync(file, "utf8");
  // As a hand edit (or a change the editor cannot see) would: a block id the schema refuses.
  writeFileSync(file, was.replace("id: plan-ahead", "id: Plan Ahead"));
  try {
    await until("/", (res, text) => res.status === 500 && text.includes("could not be built"));
    const view = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await view.goto(`${origin}/contact`);
    const problems = view.locator("#build-problems li");
    await problems.first().waitFor();
    const text = await problems.allInnerTexts();
    assert.ok(
      text.some((t) => t.includes(`content/pages/${PAGE}.yaml`) && /field id/.test(t)),
      text.join("\n"),
    );
    assert.equal(
      await view.getByRole("link", { name: "Open it in the editor" }).first().getAttribute("href"),
      `/admin/#/collections/pages/entries/${PAGE}`,
    );
    await shot(view, "guard-failed-build", true);
    await view.close();
    assert.equal((await fetch(`${origin}/admin/`)).status, 200, "the editor stays open");
  } finally {
    writeFileSync(file, was);
  }
  await until("/", (res, text) => res.status === 200 && !text.includes("could not be built"));
});

test("a redirect added while the editor's site runs is answered after the rebuild", async () => {
  const file = join(repo, "content/redirects.yaml");
  writeFileSync(
    file,
    readFileSync(file, "utf8").replace(
      "redirects: []",
      `redirects:\n  - from: /september-2027\n    to: /${PAGE}\n    permanent: true`,
    ),
  );
  await until(
    "/september-2027",
    (res) => res.status === 301 && res.headers.get("location") === `/${PAGE}`,
  );
});
