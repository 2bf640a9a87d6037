import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";

// The README and docs/ stay true as files move: every relative link leads to a file (and a
// #fragment to one of its headings, as GitHub names them), every `npm run X` is a script.
const root = join(import.meta.dirname, "../..");

/** README.md and every Markdown file under docs/, relative to `dir`. */
function docFiles(dir: string): string[] {
  const docs = existsSync(join(dir, "docs"))
    ? readdirSync(join(dir, "docs"), { recursive: true, encoding: "utf8" })
        .filter((f) => f.endsWith(".md"))
        .map((f) => join("docs", f))
    : [];
  return ["README.md", ...docs.sort()];
}

/** The text without fenced code blocks and inline code: links there are examples, not links. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "").replace(/`[^`\n]*`/g, "");
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[`*]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** Every anchor a Markdown file has: its headings', numbered as GitHub numbers repeats. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  const withoutFences = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
  for (const [, text] of withoutFences.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(text);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** What is wrong with the docs under `dir`, one line each (empty when all is well). */
export function docProblems(dir: string): string[] {
  const scripts = Object.keys(
    (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { scripts: object }).scripts,
  );
  const problems: string[] = [];
  for (const file of docFiles(dir)) {
    const text = readFileSync(join(dir, file), "utf8");
    for (const [, target] of prose(text).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: ...
      const [path, fragment] = target.split("#", 2) as [string, string | undefined];
      const linked = path === "" ? join(dir, file) : resolve(dirname(join(dir, file)), path);
      if (relative(dir, linked).startsWith("..")) {
        problems.push(`${file}: ${target} leads outside the repository`);
      } else if (!existsSync(linked)) {
        problems.push(`${file}: ${target} names no file`);
      } else if (fragment !== undefined && linked.endsWith(".md")) {
        if (!anchors(readFileSync(linked, "utf8")).has(fragment)) {
          problems.push(`${file}: ${target} names no heading of ${relative(dir, linked)}`);
        }
      }
    }
    for (const [, name] of text.matchAll(/npm run ([\w:.-]+)/g)) {
      if (!scripts.includes(name)) problems.push(`${file}: npm run ${name} is not a script`);
    }
  }
  return problems;
}

test("every relative link in the docs leads to a file and heading, every npm run to a script", () => {
  assert.deepEqual(docProblems(root), []);
});

test("the README is at most 150 lines", () => {
  const lines = readFileSync(join(root, "README.md"), "utf8").trimEnd().split("\n").length;
  assert.ok(lines <= 150, `README.md has ${lines} lines`);
});

test("GitHub's heading anchors", () => {
  assert.equal(slug("Measuring: `npm run audit`"), "measuring-npm-run-audit");
  assert.equal(slug("Real visitors' numbers"), "real-visitors-numbers");
  assert.equal(slug("`SMTP_URL`"), "smtp_url");
  assert.equal(slug("Where a lead came from (campaigns)"), "where-a-lead-came-from-campaigns");
  assert.equal(slug("PAGES_DIR and REDIRECTS_FILE"), "pages_dir-and-redirects_file");
});

test("the check fails on a broken link, a missing heading and an unknown script", () => {
  const dir = mkdtempSync(join(tmpdir(), "eg-docs-"));
  try {
    mkdirSync(join(dir, "docs/staff"), { recursive: true });
    writeFileSync(join(dir, "package.json"), JSON.stringify({ scripts: { cms: "x" } }));
    writeFileSync(
      join(dir, "README.md"),
      "# Site\n\n[ok](docs/staff/editing.md#pictures), [gone](docs/gone.md), `npm run cms`\n",
    );
    writeFileSync(
      join(dir, "docs/staff/editing.md"),
      "# Editing\n\n## Pictures\n\n[no](../../README.md#nowhere) `npm run publish`\n" +
        "```\n[in code](not-checked.md)\n```\n",
    );
    assert.deepEqual(docProblems(dir), [
      "README.md: docs/gone.md names no file",
      "docs/staff/editing.md: ../../README.md#nowhere names no heading of README.md",
      "docs/staff/editing.md: npm run publish is not a script",
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
