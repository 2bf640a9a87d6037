/**
 * A staff page renamed, with a redirect from its old slug (as staff add it in the Redirects
 * collection): the site built from a copy of content/pages and content/redirects.yaml and served
 * by the real server. The renamed page has no current translation (English only), so its old
 * Arabic and Chinese addresses lead to the English page; an old address of a page that is in
 * every language leads to that language's page. Every old address answers 301 to a page that
 * answers 200.
 */
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { buildSite, startServer } from "../browser/harness";

const root = resolve(import.meta.dirname, "../..");
const OLD = "study-in-the-uk-september-2027";
const NEW = "study-in-the-uk-autumn-2027";

let dir = "";
let site: Awaited<ReturnType<typeof buildSite>> | undefined;
let server: Awaited<ReturnType<typeof startServer>> | undefined;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), "eg-renamed-"));
  cpSync(join(root, "content/pages"), join(dir, "pages"), { recursive: true });
  const file = join(dir, "pages", `${OLD}.yaml`);
  const yaml = readFileSync(file, "utf8");
  assert.match(yaml, new RegExp(`^slug: ${OLD}$`, "m"), "content/pages has the example page");
  writeFileSync(join(dir, "pages", `${NEW}.yaml`), yaml.replace(`slug: ${OLD}`, `slug: ${NEW}`));
  rmSync(file);
  writeFileSync(
    join(dir, "redirects.yaml"),
    `redirects:\n  - from: /${OLD}\n    to: /${NEW}\n  - from: /about-us\n    to: /about\n`,
  );
  site = await buildSite({
    PAGES_DIR: join(dir, "pages"),
    REDIRECTS_FILE: join(dir, "redirects.yaml"),
  });
  server = await startServer(site.dist);
});
after(async () => {
  await server?.close();
  site?.remove();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Follows one redirect by hand: its status, and the status of the page it leads to. */
async function hop(path: string) {
  const answer = await fetch(`${server!.origin}${path}`, { redirect: "manual" });
  const location = answer.headers.get("location");
  const to = location ? new URL(location, server!.origin).pathname : null;
  const page = to ? await fetch(`${server!.origin}${to}`, { redirect: "manual" }) : null;
  return { status: answer.status, to, pageStatus: page?.status };
}

test("a renamed page in English alone: its old address in every language leads to the English page, which answers", async () => {
  assert.ok(existsSync(join(site!.dist, NEW, "index.html")), "the renamed page is built");
  assert.ok(!existsSync(join(site!.dist, "ar", NEW)), "and is English only");
  for (const path of [`/${OLD}`, `/ar/${OLD}`, `/zh/${OLD}`, `/ar/${OLD}/`])
    assert.deepEqual(await hop(path), { status: 301, to: `/${NEW}`, pageStatus: 200 }, path);
});

test("an old address of a page in every language leads to the page in its own language", async () => {
  assert.deepEqual(await hop("/about-us"), { status: 301, to: "/about", pageStatus: 200 });
  assert.deepEqual(await hop("/ar/about-us"), { status: 301, to: "/ar/about", pageStatus: 200 });
  assert.deepEqual(await hop("/zh/about-us"), { status: 301, to: "/zh/about", pageStatus: 200 });
});
