import {
  CLSThresholds,
  FCPThresholds,
  INPThresholds,
  LCPThresholds,
  TTFBThresholds,
} from "web-vitals";
import { METRICS, type MetricName, type VitalsReport } from "../../src/lib/vitals";
import { csvCell } from "../service/csv";

/** One stored report: what the page sent and when the server received it. Nothing else. */
export type StoredVitals = { receivedAt: string } & VitalsReport;

/** web-vitals' own bounds: at most the first is good, above the second is poor. */
const THRESHOLDS: Record<MetricName, readonly number[]> = {
  LCP: LCPThresholds,
  INP: INPThresholds,
  CLS: CLSThresholds,
  FCP: FCPThresholds,
  TTFB: TTFBThresholds,
};

/** The Core Web Vitals convention: the 75th percentile over the last 28 days. */
export const WINDOW_DAYS = 28;

export interface VitalsRow {
  route: string;
  metric: MetricName;
  /**
   * The 75th percentile (nearest rank): ms, or the unitless layout-shift score for CLS. When
   * `estimated`, the upper bound of the histogram bucket it falls in (at most 12.5% above it).
   */
  p75: number;
  /** Shares of the reports, 0..1, rated by the value against THRESHOLDS. */
  good: number;
  needsImprovement: number;
  poor: number;
  count: number;
  /** Some of the values are in days already rolled up into histograms (see bucketOf). */
  estimated?: true;
}

/** Of one UTC day's values of a metric on a route (all devices): how many fell into the bucket. */
export interface DailyCount {
  /** YYYY-MM-DD. */
  day: string;
  route: string;
  metric: MetricName;
  /** The bucket's upper bound, bucketOf(value). */
  bucket: number;
  count: number;
}

/** Values at or under this share the smallest bucket (a 0.001 ms or CLS difference is noise). */
const SMALLEST_BUCKET = 0.001;

/**
 * The bounds of the buckets in each power of ten, as two digits (25: 2500 among the thousands,
 * 0.25 among the tenths): steps of at most 12.5%, with web-vitals' thresholds (0.1, 0.25, 200,
 * 500, 800, 1800, 2500, 3000, 4000) among them. 26 a decade, 0.001 to 120 000: a day of a
 * route's metric is at most ~210 rows, however busy the route.
 */
const MANTISSAS = [
  10, 11, 12, 13, 14, 15, 16, 18, 20, 22, 24, 25, 28, 30, 33, 36, 40, 45, 50, 55, 60, 65, 70, 75,
  80, 90,
];
const decades = new Map<number, number[]>();
/** The bounds of the decade [10^d, 10^(d+1)), as the decimals they are written as. */
const decade = (d: number) => {
  let bounds = decades.get(d);
  if (!bounds) {
    bounds = MANTISSAS.map((m) => Number((m * 10 ** (d - 1)).toPrecision(3)));
    decades.set(d, bounds);
  }
  return bounds;
};

/**
 * The upper bound (inclusive) of a value's histogram bucket: the smallest of the bounds not
 * under it (2417 -> 2500, 2501 -> 2800, 0.113 -> 0.12), 0 for 0. A bucket is at most 12.5%
 * wide, and every web-vitals threshold is a bound, so a value is rated the same from its
 * bucket as from itself.
 */
export function bucketOf(value: number) {
  if (!(value > 0)) return 0;
  if (value <= SMALLEST_BUCKET) return SMALLEST_BUCKET;
  // log10 can land a decade off near a power of ten; the neighbours cover it.
  const d = Math.floor(Math.log10(value));
  for (const bound of [...decade(d - 1), ...decade(d), ...decade(d + 1)])
    if (bound >= value) return bound;
  return decade(d + 2)[0];
}

/** The value at percentile p (0..1) of sorted values, by nearest rank. */
export function percentile(sorted: number[], p: number) {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];
}

/** The same of a histogram, [bound, count][] sorted by bound: the bound of the bucket it is in. */
export function histogramPercentile(buckets: [number, number][], p: number) {
  const total = buckets.reduce((sum, [, n]) => sum + n, 0);
  const rank = Math.max(1, Math.ceil(p * total));
  let seen = 0;
  for (const [bound, n] of buckets) if ((seen += n) >= rank) return bound;
  return buckets[buckets.length - 1]?.[0] ?? 0;
}

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The days whose histograms the window before `now` takes: those wholly after its start. */
export function windowDays(now: Date) {
  const since = now.getTime() - WINDOW_DAYS * 24 * 3600_000;
  return { from: dayOf(since + 24 * 3600_000), to: dayOf(now.getTime()) };
}

/**
 * Per route and metric, over the WINDOW_DAYS days before `now`: p75, shares, count. `daily`:
 * the histograms of days rolled up (those wholly inside the window are taken); where a route's
 * metric has any, its p75 comes from the histogram of all its values (estimated).
 */
export function summarise(
  reports: StoredVitals[],
  now: Date,
  daily: readonly DailyCount[] = [],
): VitalsRow[] {
  const since = now.getTime() - WINDOW_DAYS * 24 * 3600_000;
  const values = new Map<string, number[]>();
  const counted = new Map<string, Map<number, number>>();
  const key = (route: string, metric: string) => `${route}\n${metric}`;
  for (const report of reports) {
    const at = Date.parse(report.receivedAt);
    if (!(at > since && at <= now.getTime())) continue;
    for (const m of report.metrics) {
      const k = key(report.route, m.name);
      const list = values.get(k);
      if (list) list.push(m.value);
      else values.set(k, [m.value]);
    }
  }
  const { from, to } = windowDays(now);
  for (const d of daily) {
    if (d.day < from || d.day > to) continue;
    const k = key(d.route, d.metric);
    if (!values.has(k)) values.set(k, []);
    const buckets = counted.get(k) ?? new Map<number, number>();
    buckets.set(d.bucket, (buckets.get(d.bucket) ?? 0) + d.count);
    counted.set(k, buckets);
  }
  const rows = [...values].map(([k, list]): VitalsRow => {
    const [route, metric] = k.split("\n") as [string, MetricName];
    const [good, poor] = THRESHOLDS[metric];
    const buckets = counted.get(k);
    if (!buckets) {
      const sorted = [...list].sort((a, b) => a - b);
      const share = (test: (v: number) => boolean) => sorted.filter(test).length / sorted.length;
      return {
        route,
        metric,
        p75: percentile(sorted, 0.75),
        good: share((v) => v <= good),
        needsImprovement: share((v) => v > good && v <= poor),
        poor: share((v) => v > poor),
        count: sorted.length,
      };
    }
    // The reports kept whole go into the same buckets as the rolled-up days.
    for (const v of list) {
      const bound = bucketOf(v);
      buckets.set(bound, (buckets.get(bound) ?? 0) + 1);
    }
    const histogram = [...buckets].sort(([a], [b]) => a - b);
    const count = histogram.reduce((sum, [, n]) => sum + n, 0);
    // The thresholds are bucket bounds: a bucket's bound rates its values exactly.
    const share = (test: (bound: number) => boolean) =>
      histogram.filter(([bound]) => test(bound)).reduce((sum, [, n]) => sum + n, 0) / count;
    return {
      route,
      metric,
      p75: histogramPercentile(histogram, 0.75),
      good: share((v) => v <= good),
      needsImprovement: share((v) => v > good && v <= poor),
      poor: share((v) => v > poor),
      count,
      estimated: true,
    };
  });
  return rows.sort(
    (a, b) =>
      a.route.localeCompare(b.route) || METRICS.indexOf(a.metric) - METRICS.indexOf(b.metric),
  );
}

// An estimate is shown as the bound it is: the percentile is at most that.
const shown = (row: VitalsRow) =>
  (row.estimated ? "≤" : "") +
  (row.metric === "CLS" ? row.p75.toFixed(3) : `${Math.round(row.p75)} ms`);
const percent = (share: number) => `${Math.round(share * 100)}%`;

/** A table to read in a terminal. */
export function formatVitals(rows: VitalsRow[]) {
  const table = [
    ["route", "metric", "p75", "good", "needs impr.", "poor", "count"],
    ...rows.map((r) => [
      r.route,
      r.metric,
      shown(r),
      percent(r.good),
      percent(r.needsImprovement),
      percent(r.poor),
      String(r.count),
    ]),
  ];
  const widths = table[0].map((_, i) => Math.max(...table.map((cells) => cells[i].length)));
  return table
    .map((cells) =>
      cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  "),
    )
    .join("\n");
}

/** RFC 4180 CSV (UTF-8 with BOM, as the enquiries' export), shares as fractions. */
export function vitalsCsv(rows: VitalsRow[]) {
  const lines = [
    ["route", "metric", "p75", "good", "needs_improvement", "poor", "count"],
    ...rows.map((r) => [
      r.route,
      r.metric,
      String(r.metric === "CLS" ? Number(r.p75.toFixed(4)) : Math.round(r.p75)),
      r.good.toFixed(3),
      r.needsImprovement.toFixed(3),
      r.poor.toFixed(3),
      String(r.count),
    ]),
  ];
  return `\uFEFF${lines.map((cells) => cells.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
