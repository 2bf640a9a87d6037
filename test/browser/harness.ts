import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { before, after } from "node:test";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { createApp, type AppOptions } from "../../server/app";
import { testChromiumPath } from "../../scripts/chromium";
import { builtSite, sharedBuild, TEST_BUILD_ENV } from "../testBuild";

export { builtSite };

const root = resolve(import.meta.dirname, "../..");
/** The built site the tests read: TEST_DIST when set (as `npm test` sets it), else dist/. */
export const dist = resolve(process.env.TEST_DIST ?? join(root, "dist"));

/**
 * Build the site into a fresh temp folder, as `npm start` does (forms posting to the local
 * server unless `env` says otherwise). Returns the folder and a function that removes it.
 * `npm test` builds that same site once before the tests and names it in TEST_DIST: a file that
 * needs no other settings uses it (read only) instead of building its own.
 */
export async function buildSite(env: Record<string, string> = {}) {
  const shared = sharedBuild();
  if (shared && Object.keys(env).length === 0) return { dist: shared, remove: () => {} };
  const dir = mkdtempSync(join(tmpdir(), "eg-dist-"));
  await promisify(execFile)(process.execPath, ["--import", "tsx", join(root, "build.ts")], {
    cwd: root,
    env: {
      ...process.env,
      ...TEST_BUILD_ENV,
      ...env,
      DIST_DIR: dir,
    },
    maxBuffer: 16 * 1024 * 1024,
  });
  return { dist: dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The system's or the npm-packaged Chromium (scripts/chromium.ts); flags keep it off the network. */
export async function launchBrowser(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const tmp = mkdtempSync(join(tmpdir(), "eg-chromium-"));
  process.env.TMPDIR = tmp;
  const browser = await chromium.launch({
    executablePath: await testChromiumPath(),
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
  return {
    browser,
    close: async () => {
      await browser.close();
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/**
 * The real server on a free port, serving a built site (dist/ by default); enquiries and Web
 * Vitals reports go to a temp folder. The tests load many pages from one address: the reports'
 * rate limit is off unless a test sets it.
 */
export async function startServer(site = dist, options: Partial<AppOptions> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), "eg-data-"));
  const dataFile = join(dataDir, "enquiries.jsonl");
  const server = createApp({ vitalsRateLimit: null, ...options, dist: site, dataFile });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    dataFile,
    /** The enquiries stored, oldest first (every field a string). */
    enquiries: async (): Promise<Record<string, string>[]> => await server.enquiries.all(),
    /** The Web Vitals reports stored, oldest first. */
    vitals: () => server.vitals.reports(),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await server.drain(1000);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SiteUnderTest {
  site: Awaited<ReturnType<typeof buildSite>>;
  server: Awaited<ReturnType<typeof startServer>>;
  browser: Browser;
}

/** A test file's fixture: build the site, serve it and start Chromium before, clean up after. */
export function siteUnderTest(): SiteUnderTest {
  const t = {} as SiteUnderTest;
  let chromium: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  before(async () => {
    t.site = await buildSite();
    t.server = await startServer(t.site.dist);
    chromium = await launchBrowser();
    t.browser = chromium.browser;
  });
  after(async () => {
    await chromium?.close();
    await t.server?.close();
    t.site?.remove();
  });
  return t;
}

/** How long one page's checks may take before its window is taken to have stalled (~2 s each). */
const STALL_MS = 60_000;

/** Windows at a time: the machine has 2 cores, and most of a page's time is the browser working. */
const WINDOWS = 2;

/**
 * Visit every path, WINDOWS windows at a time. Each window is a context of its own: a second tab
 * in one window is a background tab, whose animation frames Chromium runs once a second.
 * A headless window can stop drawing frames on a loaded machine (CI once waited 500 s on one
 * page): a page whose checks take past STALL_MS is tried again once in a new window, and fails,
 * naming it, if it stalls again.
 */
export async function eachPathInWindows(
  paths: string[],
  openWindow: () => Promise<BrowserContext>,
  check: (page: Page, path: string) => Promise<void>,
) {
  const queue = [...paths];
  const open = async () => {
    const context = await openWindow();
    return { context, page: await context.newPage() };
  };
  await Promise.all(
    Array.from({ length: WINDOWS }, async () => {
      let tab = await open();
      try {
        for (let path = queue.shift(); path; path = queue.shift()) {
          for (let attempt = 1; ; attempt++) {
            let timer: NodeJS.Timeout | undefined;
            const stalled = new Promise<"stalled">((done) => {
              timer = setTimeout(() => done("stalled"), STALL_MS);
            });
            const work = check(tab.page, path);
            const outcome = await Promise.race([work, stalled]);
            clearTimeout(timer);
            if (outcome !== "stalled") break;
            // Closing the window ends the stalled checks: their failure is this one.
            work.catch(() => {});
            await tab.context.close();
            tab = await open();
            if (attempt === 2) throw new Error(`${path}: no answer in ${STALL_MS} ms, twice`);
            console.log(`${path}: stalled for ${STALL_MS} ms; trying again in a new window`);
          }
        }
      } finally {
        await tab.context.close();
      }
    }),
  );
}
