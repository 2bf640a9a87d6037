/**
 * `npm run trace -- URL [URL...]`: load each page TRACE_RUNS times (default 3) in Chromium at a
 * phone's size with a performance trace, and print the median of the longest main-thread task up
 * to the first contentful paint. TRACE_TASKS=1 also lists the first load's tasks (when each
 * starts, its ms, and the style, layout, paint, parse and script ms inside, and the font lookups
 * inside those: finding each family and making each face at each size, most of an Arabic or
 * Chinese page's first layout before their faces were named by local():
 * docs/developers/performance.md). Only the first load is a cold browser, as each Lighthouse run
 * is; later loads find the fonts looked up.
 * Unthrottled: measurement, not a test; compare pages in one run.
 */
import { chromium } from "playwright-core";
import { chromiumPath } from "./chromium";

interface Ev {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: { frame?: string } };
}
const runs = Number(process.env.TRACE_RUNS ?? 3);
const browser = await chromium.launch({
  executablePath: await chromiumPath(),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-dev-shm-usage",
  ],
});
const KINDS: Record<string, string> = {
  UpdateLayoutTree: "style",
  Layout: "layout",
  Paint: "paint",
  PrePaint: "paint",
  Layerize: "paint",
  ParseHTML: "parse",
  EvaluateScript: "script",
  "v8.compile": "script",
  FunctionCall: "script",
  ParseAuthorStyleSheet: "css",
  // Inside style and layout, not beside them.
  "FontCache::GetFontPlatformData": "of which fonts",
};
for (const url of process.argv.slice(2)) {
  const rows: string[] = [];
  const longest: number[] = [];
  for (let r = 0; r < runs; r++) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
    });
    const page = await context.newPage();
    await browser.startTracing(page, {
      categories: [
        "devtools.timeline",
        "disabled-by-default-devtools.timeline",
        "loading",
        "blink.user_timing",
        "fonts",
      ],
    });
    await page.goto(url, { waitUntil: "load" });
    await page.waitForTimeout(1500);
    const buf = await browser.stopTracing();
    await context.close();
    const events = (JSON.parse(buf.toString()) as { traceEvents: Ev[] }).traceEvents;
    const fcp = events.find((e) => e.name === "firstContentfulPaint");
    if (!fcp) continue;
    const main = events.filter((e) => e.tid === fcp.tid && e.pid === fcp.pid);
    const nav =
      main.find((e) => e.name === "navigationStart")?.ts ??
      events.find((e) => e.name === "navigationStart")!.ts;
    const tasks = main.filter((e) => e.name === "RunTask" && e.ph === "X" && (e.dur ?? 0) > 2000);
    for (const t of tasks) {
      const inside = main.filter(
        (e) => e.ph === "X" && e.ts >= t.ts && e.ts < t.ts + t.dur! && KINDS[e.name],
      );
      // An event inside another of its name (a font lookup's own lookup) is counted once.
      const counted = inside.filter(
        (e) =>
          !inside.some(
            (o) => o !== e && o.name === e.name && o.ts <= e.ts && o.ts + o.dur! >= e.ts + e.dur!,
          ),
      );
      const sum: Record<string, number> = {};
      for (const e of counted) sum[KINDS[e.name]] = (sum[KINDS[e.name]] ?? 0) + (e.dur ?? 0) / 1000;
      const at = (t.ts - nav) / 1000;
      if (r === 0)
        rows.push(
          `  at ${at.toFixed(0).padStart(5)} ms  task ${(t.dur! / 1000).toFixed(1).padStart(6)} ms  ` +
            Object.entries(sum)
              .map(([k, v]) => `${k} ${v.toFixed(1)}`)
              .join(", "),
        );
    }
    longest.push(Math.max(0, ...tasks.filter((t) => t.ts <= fcp.ts).map((t) => t.dur! / 1000)));
    if (r === 0) rows.unshift(`  FCP at ${((fcp.ts - nav) / 1000).toFixed(0)} ms`);
  }
  longest.sort((a, b) => a - b);
  console.log(
    `${url}  longest task up to FCP: median ${longest[longest.length >> 1]?.toFixed(1)} ms of ${longest.map((x) => x.toFixed(0)).join("/")}`,
  );
  if (process.env.TRACE_TASKS) console.log(rows.join("\n"));
}
await browser.close();
