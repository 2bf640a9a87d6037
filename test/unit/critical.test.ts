import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { criticalCssFor, inlineCriticalCss, styleHash } from "../../src/build/critical";

const page = (body: string) =>
  `<!DOCTYPE html><html lang="en"><head><title>t</title></head><body>${body}</body></html>`;
const SHEET = "/assets/main-abc.css";
const critical = (css: string, body: string) => criticalCssFor(css, SHEET)(page(body));

test("keeps the rules whose selectors match the page, and only the selectors that match", () => {
  const css = ".card{color:red}.unused{color:blue}main>.card p,.nowhere{margin:0}";
  assert.equal(
    critical(css, '<main><div class="card"><p>x</p></div></main>'),
    ".card{color:red}main>.card p{margin:0}",
  );
});

test("a rule for a state keeps when the rest of its selector matches the page", () => {
  const css = [
    "a:hover{color:red}",
    ".js .menu{display:none}",
    "html:not(.js) .menu{display:block}",
    ".hero.is-enhanced>.track{display:grid}",
    '.toggle[aria-expanded="true"]+ul{display:block}',
    ".site-header.nav-open .bars:before{content:''}",
    "p::after{content:''}",
    ".field input:focus-visible{outline:2px solid}",
    // The same states on elements the page does not have.
    ".other:hover{color:blue}",
    ".js .absent{display:none}",
    ".missing.is-open{display:block}",
  ].join("");
  const body =
    '<a href="/">x</a><ul class="menu"></ul><div class="hero"><div class="track"></div></div>' +
    '<button class="toggle" aria-expanded="false"></button><ul></ul><p>p</p>' +
    '<header class="site-header"><span class="bars"></span></header>' +
    '<div class="field"><input name="n"></div>';
  const kept = critical(css, body);
  for (const rule of css.split("}").slice(0, 8)) assert.ok(kept.includes(rule), rule);
  for (const rule of [".other", ".absent", ".missing"]) assert.ok(!kept.includes(rule), rule);
});

test("media queries keep what matches and vanish when nothing does", () => {
  const css =
    "@media (max-width:768px){.card{padding:0}.unused{padding:1px}}" +
    "@media print{.unused{display:none}}@supports (display:grid){@media (min-width:1px){.none{x:y}}}";
  assert.equal(
    critical(css, '<div class="card"></div>'),
    "@media (max-width:768px){.card{padding:0}}",
  );
});

test("font faces a kept rule names stay, with url()s made absolute; keyframes only when a kept rule runs them", () => {
  const css =
    '@font-face{font-family:F;src:url("./f-1.woff2") format("woff2")}' +
    '@font-face{font-family:"F fallback";src:local("Georgia");size-adjust:105%}' +
    "@font-face{font-family:D;src:url(data:font/woff2;base64,AA)}" +
    '@font-face{font-family:"Other script local";src:local("Other")}' +
    ':root{--font:F,"F fallback",serif}:lang(xx){--font:"Other script local"}' +
    ".bg{background:url(./dot.svg);font:700 1rem/1 D,serif}" +
    "@keyframes spin{to{rotate:1turn}}@keyframes fade{to{opacity:0}}" +
    ".spinner{animation:spin 1s linear infinite}.gone{animation-name:fade}";
  const kept = critical(css, '<html><div class="spinner bg"></div></html>');
  assert.match(
    kept,
    /@font-face\{font-family:F;src:url\("\/assets\/f-1\.woff2"\) format\("woff2"\)\}/,
  );
  assert.match(kept, /@font-face\{font-family:"F fallback";src:local\("Georgia"\)/);
  assert.match(kept, /src:url\(data:font\/woff2;base64,AA\)/, "a font in the CSS costs no request");
  assert.doesNotMatch(kept, /Other script local/, "a face no kept rule names is left out");
  assert.match(kept, /background:url\(\/assets\/dot\.svg\)/, "url()s resolve from the page");
  assert.match(kept, /@keyframes spin\{/);
  assert.doesNotMatch(kept, /fade/);
});

test("a selector the matcher cannot read is kept rather than lost", () => {
  const kept = critical("input:-webkit-autofill{color:red}.absent{color:blue}", "<input>");
  assert.equal(kept, "input:-webkit-autofill{color:red}");
});

test("the inline style goes before the stylesheet link, which waits for load", () => {
  const html = `<head><link rel="stylesheet" href="${SHEET}"/></head>`;
  assert.equal(
    inlineCriticalCss(html, SHEET, "p{margin:0}"),
    "<head><style>p{margin:0}</style>" +
      `<noscript data-after-load><link rel="stylesheet" href="${SHEET}"/></noscript></head>`,
  );
  assert.throws(() => inlineCriticalCss("<head></head>", SHEET, ""), /no <link/);
  assert.throws(() => inlineCriticalCss(html, SHEET, "p{}</style>"), /would end its <style>/);
});

test("the CSP hash is the base64 sha256 of the style's UTF-8 bytes", () => {
  const css = '.quote:before{content:"\u201c"}';
  const digest = createHash("sha256").update(Buffer.from(css, "utf8")).digest("base64");
  assert.equal(styleHash(css), `'sha256-${digest}'`);
});
