import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import sirv from "sirv";
import type { BrowserContextOptions, Page } from "playwright-core";
import { siteUnderTest } from "./harness";
import { expectNoViolations, widths } from "./axe";

const t = siteUnderTest();
const phone = widths[0].options;
const desktop = widths[1].options;

/** A query in each language and the page it must list first among its first three. */
const QUERIES = [
  { prefix: "", query: "scholarships", page: "/guides/scholarships-for-international-students" },
  { prefix: "/ar", query: "تأشيرة", page: "/ar/guides/uk-student-visa" },
  { prefix: "/zh", query: "奖学金", page: "/zh/guides/scholarships-for-international-students" },
];

async function open(path: string, options: BrowserContextOptions & { locale?: string }) {
  const context = await t.browser.newContext(options);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(t.server.origin + path);
  // The header's behaviour starts once the first screen is painted.
  if (options.javaScriptEnabled !== false)
    await page.waitForFunction(() => document.documentElement.classList.contains("js"));
  return { page, errors, close: () => context.close() };
}

const resultLinks = (page: Page) =>
  page
    .locator("#search-results .search-result-title a")
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));

for (const { prefix, query, page: expected } of QUERIES)
  test(`${prefix || "/"}: without JavaScript, the header's button leads to the search page and our server answers the form`, async () => {
    const { page, close } = await open(`${prefix}/about`, { ...phone, javaScriptEnabled: false });
    try {
      await page.locator(".search-toggle").click();
      assert.equal(new URL(page.url()).pathname, `${prefix}/search`);
      assert.ok(
        await page.locator("form[data-header-search]").isHidden(),
        "the header's field needs the script",
      );
      await page.locator("main input[name=q]").fill(query);
      await page.locator("main form[role=search] button[type=submit]").click();
      await page.waitForURL(/\?q=/);
      assert.equal(await page.locator("main input[name=q]").inputValue(), query);
      const links = await resultLinks(page);
      assert.ok(
        links.slice(0, 3).includes(expected),
        `${expected} in ${links.slice(0, 3).join(", ")}`,
      );
      assert.match((await page.locator("main [data-search-status]").textContent()) ?? "", /\d/);
      assert.equal(await page.locator(".search-offline").count(), 0, "no word of needing a script");
      assert.ok((await page.locator("#search-results mark").count()) > 0, "matched words marked");
    } finally {
      await close();
    }
  });

test("the server escapes the query and answers nothing for one letter", async () => {
  const html = await (
    await fetch(`${t.server.origin}/search?q=%3Cscript%3Ex%3C/script%3E%22`)
  ).text();
  assert.ok(!html.includes("<script>x</script>"));
  assert.match(html, /value="&lt;script&gt;x&lt;\/script&gt;&quot;"/);
  const one = await (await fetch(`${t.server.origin}/search?q=v`)).text();
  assert.match(one, /<div id="search-results"[^>]*><\/div>/);
  assert.match(one, /Type at least two letters/);
  const response = await fetch(`${t.server.origin}/ar/search/?q=visa`, {
    headers: { "Accept-Encoding": "br" },
  });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-encoding"), "br");
  assert.match(response.headers.get("content-security-policy") ?? "", /frame-ancestors/);
});

/** The links of the results our server writes into its search page, in order. */
const serverResults = async (path: string) =>
  [
    ...(await (await fetch(`${t.server.origin}${path}`)).text()).matchAll(
      /<h2 class="search-result-title"><a href="([^"]+)"/g,
    ),
  ].map((m) => m[1].split("#")[0]);

test("what the site calls a page and the staff's synonyms: the same in the header's suggestions and our server's page", async () => {
  // The Chinese header listed scholarships, funding, the visa guide and services for 费用, not the planner.
  const planner = await (await fetch(`${t.server.origin}/zh/cost-of-study`)).text();
  const title = /<h1[^>]*>(.*?)<\/h1>/s.exec(planner)?.[1].replace(/<[^>]+>/g, "");
  assert.ok(title);
  const { page, errors, close } = await open("/zh/about", { ...phone, locale: "zh" });
  try {
    await page.locator(".search-toggle").click();
    await page.waitForFunction(() => document.activeElement?.id === "header-search-input");
    await page.keyboard.type("费用");
    await page.locator("#header-search-list [role=option]").first().waitFor();
    const labels = await page
      .locator("#header-search-list .combobox-option-label")
      .allTextContents();
    assert.ok(labels.slice(0, 3).includes(title), `${title} in ${labels.join(" | ")}`);
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
  for (const [path, expected] of [
    [`/zh/search?q=${encodeURIComponent("费用")}`, "/zh/cost-of-study"],
    [`/ar/search?q=${encodeURIComponent("التكاليف")}`, "/ar/cost-of-study"],
    [`/zh/search?q=${encodeURIComponent("雅思")}`, "/zh/guides/uk-student-visa"],
    [`/search?q=housing`, "/student-services"],
  ]) {
    const links = await serverResults(path);
    assert.ok(links.slice(0, 3).includes(expected), `${path}: ${expected} in ${links.join(", ")}`);
  }
});

test("an event's result says its date and the places left now, from the events desk", async () => {
  const html = await (
    await fetch(`${t.server.origin}/search?q=personal+statement+workshop`)
  ).text();
  const result = /<li class="search-result">.*?<\/li>/s.exec(html)?.[0] ?? "";
  assert.match(result, /href="\/events\/personal-statement-workshop"/);
  assert.match(result, /class="search-result-when">Saturday 12 December.*places left</);
});

test("a copy of the site with no server: the search page says what to do without JavaScript, and searches with it", async () => {
  const files = createServer(sirv(t.site.dist, { extensions: ["html"] }));
  await new Promise<void>((done) => files.listen(0, "127.0.0.1", done));
  const origin = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  try {
    const off = await t.browser.newContext({ ...desktop, javaScriptEnabled: false });
    const page = await off.newPage();
    await page.goto(`${origin}/search?q=visa`);
    assert.ok(await page.locator(".search-offline").isVisible());
    assert.match((await page.locator(".search-offline").textContent()) ?? "", /JavaScript/);
    await off.close();
    const on = await t.browser.newContext(desktop);
    const withScript = await on.newPage();
    await withScript.goto(`${origin}/search?q=visa`);
    await withScript.locator("#search-results .search-result").first().waitFor();
    assert.ok(await withScript.locator(".search-offline").isHidden());
    assert.equal((await resultLinks(withScript))[0], "/guides/uk-student-visa");
    await on.close();
  } finally {
    files.close();
  }
});

test("the search page loads search only when its address asks a query or its field is focused", async () => {
  const { page, errors, close } = await open("/ar/search", { ...phone, locale: "ar" });
  try {
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    await page.waitForLoadState("networkidle");
    assert.deepEqual(
      requests.filter((url) => /^\/assets\/.*search/.test(new URL(url).pathname)),
      [],
      "nothing of search before the field is used",
    );
    await page.locator("main input[name=q]").fill("تأشيرة");
    await page.locator("#search-results .search-result").first().waitFor();
    assert.ok(requests.some((url) => /\/assets\/lazy-ar-client-search-\w+\.js$/.test(url)));
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test("nothing of search loads until a field is focused; then one language's first query stays under 60 kB", async () => {
  const { page, errors, close } = await open("/about", desktop);
  try {
    const requests: { url: string; size: Promise<number> }[] = [];
    page.on("requestfinished", (r) =>
      requests.push({ url: r.url(), size: r.sizes().then((s) => s.responseBodySize) }),
    );
    await page.waitForLoadState("networkidle");
    assert.deepEqual(
      requests.filter((r) => /search/.test(r.url)).map((r) => r.url),
      [],
    );
    const before = requests.length;
    await page.locator(".search-toggle").click();
    await page.keyboard.type("visa");
    await page.locator("#header-search-list [role=option]").first().waitFor();
    await page.waitForLoadState("networkidle");
    const loaded = requests.slice(before);
    const bytes = (await Promise.all(loaded.map((r) => r.size))).reduce((a, b) => a + b, 0);
    assert.ok(
      loaded.some((r) => /\/assets\/search-en-\w+\.json$/.test(r.url)),
      "the English index",
    );
    assert.ok(
      bytes <= 60 * 1024,
      `a first query fetched ${bytes} B: ${loaded.map((r) => r.url).join(", ")}`,
    );
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test("keyboard: the header's combobox in Arabic on a phone: open, suggestions, arrows, Enter, Escape", async () => {
  const { page, errors, close } = await open("/ar/about", { ...phone, locale: "ar" });
  try {
    const toggle = page.locator(".search-toggle");
    const input = page.locator("#header-search-input");
    await toggle.focus();
    await page.keyboard.press("Enter");
    assert.equal(await toggle.getAttribute("aria-expanded"), "true");
    await page.waitForFunction(() => document.activeElement?.id === "header-search-input");
    await page.keyboard.type("تأشيرة");
    const options = page.locator("#header-search-list [role=option]");
    await options.first().waitFor();
    assert.equal(await input.getAttribute("aria-expanded"), "true");
    assert.match(
      (await page.locator("form[data-header-search] [role=status]").textContent()) ?? "",
      /\d/,
    );
    await expectNoViolations(page, "/ar/about with the search suggestions open (phone)");
    await page.keyboard.press("ArrowDown");
    const active = await input.getAttribute("aria-activedescendant");
    assert.equal(active, await options.first().getAttribute("id"));
    assert.equal(await options.first().getAttribute("aria-selected"), "true");
    await page.keyboard.press("ArrowUp");
    assert.equal(await input.getAttribute("aria-activedescendant"), null, "back to the field");
    await page.keyboard.press("Escape");
    assert.ok(await page.locator("#header-search-list").isHidden(), "Escape closes the list");
    assert.equal(await input.inputValue(), "تأشيرة");
    await page.keyboard.press("Escape");
    assert.equal(await input.inputValue(), "", "a second Escape clears");
    await page.keyboard.press("Escape");
    assert.ok(await page.locator("form[data-header-search]").isHidden(), "a third closes");
    assert.ok(
      await toggle.evaluate((e) => e === document.activeElement),
      "focus back on the button",
    );
    // Enter on a suggestion goes to it.
    await page.keyboard.press("Enter");
    await page.keyboard.type("تأشيرة");
    await options.first().waitFor();
    await page.keyboard.press("ArrowDown");
    await Promise.all([
      page.waitForURL(/\/ar\/guides\/uk-student-visa/),
      page.keyboard.press("Enter"),
    ]);
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

for (const { name, options } of widths)
  for (const { prefix, query, page: expected } of QUERIES)
    test(`${prefix || "/"}search at ${name} width: results as you type, the address follows, 0 axe`, async () => {
      const { page, errors, close } = await open(`${prefix}/search`, {
        ...options,
        ...(prefix ? { locale: prefix.slice(1) } : {}),
      });
      try {
        await page.locator("main input[name=q]").fill(query);
        await page.locator("#search-results .search-result").first().waitFor();
        const links = await resultLinks(page);
        assert.ok(
          links.slice(0, 3).includes(expected),
          `${expected} in ${links.slice(0, 3).join(", ")}`,
        );
        await page.waitForFunction(
          (q) => new URL(location.href).searchParams.get("q") === q,
          query,
        );
        await expectNoViolations(page, `${prefix}/search?q=${query} (${name})`);
        await page.locator("main input[name=q]").press("Escape");
        await page.waitForFunction(() => !document.querySelector("#search-results li"));
        assert.deepEqual(errors, []);
      } finally {
        await close();
      }
    });

test("an answer in a language's script: Arabic results at 390 px, English at 1280 px (screenshots for the note)", async () => {
  const shots = process.env.SEARCH_SCREENSHOTS;
  if (!shots) return;
  for (const [path, options, file] of [
    ["/ar/search?q=" + encodeURIComponent("منحة"), phone, "search-ar-390.png"],
    ["/search?q=visa", desktop, "search-en-1280.png"],
  ] as const) {
    const { page, close } = await open(path, options);
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `${shots}/${file}`, fullPage: true });
    await close();
  }
});
