import {
  CLSThresholds,
  FCPThresholds,
  INPThresholds,
  LCPThresholds,
  TTFBThresholds,
} from "web-vitals";
import { METRICS, type MetricName } from "../src/lib/vitals";
import { csvCell } from "./report";
import type { StoredVitals } from "./vitals";

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
  /** The 75th percentile (nearest rank): ms, or the unitless layout-shift score for CLS. */
  p75: number;
  /** Shares of the reports, 0..1, rated by the value against THRESHOLDS. */
  good: number;
  needsImprovement: number;
  poor: number;
  count: number;
}

/** The value at percentile p (0..1) of sorted values, by nearest rank. */
export function percentile(sorted: number[], p: number) {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];
}

/** Per route and metric, over the WINDOW_DAYS days before `now`: p75, shares, count. */
export function summarise(reports: StoredVitals[], now: Date): VitalsRow[] {
  const since = now.getTime() - WINDOW_DAYS * 24 * 3600_000;
  const values = new Map<string, number[]>();
  for (const report of reports) {
    const at = Date.parse(report.receivedAt);
    if (!(at > since && at <= now.getTime())) continue;
    for (const m of report.metrics) {
      const key = `${report.route}\n${m.name}`;
      values.set(key, [...(values.get(key) ?? []), m.value]);
    }
  }
  const rows = [...values].map(([key, list]): VitalsRow => {
    const [route, metric] = key.split("\n") as [string, MetricName];
    const [good, poor] = THRESHOLDS[metric];
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
  });
  return rows.sort(
    (a, b) =>
      a.route.localeCompare(b.route) || METRICS.indexOf(a.metric) - METRICS.indexOf(b.metric),
  );
}

const shown = (row: VitalsRow) =>
  row.metric === "CLS" ? row.p75.toFixed(3) : `${Math.round(row.p75)} ms`;
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
