import { test } from "node:test";
import assert from "node:assert/strict";
import { siteUnderTest } from "./harness";

const t = siteUnderTest();
const reports = () => t.server.vitals();

test("a page view sends its Web Vitals once, when the page is hidden, with no identifier", async () => {
  const context = await t.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${t.server.origin}/about`);
  // The reporter loads after the first paint, when the browser is idle.
  await page.waitForFunction(() =>
    performance.getEntriesByType("resource").some((r) => r.name.includes("lazy-client-vitals")),
  );
  const [fcp, reporter] = await page.evaluate(() => [
    performance.getEntriesByName("first-contentful-paint")[0].startTime,
    performance.getEntriesByType("resource").find((r) => r.name.includes("lazy-client-vitals"))!
      .startTime,
  ]);
  assert.ok(reporter > fcp, `reporter requested at ${reporter} ms, first paint ${fcp} ms`);
  assert.deepEqual(await reports(), [], "nothing is sent while the page is in view");
  // Interactions before the reporter runs are not seen (web-vitals observes from its start):
  // give the module its time to run once it has arrived.
  await page.waitForFunction(() =>
    performance
      .getEntriesByType("resource")
      .some((r) => r.name.includes("lazy-client-vitals") && r.responseEnd > 0),
  );
  await page.waitForTimeout(500);
  // An interaction, for INP; then leaving the page hides it.
  await page.locator("h1").click();
  await page.keyboard.press("Tab");
  // web-vitals takes in an interaction when the browser is next idle: a visitor reads on.
  await page.waitForTimeout(500);
  await page.goto(`${t.server.origin}/contact`);
  await waitFor(async () => (await reports()).length === 1);
  const [report] = await reports();
  assert.equal(report.route, "/about");
  assert.equal(report.device, "phone");
  assert.deepEqual(
    report.metrics.map((m) => m.name).sort(),
    ["CLS", "FCP", "INP", "LCP", "TTFB"],
    "all five metrics in one report",
  );
  for (const m of report.metrics) {
    assert.ok(Number.isFinite(m.value) && m.value >= 0, m.name);
    assert.match(m.rating, /^(good|needs-improvement|poor)$/);
  }
  assert.deepEqual(
    Object.keys(report).sort(),
    ["connection", "device", "metrics", "receivedAt", "route"].filter((k) => k in report).sort(),
  );
  assert.ok(
    !JSON.stringify(report).match(/v\d-\d{10,}|Mozilla|127\.0\.0\.1/),
    "no id, agent, address",
  );
  // The second page's report comes when it is hidden in turn, not before.
  await page.waitForTimeout(500);
  assert.equal((await reports()).length, 1, "one report per page view");
  // Closing the tab hides it too.
  await page.close({ runBeforeUnload: true });
  await waitFor(async () => (await reports()).length === 2);
  await context.close();
  assert.equal((await reports())[1].route, "/contact");
});

async function waitFor(condition: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 100));
  }
}
