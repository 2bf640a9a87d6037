import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { siteUnderTest } from "./harness";
import { routes } from "../../src/routes";
import { headersFor, metaPolicy, parseHeadersFile } from "../../src/build/headers";
import { builtLocales, localePath } from "../../src/i18n/pageLocale";
import { routesIn } from "../../src/i18n/pageLanguages";
import { ENQUIRY_PATH, EVENT_MANAGE_PATH, MANAGE_PATH } from "../../server/service/paths";

const t = siteUnderTest();

const rules = () => parseHeadersFile(readFileSync(join(t.site.dist, "_headers"), "utf8"));
const matching = (path: string) =>
  rules().filter((r) =>
    r.pattern.endsWith("*") ? path.startsWith(r.pattern.slice(0, -1)) : r.pattern === path,
  );
/** Every public page in every built language, as the server answers it. */
const publicPages = builtLocales.flatMap((l) =>
  [...routesIn(l, routes).map((r) => r.path), "/404.html"].map((p) => localePath(l, p)),
);
const serverPages = [
  ENQUIRY_PATH,
  `${MANAGE_PATH}?b=nobody&t=wrong`,
  `${EVENT_MANAGE_PATH}?r=nobody&t=wrong`,
];

test("_headers is a few rules any CDN reads, the same whatever the pages", () => {
  const text = readFileSync(join(t.site.dist, "_headers"), "utf8");
  // Cloudflare Pages reads 100 rules and 2,000 characters a line; Netlify has no lower limit.
  assert.ok(rules().length <= 12, `${rules().length} rules`);
  for (const line of text.split("\n")) assert.ok(line.length <= 2000, line.slice(0, 80));
  assert.doesNotMatch(text, /sha256-/, "no page's hashes: those are in the page");
  // No header set by two matching blocks: a CDN would join the two values.
  for (const path of [...publicPages, "/assets/x.css", "/admin/", ...serverPages]) {
    const names = matching(path.split("?")[0]).flatMap((r) => Object.keys(r.headers));
    assert.equal(new Set(names).size, names.length, `${path}: a header set twice`);
  }
});

test("every response is hardened; COOP only on the server's pages for one student, and /admin/", () => {
  const all = headersFor(rules(), "/");
  // The header's policy says only what a <meta> policy cannot: it takes no page's hash away.
  assert.equal(all["Content-Security-Policy"], "frame-ancestors 'none'");
  const hsts = /max-age=(\d+); includeSubDomains/.exec(all["Strict-Transport-Security"]);
  assert.ok(hsts && Number(hsts[1]) >= 2 * 365 * 24 * 3600, "HSTS two years, subdomains");
  for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"])
    assert.match(all["Permissions-Policy"], new RegExp(`(^|, )${feature}=\\(\\)`), feature);
  assert.equal(all["Cross-Origin-Resource-Policy"], "same-origin");
  assert.equal(all["X-Frame-Options"], "DENY");
  assert.equal(all["X-Content-Type-Options"], "nosniff");
  assert.equal(all["Referrer-Policy"], "strict-origin-when-cross-origin");
  assert.equal(
    headersFor(rules(), "/assets/x.css")["Cache-Control"],
    "public, max-age=31536000, immutable",
  );
  for (const path of publicPages)
    assert.equal(headersFor(rules(), path)["Cross-Origin-Opener-Policy"], undefined, path);
  for (const path of serverPages)
    assert.equal(
      headersFor(rules(), path.split("?")[0])["Cross-Origin-Opener-Policy"],
      "same-origin",
      path,
    );
  assert.equal(
    headersFor(rules(), "/admin/")["Cross-Origin-Opener-Policy"],
    "same-origin-allow-popups",
  );
});

test("an asset carries the shared headers only: nothing of a page's, at most 850 bytes", async () => {
  const home = await (await fetch(t.server.origin + "/")).text();
  const flags = /src="(\/assets\/flags-[^"#]+)#/.exec(home)?.[1];
  assert.ok(flags, "the flags sprite");
  const res = await fetch(t.server.origin + flags, { headers: { "Accept-Encoding": "br" } });
  await res.arrayBuffer();
  assert.equal(res.headers.get("content-security-policy"), "frame-ancestors 'none'");
  assert.equal(res.headers.get("cross-origin-opener-policy"), null);
  assert.equal(res.headers.get("x-content-type-options"), "nosniff");
  // As HTTP/1.1 writes them: status line, "Name: value" lines, the blank line. HTTP/2 and 3
  // send the shared ones once per connection (HPACK, QPACK).
  let bytes = "HTTP/1.1 200 OK\r\n".length + 2;
  res.headers.forEach((value, name) => (bytes += `${name}: ${value}\r\n`.length));
  assert.ok(bytes <= 850, `${flags}: ${bytes} bytes of headers`);
});

test("the server sends exactly what _headers says, and never _headers itself", async () => {
  const home = await (await fetch(t.server.origin + "/")).text();
  const css = /<link rel="stylesheet" href="([^"]+)"/.exec(home)?.[1];
  const card = /<meta property="og:image" content="[^"]*?(\/assets\/og-[^"]+)"/.exec(home)?.[1];
  assert.ok(css && card);
  const requests: [string, RequestInit?][] = [
    ["/"],
    ["/about"],
    ["/ar/book"],
    ["/guides/uk-student-visa"],
    [css],
    [card],
    ["/favicon.svg"],
    ["/icon-512.png"],
    ["/site.webmanifest"],
    ["/no-such-page"],
    ...serverPages.map((path) => [path] as [string]),
    [
      ENQUIRY_PATH,
      {
        method: "POST",
        headers: {
          Accept: "application/json",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ form: "enquiry" }).toString(),
      },
    ],
  ];
  for (const [path, init] of requests) {
    const res = await fetch(t.server.origin + path, init);
    await res.arrayBuffer();
    const expected = headersFor(rules(), path.split("?")[0]);
    assert.ok(Object.keys(expected).length >= 7, path);
    for (const [name, value] of Object.entries(expected))
      assert.equal(res.headers.get(name), value, `${init?.method ?? "GET"} ${path}: ${name}`);
  }
  // Pages are never cached blindly; the manifest is served as one.
  const page = await fetch(t.server.origin + "/about");
  assert.equal(page.headers.get("cache-control"), "no-cache");
  const manifest = await fetch(t.server.origin + "/site.webmanifest");
  assert.match(String(manifest.headers.get("content-type")), /^application\/manifest\+json/);
  // What tells a CDN how to serve the site is no page of it.
  for (const path of ["/_headers", "/_headers.br", "/%5Fheaders", "/_redirects"]) {
    const res = await fetch(t.server.origin + path);
    assert.equal(res.status, 404, path);
    assert.doesNotMatch(await res.text(), /X-Content-Type-Options/, path);
  }
});

test("the server's own pages carry the 404 page's policy in their head", async () => {
  const notFound = metaPolicy(readFileSync(join(t.site.dist, "404.html"), "utf8"));
  assert.ok(notFound);
  for (const path of serverPages) {
    const html = await (await fetch(t.server.origin + path)).text();
    assert.equal(metaPolicy(html), notFound, path);
  }
});

test("the policy Chromium enforces: only each page's own inline style and loader, never framed", async () => {
  const context = await t.browser.newContext();
  const page = await context.newPage();
  const sample = [
    ...builtLocales.flatMap((l) => ["/", "/book"].map((p) => localePath(l, p))),
    "/about",
    "/no-such-page",
    `${MANAGE_PATH}?b=nobody&t=wrong`,
  ];
  for (const path of sample) {
    await page.goto(t.server.origin + path);
    // Its own hashed inline loader ran, and its own inline style applies.
    await page.waitForFunction(() => document.documentElement.classList.contains("js"));
    const result = await page.evaluate(async () => {
      const violations: string[] = [];
      document.addEventListener("securitypolicyviolation", (e) =>
        violations.push(e.effectiveDirective),
      );
      const ownStyle = document.styleSheets[0]?.ownerNode?.nodeName;
      const script = document.createElement("script");
      script.textContent = "window.__injected = true";
      document.head.append(script);
      const style = document.createElement("style");
      style.textContent = "html{outline:7px solid red}";
      document.head.append(style);
      const handler = document.createElement("div");
      handler.setAttribute("onclick", "window.__injected = true");
      document.body.append(handler);
      handler.click();
      await new Promise((r) => setTimeout(r, 50));
      return {
        ownStyle,
        injected: "__injected" in window,
        outline: getComputedStyle(document.documentElement).outlineWidth,
        violations,
      };
    });
    assert.equal(result.ownStyle, "STYLE", `${path}: its inline style is a sheet`);
    assert.equal(result.injected, false, `${path}: an unhashed script ran`);
    assert.notEqual(result.outline, "7px", `${path}: an unhashed style applied`);
    assert.deepEqual(
      [...new Set(result.violations)].sort(),
      ["script-src-attr", "script-src-elem", "style-src-elem"],
      path,
    );
  }
  // No site may frame a page: the header's frame-ancestors, which a <meta> cannot carry.
  await page.setContent(`<iframe src="${t.server.origin}/about"></iframe>`);
  await page.waitForTimeout(500);
  const framed = page.frames().find((f) => f.url().includes("/about"));
  const title = framed ? await framed.title().catch(() => "") : "";
  assert.equal(title, "", "the page loaded in a frame");
  await context.close();
});

test("Chromium reports no CSP or policy problem on any page, and reads the manifest", async () => {
  const context = await t.browser.newContext();
  // Collected in the page itself: every securitypolicyviolation event, from the first byte.
  await context.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __violations: seen });
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (m) => {
    const expected404 = page.url().endsWith("/no-such-page") && m.text().includes("404");
    if ((m.type() === "error" || m.type() === "warning") && !expected404)
      problems.push(`${page.url()} ${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  const cdp = await context.newCDPSession(page);
  for (const path of [...routes.map((r) => r.path), "/no-such-page"]) {
    await page.goto(t.server.origin + path);
    await page.waitForLoadState("networkidle");
    // Scroll through, so every lazy island and image loads under the policy too.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState("networkidle");
    const violations = await page.evaluate(
      () => (window as unknown as { __violations: string[] }).__violations,
    );
    assert.deepEqual(violations, [], `${path}: CSP violations`);
    // The manifest's link is added after load: on a busy machine it may not be there yet.
    let manifest: { errors: { message: string }[]; data?: string } = { errors: [] };
    for (let t = 0; t < 40 && !manifest.data; t++) {
      if (t) await page.waitForTimeout(250);
      manifest = await cdp.send("Page.getAppManifest");
    }
    const { errors, data } = manifest;
    assert.deepEqual(errors, [], `${path}: manifest errors`);
    assert.equal((JSON.parse(data ?? "{}") as { short_name?: string }).short_name, "Eastgate");
  }
  // The map facade: the one frame the policy allows is only requested on a click (offline
  // here), so load it and check that the policy let the frame through.
  await page.goto(t.server.origin + "/contact");
  const frameRequested = page.waitForRequest((r) => r.url().startsWith("https://www.google.com/"));
  await page.locator("[data-office-map-load]").click();
  await frameRequested;
  const violations = await page.evaluate(
    () => (window as unknown as { __violations: string[] }).__violations,
  );
  assert.deepEqual(violations, [], "the map frame is allowed");
  assert.deepEqual(
    problems.filter((p) => !p.includes("www.google.com")),
    [],
    "console errors or warnings",
  );
  await context.close();
});
