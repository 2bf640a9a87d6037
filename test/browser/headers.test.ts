import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { siteUnderTest } from "./harness";
import { routes } from "../../src/routes";
import { headersFor, parseHeadersFile } from "../../src/build/headers";
import { ENQUIRY_PATH } from "../../server/paths";

const t = siteUnderTest();

const rules = () => parseHeadersFile(readFileSync(join(t.site.dist, "_headers"), "utf8"));

test("documents get the full set: strict CSP, HSTS, Permissions-Policy, COOP, CORP, XFO", () => {
  const all = headersFor(rules(), "/");
  const csp = all["Content-Security-Policy"];
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
  const frames = csp.split("; ").find((d) => d.startsWith("frame-src"));
  assert.equal(frames, "frame-src https://www.google.com", "the map is the only frame");
  assert.match(csp, /frame-ancestors 'none'/);
  assert.match(csp, /default-src 'self'/); // covers manifest-src; img-src covers the icons
  const hsts = /max-age=(\d+); includeSubDomains/.exec(all["Strict-Transport-Security"]);
  assert.ok(hsts && Number(hsts[1]) >= 2 * 365 * 24 * 3600, "HSTS two years, subdomains");
  for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"])
    assert.match(all["Permissions-Policy"], new RegExp(`(^|, )${feature}=\\(\\)`), feature);
  assert.equal(all["Cross-Origin-Opener-Policy"], "same-origin");
  assert.equal(all["Cross-Origin-Resource-Policy"], "same-origin");
  assert.equal(all["X-Frame-Options"], "DENY");
  assert.equal(all["X-Content-Type-Options"], "nosniff");
  assert.equal(all["Referrer-Policy"], "strict-origin-when-cross-origin");
  assert.equal(
    headersFor(rules(), "/assets/x.css")["Cache-Control"],
    "public, max-age=31536000, immutable",
  );
  // Each page's policy names its own inline style only, and no header is set by two blocks
  // (a CDN would join the two values; two CSPs would both apply).
  for (const path of ["/", "/about", "/about/", "/about/index.html", "/404.html"]) {
    const matching = rules().filter((r) =>
      r.pattern.endsWith("*") ? path.startsWith(r.pattern.slice(0, -1)) : r.pattern === path,
    );
    const names = matching.flatMap((r) => Object.keys(r.headers));
    assert.equal(new Set(names).size, names.length, `${path}: a header set twice`);
    assert.match(
      headersFor(rules(), path)["Content-Security-Policy"],
      /style-src 'self' 'sha256-[^' ]+'; /,
    );
  }
});

test("an asset carries only what a file needs: at most 400 bytes of headers", async () => {
  const home = await (await fetch(t.server.origin + "/")).text();
  const flags = /src="(\/assets\/flags-[^"#]+)#/.exec(home)?.[1];
  assert.ok(flags, "the flags sprite");
  const res = await fetch(t.server.origin + flags, { headers: { "Accept-Encoding": "br" } });
  await res.arrayBuffer();
  assert.equal(res.headers.get("content-security-policy"), null);
  assert.equal(res.headers.get("permissions-policy"), null);
  assert.equal(res.headers.get("x-content-type-options"), "nosniff");
  assert.equal(res.headers.get("cross-origin-resource-policy"), "same-origin");
  // As HTTP/1.1 writes them: status line, "Name: value" lines, the blank line.
  let bytes = "HTTP/1.1 200 OK\r\n".length + 2;
  res.headers.forEach((value, name) => (bytes += `${name}: ${value}\r\n`.length));
  assert.ok(bytes <= 400, `${flags}: ${bytes} bytes of headers`);
});

test("the server sends exactly what _headers says: pages, assets, icons, enquiries, 404", async () => {
  const home = await (await fetch(t.server.origin + "/")).text();
  const css = /<link rel="stylesheet" href="([^"]+)"/.exec(home)?.[1];
  const card = /<meta property="og:image" content="[^"]*?(\/assets\/og-[^"]+)"/.exec(home)?.[1];
  assert.ok(css && card);
  const requests: [string, RequestInit?][] = [
    ["/"],
    ["/about"],
    ["/guides/uk-student-visa"],
    [css],
    [card],
    ["/favicon.svg"],
    ["/icon-512.png"],
    ["/site.webmanifest"],
    ["/no-such-page"],
    [ENQUIRY_PATH],
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
    // The server's own answers (form results, unknown URLs) are pages under the 404 page's policy.
    const own = path === ENQUIRY_PATH || path === "/no-such-page";
    const expected = headersFor(rules(), own ? "/404.html" : path);
    const isDocument = own || !/\.\w+$/.test(path);
    assert.ok(Object.keys(expected).length >= (isDocument ? 8 : 2), path);
    if (!isDocument) assert.equal(expected["Content-Security-Policy"], undefined, path);
    for (const [name, value] of Object.entries(expected))
      assert.equal(res.headers.get(name), value, `${init?.method ?? "GET"} ${path}: ${name}`);
  }
  // Pages are never cached blindly; the manifest is served as one.
  const page = await fetch(t.server.origin + "/about");
  assert.equal(page.headers.get("cache-control"), "no-cache");
  const manifest = await fetch(t.server.origin + "/site.webmanifest");
  assert.match(String(manifest.headers.get("content-type")), /^application\/manifest\+json/);
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
    const { errors, data } = (await cdp.send("Page.getAppManifest")) as {
      errors: { message: string }[];
      data?: string;
    };
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
