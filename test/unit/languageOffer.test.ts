import { test } from "node:test";
import assert from "node:assert/strict";
import { Window } from "happy-dom";
import { offeredLink } from "../../src/client/languageOffer";

// The switcher of an English page: its links to the Arabic and Chinese pages.
const { document } = new Window({ url: "http://localhost/about" });
document.body.innerHTML = `
  <a href="/ar/about" hreflang="ar" lang="ar" data-offer="هذه الصفحة متوفرة بالعربية">العربية</a>
  <a href="/zh/about" hreflang="zh-Hans" lang="zh-Hans" data-offer="本页有中文版">中文</a>`;
const links = [...document.querySelectorAll("a")] as unknown as HTMLAnchorElement[];
const offered = (prefs: string[], page = "en") => offeredLink(prefs, page, links)?.hreflang;

test("the browser's first language we publish is offered, unless the page is in it", () => {
  assert.equal(offered(["ar-SA", "en"]), "ar");
  assert.equal(offered(["zh-CN", "zh", "en"]), "zh-Hans");
  assert.equal(offered(["fr-FR", "ar"]), "ar", "a language we do not publish is passed over");
  assert.equal(offered(["en-GB", "ar"]), undefined, "the page is already in a preferred language");
  assert.equal(offered(["ar", "en"], "ar"), undefined);
  assert.equal(offered(["de", "fr"]), undefined);
});

test("Traditional Chinese readers are not offered the Simplified pages", () => {
  assert.equal(offered(["zh-TW", "en"]), undefined);
  assert.equal(offered(["zh-Hant-HK", "ar"]), "ar");
});
