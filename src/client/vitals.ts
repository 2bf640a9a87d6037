/**
 * Real visitors' numbers: LCP, INP, CLS, FCP and TTFB from the web-vitals library, sent once per
 * page view when the page is hidden (the moment the values are final), as one beacon. Loaded
 * after the first paint, when the browser is idle: it never competes with the page.
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from "web-vitals";
import { deviceFor, type MetricName, type VitalsReport } from "../lib/vitals";

export function reportVitals(endpoint: string) {
  const pending = new Map<MetricName, VitalsReport["metrics"][number]>();
  const sent = new Set<MetricName>();
  const keep = ({ name, value, rating }: Metric) => {
    if (!sent.has(name)) pending.set(name, { name, value, rating });
  };
  for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) on(keep);

  const send = () => {
    if (!pending.size) return;
    const connection = (navigator as { connection?: { effectiveType?: string } }).connection;
    const report = {
      // "/about/" is the page "/about".
      route: location.pathname.replace(/(.)\/$/, "$1"),
      connection: connection?.effectiveType,
      device: deviceFor(window.innerWidth),
      metrics: [...pending.values()],
    } as VitalsReport;
    // A string body is sent as text/plain: no preflight, so any endpoint can take it.
    if (navigator.sendBeacon(endpoint, JSON.stringify(report)))
      for (const name of pending.keys()) sent.add(name);
    pending.clear();
  };
  // After web-vitals' own listeners (on the document, this on the window it bubbles to), so the
  // values it finalises on hiding are in. Not on pagehide: leaving a page fires it first, which
  // split one view's metrics over two reports.
  addEventListener("visibilitychange", () => document.visibilityState === "hidden" && send());
}
