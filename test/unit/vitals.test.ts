import { test } from "node:test";
import assert from "node:assert/strict";
import { deviceFor, parseVitalsReport } from "../../src/lib/vitals";
import { contentSecurityPolicy } from "../../src/build/headers";
import { formatVitals, percentile, summarise, vitalsCsv } from "../../server/vitals/report";
import type { StoredVitals } from "../../server/vitals/store";

const routes = new Set(["/", "/about"]);
const report = {
  route: "/about",
  connection: "4g",
  device: "phone",
  metrics: [
    { name: "LCP", value: 1234.5, rating: "good" },
    { name: "CLS", value: 0.02, rating: "good" },
  ],
};
const parse = (value: unknown) => parseVitalsReport(JSON.stringify(value), routes);

test("a page's report is accepted as sent", () => {
  assert.deepEqual(parse(report), { report });
  assert.ok("report" in parse({ ...report, connection: undefined }), "connection is optional");
});

test("anything unexpected refuses the whole report, saying what", () => {
  const cases: [unknown, RegExp][] = [
    [{ ...report, route: "/no-such-page" }, /route/],
    [{ ...report, route: "/about?utm=1" }, /route/],
    [{ ...report, id: "v5-123" }, /fields/],
    [{ ...report, userAgent: "Mozilla" }, /fields/],
    [{ ...report, device: "watch" }, /device/],
    [{ ...report, connection: "5g" }, /connection/],
    [{ ...report, metrics: [] }, /metrics/],
    [{ ...report, metrics: [{ name: "FID", value: 1, rating: "good" }] }, /name/],
    [{ ...report, metrics: [report.metrics[0], report.metrics[0]] }, /repeated/],
    [{ ...report, metrics: [{ name: "LCP", value: -1, rating: "good" }] }, /LCP/],
    [{ ...report, metrics: [{ name: "LCP", value: 1e9, rating: "good" }] }, /LCP/],
    [{ ...report, metrics: [{ name: "LCP", value: "1", rating: "good" }] }, /LCP/],
    [{ ...report, metrics: [{ name: "LCP", value: 1, rating: "great" }] }, /rating/],
    [{ ...report, metrics: [{ name: "LCP", value: 1, rating: "good", id: "x" }] }, /metric/],
    [[report], /report object/],
  ];
  for (const [value, why] of cases) {
    const result = parse(value);
    assert.ok("error" in result && why.test(result.error), JSON.stringify(value));
  }
  const notJson = parseVitalsReport("{", routes);
  assert.ok("error" in notJson && /JSON/.test(notJson.error));
});

test("device class follows the layout's breakpoints", () => {
  assert.deepEqual([360, 767, 768, 1023, 1024, 1920].map(deviceFor), [
    "phone",
    "phone",
    "tablet",
    "tablet",
    "desktop",
    "desktop",
  ]);
});

test("the 75th percentile by nearest rank, worked by hand", () => {
  assert.equal(percentile([1, 2, 3, 4], 0.75), 3); // rank ceil(3) = 3
  assert.equal(percentile([1, 2, 3, 4, 5], 0.75), 4); // rank ceil(3.75) = 4
  assert.equal(percentile([7], 0.75), 7);
});

test("per route and metric over the last 28 days: p75, shares by web-vitals' thresholds, count", () => {
  const now = new Date("2026-11-24T12:00:00Z");
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86400_000).toISOString();
  const lcp = (value: number, daysAgo: number): StoredVitals => ({
    receivedAt: at(daysAgo),
    route: "/",
    device: "phone",
    metrics: [{ name: "LCP", value, rating: "good" }],
  });
  const reports: StoredVitals[] = [
    // LCP good <= 2500, poor > 4000: 2 good, 1 needs improvement, 1 poor.
    lcp(1000, 1),
    lcp(2500, 2),
    lcp(3000, 27.9),
    lcp(5000, 0),
    lcp(100, 28.1), // older than 28 days: left out
    lcp(100, -1), // in the future (a clock gone wrong): left out
    {
      receivedAt: at(3),
      route: "/about",
      device: "desktop",
      metrics: [
        { name: "CLS", value: 0.3, rating: "poor" },
        { name: "INP", value: 150, rating: "good" },
      ],
    },
  ];
  const rows = summarise(reports, now);
  assert.deepEqual(rows, [
    {
      route: "/",
      metric: "LCP",
      p75: 3000,
      good: 0.5,
      needsImprovement: 0.25,
      poor: 0.25,
      count: 4,
    },
    { route: "/about", metric: "INP", p75: 150, good: 1, needsImprovement: 0, poor: 0, count: 1 },
    { route: "/about", metric: "CLS", p75: 0.3, good: 0, needsImprovement: 0, poor: 1, count: 1 },
  ]);
  const table = formatVitals(rows);
  assert.match(table, /^\/\s+LCP\s+3000 ms\s+50%\s+25%\s+25%\s+4$/m);
  assert.match(table, /^\/about\s+CLS\s+0\.300\s+0%\s+0%\s+100%\s+1$/m);
  const csv = vitalsCsv(rows);
  assert.ok(csv.startsWith("\uFEFFroute,metric,p75,good,needs_improvement,poor,count\r\n"));
  assert.match(csv, /\r\n\/,LCP,3000,0\.500,0\.250,0\.250,4\r\n/);
});

test("a reporting endpoint on another origin is allowed to receive beacons, and only that", () => {
  const csp = contentSecurityPolicy("/api/enquiry", { styleHashes: [], scriptHashes: [] }, [
    "https://vitals.example.org/collect",
  ]);
  assert.match(csp, /connect-src 'self' https:\/\/vitals\.example\.org;/);
  assert.match(csp, /form-action 'self' mailto:;/, "the forms still post only here");
  const local = contentSecurityPolicy("/api/enquiry", { styleHashes: [], scriptHashes: [] }, [
    "/api/vitals",
  ]);
  assert.match(local, /connect-src 'self';/);
});
