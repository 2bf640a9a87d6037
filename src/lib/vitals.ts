/**
 * Real visitors' Web Vitals: the report a page sends once per view, and its checks, shared by
 * the reporter in the browser (src/client/vitals.ts) and the server that stores it
 * (server/vitals/route.ts). Nothing in it identifies a visitor: no id, no address, no user agent.
 */

export const METRICS = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;
export type MetricName = (typeof METRICS)[number];
export const RATINGS = ["good", "needs-improvement", "poor"] as const;
export type Rating = (typeof RATINGS)[number];
/** navigator.connection.effectiveType, where the browser has it. */
export const CONNECTIONS = ["slow-2g", "2g", "3g", "4g"] as const;
/** A coarse device class from the viewport's width: the layout the visitor saw. */
export const DEVICES = ["phone", "tablet", "desktop"] as const;
export type Device = (typeof DEVICES)[number];

export interface VitalsReport {
  /** The page's path, no query string or fragment: one of the site's routes. */
  route: string;
  connection?: (typeof CONNECTIONS)[number];
  device: Device;
  metrics: { name: MetricName; value: number; rating: Rating }[];
}

/** The layouts' breakpoints in src/styles/tokens.css (--bp-md, --bp-lg). */
export const deviceFor = (width: number): Device =>
  width < 768 ? "phone" : width < 1024 ? "tablet" : "desktop";

/** Largest value accepted per metric: beyond it the report is broken, not slow. */
const MAX: Record<MetricName, number> = {
  LCP: 120_000,
  INP: 60_000,
  CLS: 100,
  FCP: 120_000,
  TTFB: 120_000,
};

const isIn = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === "string" && (list as readonly string[]).includes(value);

const keysAre = (value: object, allowed: string[]) =>
  Object.keys(value).every((k) => allowed.includes(k));

/** The report in `text`, or what is wrong with it. Anything unexpected is refused whole. */
export function parseVitalsReport(
  text: string,
  routes: ReadonlySet<string>,
): { report: VitalsReport } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: "the body is not JSON" };
  }
  if (!value || typeof value !== "object" || Array.isArray(value))
    return { error: "the body is not a report object" };
  const r = value as Record<string, unknown>;
  if (!keysAre(r, ["route", "connection", "device", "metrics"]))
    return { error: "the report has fields it should not" };
  if (typeof r.route !== "string" || !routes.has(r.route))
    return { error: "route is not a page of this site" };
  if (r.connection !== undefined && !isIn(CONNECTIONS, r.connection))
    return { error: "connection is not an effective connection type" };
  if (!isIn(DEVICES, r.device)) return { error: "device is not phone, tablet or desktop" };
  if (!Array.isArray(r.metrics) || r.metrics.length < 1 || r.metrics.length > METRICS.length)
    return { error: "metrics is not a list of one to five metrics" };
  const seen = new Set<string>();
  for (const m of r.metrics as unknown[]) {
    if (!m || typeof m !== "object" || !keysAre(m, ["name", "value", "rating"]))
      return { error: "a metric is not { name, value, rating }" };
    const { name, value: v, rating } = m as Record<string, unknown>;
    if (!isIn(METRICS, name) || seen.has(name))
      return { error: "a metric's name is unknown or repeated" };
    seen.add(name);
    if (typeof v !== "number" || !Number.isFinite(v) || v < 0 || v > MAX[name])
      return { error: `${name} is not a plausible value` };
    if (!isIn(RATINGS, rating)) return { error: `${name}'s rating is unknown` };
  }
  return { report: value as VitalsReport };
}
