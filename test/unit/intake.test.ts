/**
 * The promoted intake is one edit: its name in every language comes from its month, and the
 * translations name it `{intake}`, so moving it on needs no new translation. The roll-forward is
 * tested on a copy of content/ and src/ with that one line changed, rendered in each language.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { intakeMonth, intakeName } from "../../src/lib/intake";

const root = join(import.meta.dirname, "../..");

test("an intake's month, and its name in each language with Latin digits", () => {
  assert.equal(intakeMonth("January 2026"), "2026-01");
  assert.equal(intakeMonth("September 2027"), "2027-09");
  for (const bad of ["Janvier 2026", "january 2026", "2026-01", "January", "January 26"])
    assert.equal(intakeMonth(bad), undefined, bad);
  assert.equal(intakeName("January 2026", "en"), "January 2026");
  assert.equal(intakeName("January 2026", "ar"), "يناير 2026");
  assert.equal(intakeName("January 2026", "zh-Hans"), "2026年1月");
  assert.equal(intakeName("September 2027", "ar"), "سبتمبر 2027");
});

// Renders the home page and the intake guide in each language, one after another in one process
// (each in its locale's scope), and lists their social cards' titles and the stale translations,
// from the content beside it.
const RENDER = `
import { applyTranslations } from "./src/i18n/apply";
import { inLocale } from "./src/i18n/inLocale";
const { renderRoute, socialCards, routeName } = await import("./src/build/render");
const { routes } = await import("./src/routes");
const assets = { css: "/a.css", font: "/f.woff2", worldMap: "/m.svg", flags: new Proxy({}, { get: () => "/flag.svg" }) };
const out = {};
for (const code of ["en", "ar", "zh"])
  out[code] = inLocale(code, () => {
    const stale = code === "en" ? [] : applyTranslations(code).stale;
    const pages = Object.fromEntries(
      ["/", "/guides/january-2026-intake"].map((path) => [
        path,
        renderRoute(routes.find((r) => r.path === path), assets, "/og.png").html,
      ]),
    );
    const card = socialCards().get(routeName("/guides/january-2026-intake")).title;
    return { pages, card, stale: stale.map((s) => s.unit.field) };
  });
console.log(JSON.stringify(out));
`;

test("moving the intake on is one edit: hero, ticker, promotion, guide, structured data and social card follow in every language, no translation stale", () => {
  const dir = mkdtempSync(join(tmpdir(), "eg-intake-"));
  try {
    for (const name of ["content", "src"])
      cpSync(join(root, name), join(dir, name), { recursive: true });
    for (const name of ["node_modules", "package.json", "tsconfig.json", "static"])
      symlinkSync(join(root, name), join(dir, name));
    const site = join(dir, "content/site.yaml");
    const before = readFileSync(site, "utf8");
    const after = before
      .replace("\npromotedIntake: January 2026\n", "\npromotedIntake: September 2027\n")
      .replace(
        '\npromotedIntakeApplyBy: "2025-11-07"\n',
        '\npromotedIntakeApplyBy: "2027-07-31"\n',
      );
    assert.equal(
      after.split("\n").filter((line, i) => line !== before.split("\n")[i]).length,
      2,
      "content/site.yaml names the promoted intake and its close in one place each",
    );
    writeFileSync(site, after);
    writeFileSync(join(dir, "render.mts"), RENDER);
    const run = spawnSync(process.execPath, ["--import", "tsx", "render.mts"], {
      cwd: dir,
      encoding: "utf8",
    });
    assert.equal(run.status, 0, run.stderr);
    const rendered = JSON.parse(run.stdout) as Record<
      string,
      { pages: Record<string, string>; card: string; stale: string[] }
    >;
    for (const [code, lang, next, old] of [
      ["en", "en", "September 2027", "January 2026"],
      ["ar", "ar", "سبتمبر 2027", "يناير 2026"],
      ["zh", "zh-Hans", "2027年9月", "2026年1月"],
    ]) {
      const { pages, card, stale } = rendered[code];
      assert.deepEqual(stale, [], `${code}: a translation went stale`);
      assert.match(card, new RegExp(next), `${code}: the guide's social card`);
      const home = pages["/"];
      const guide = pages["/guides/january-2026-intake"];
      assert.match(home, new RegExp(`<html lang="${lang}"`));
      for (const [page, html] of Object.entries(pages)) {
        assert.ok(!html.includes(old), `${code} ${page} still names ${old}`);
        assert.ok(!html.includes("{intake}"), `${code} ${page} shows the placeholder`);
      }
      // The hero slide, the ticker and the promotion band each name it.
      assert.ok(home.split(next).length - 1 >= 4, `${code}: home names ${next} too few times`);
      const headline = /"headline":"([^"]*)"/.exec(guide)?.[1] ?? "";
      assert.match(headline, new RegExp(next), `${code}: the guide's structured data`);
      assert.match(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(guide)?.[1] ?? "", new RegExp(next));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
