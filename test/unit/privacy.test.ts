/**
 * The privacy notice: its periods are content/retention.yaml's, never written twice (a page
 * rendered against other settings shows those); every form of the build, in every language,
 * says under its button that the notice applies, links the notice in the page's language and
 * sends the notice's version; every page's footer links it.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { noticeVersion } from "../../src/content/privacy";
import { RETENTION_FILE } from "../../src/content/retention";
import { dist } from "../browser/harness";

const root = join(import.meta.dirname, "../..");

/** The page's main content rendered in a process with these retention settings and language. */
function renderWith(retention: string, locale: string) {
  const dir = mkdtempSync(join(tmpdir(), "eg-privacy-"));
  try {
    const file = join(dir, "retention.yaml");
    writeFileSync(file, retention);
    const run = spawnSync(
      process.execPath,
      ["--import", "tsx", join(root, "test/fixtures/renderPrivacy.tsx")],
      { env: { ...process.env, RETENTION_FILE: file, PAGE_LOCALE: locale }, encoding: "utf8" },
    );
    assert.equal(run.status, 0, run.stderr);
    return run.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("the periods on the notice are the retention settings', in each language", () => {
  const settings = readFileSync(RETENTION_FILE, "utf8")
    .replace(
      /enquiries:\n {2}keep: \d+\n {2}unit: months/,
      "enquiries:\n  keep: 18\n  unit: months",
    )
    .replace(/deliveries:\n {2}keep: \d+\n {2}unit: days/, "deliveries:\n  keep: 45\n  unit: days");
  const periods = (html: string) => [...html.matchAll(/<dd>([^<]+)<\/dd>/g)].map((m) => m[1]);
  assert.deepEqual(periods(renderWith(settings, "en")), [
    "18 months",
    "24 months",
    "12 months",
    "45 days",
    "24 months",
  ]);
  assert.deepEqual(periods(renderWith(settings, "zh")).slice(0, 4), [
    "18个月",
    "24个月",
    "12个月",
    "45天",
  ]);
  assert.match(periods(renderWith(settings, "ar"))[0], /^18 شهرًا$/);
});

/** Every built page, with its language's prefix. */
function builtPages() {
  const pages: { path: string; html: string; prefix: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name === "index.html") {
        const path = `/${relative(dist, dir)}`;
        pages.push({
          path,
          html: readFileSync(file, "utf8"),
          prefix: /^\/(ar|zh)(\/|$)/.exec(path)?.[0].replace(/\/$/, "") ?? "",
        });
      }
    }
  };
  walk(dist);
  return pages;
}

test("every form that sends a lead carries the notice's line, its link and its version; every footer links it", () => {
  // The site's pages (the editor's, under /admin, are not the site's).
  const pages = builtPages().filter((p) => !p.path.startsWith("/admin"));
  assert.ok(pages.length > 90, `a whole build in ${dist}`);
  let forms = 0;
  for (const { path, html, prefix } of pages) {
    const link = `<a href="${prefix}/privacy">`;
    const footer = html.slice(html.indexOf('<footer class="site-footer"'));
    assert.ok(
      footer.startsWith("<footer") && footer.includes(link),
      `${path}: the footer links it`,
    );
    for (const [form] of html.matchAll(/<form [^>]*action="\/api\/[^"]*"[\s\S]*?<\/form>/g)) {
      forms++;
      assert.ok(
        form.includes(`<input type="hidden" name="notice" value="${noticeVersion}"/>`),
        `${path}: a form without the notice's version`,
      );
      assert.match(form, new RegExp(`class="form-note form-privacy">[^<]*${link}`), path);
    }
  }
  // The enquiry forms (home, contact, about...), the booking form, each open event's form.
  assert.ok(forms >= 3 * 8, `${forms} forms`);
});
