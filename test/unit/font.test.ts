import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Window } from "happy-dom";
import { routes, notFoundRoute } from "../../src/routes";
import { renderRoute } from "../../src/build/render";
import { siteCharacters } from "../../src/build/font";
import { FALLBACKS, fallbackFaces, overrides } from "../../src/build/fontFallback";

const root = join(import.meta.dirname, "../..");

test("the font keeps every character any page shows", () => {
  const kept = new Set(siteCharacters());
  const assets = {
    css: "/a.css",
    font: "/f.woff2",
    worldMap: "/m.svg",
    flags: new Proxy<Record<string, string>>({}, { get: (_, code) => `/flag-${String(code)}.svg` }),
  };
  for (const route of [...routes, notFoundRoute]) {
    const { html } = renderRoute(route, assets, "/og.png");
    const { document } = new Window();
    document.write(html);
    const missing = [...new Set(document.body.textContent)].filter(
      // Format characters (the isolates around a phone number) are never drawn.
      (c) => !kept.has(c) && c.trim() !== "" && !/\p{Cf}/u.test(c),
    );
    assert.deepEqual(missing, [], `${route.path} shows characters the font lacks`);
  }
});

test("the characters come from the source: printable ASCII and what content/ and src/ write", () => {
  const dir = mkdtempSync(join(tmpdir(), "eg-chars-"));
  mkdirSync(join(dir, "content"));
  writeFileSync(join(dir, "content/a.ts"), 'export const t = "Café – 5 £";');
  writeFileSync(join(dir, "content/b.css"), "/* ignored: ☃ */");
  const chars = siteCharacters([join(dir, "content")]);
  rmSync(dir, { recursive: true, force: true });
  for (const c of "aZ09 ~é–£") assert.ok(chars.includes(c), c);
  assert.ok(!chars.includes("☃"), "only .ts and .tsx files are read");
  assert.equal(new Set(chars).size, chars.length, "each character once");
});

test("fallback faces take Fraunces's width and height: capsize's overrides", () => {
  // The same font against itself needs no correction.
  const same = overrides({ metrics: FALLBACKS[0].target, target: FALLBACKS[0].target });
  assert.equal(same.sizeAdjust, 1);
  for (const fallback of FALLBACKS) {
    const o = overrides(fallback);
    const width = (m: typeof fallback.metrics) => m.subsets.latin.xWidthAvg / m.unitsPerEm;
    // Scaled, the fallback's average glyph is as wide as Fraunces's, and its line as tall.
    assert.ok(Math.abs(width(fallback.metrics) * o.sizeAdjust - width(fallback.target)) < 1e-9);
    const ascent = fallback.target.ascent / fallback.target.unitsPerEm;
    assert.ok(Math.abs(o.ascentOverride * o.sizeAdjust - ascent) < 1e-9, fallback.family);
  }
  const css = fallbackFaces();
  assert.equal(css.match(/@font-face/g)?.length, FALLBACKS.length);
  assert.match(
    css,
    /font-family:"Fraunces fallback Times";font-weight:700;src:local\("Times New Roman Bold"\)/,
  );
});

test("the stylesheet names the fallbacks right after Fraunces", () => {
  const tokens = readFileSync(join(root, "src/styles/tokens.css"), "utf8");
  const families = [...new Set(FALLBACKS.map((f) => `"${f.family}"`))].join(", ");
  const flat = tokens.replace(/\s+/g, " ");
  assert.match(flat, new RegExp(`--font-brand: "Fraunces", ${families},`));
  assert.match(flat, /--font-display: var\(--font-brand\);/);
  // Arabic and Chinese pages draw the wordmark in the stand-ins alone: no font fetched there.
  assert.match(flat, new RegExp(`:root:lang\\(zh-Hans\\) \\{ --font-brand: ${families},`));
});
