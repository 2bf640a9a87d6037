/**
 * `npm run audit`: Lighthouse (mobile preset) on every page of the built dist/, served
 * pre-compressed by the real server. Prints the four category scores and the key timings.
 * Measurement, not a test: scores move with the machine's load (see the performance guide).
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { createApp } from "../server/app";
import { routes, notFoundRoute } from "../src/routes";

const root = resolve(import.meta.dirname, "..");
const run = promisify(execFile);
const server = createApp({ dist: resolve(root, "dist"), dataFile: "/dev/null" });
await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const only = process.argv.slice(2);
const paths = [...routes, notFoundRoute].map((r) => (r === notFoundRoute ? "/404.html" : r.path));

console.log("page".padEnd(48), "perf a11y best seo   FCP   LCP  TBT  CLS");
for (const path of paths.filter((p) => !only.length || only.includes(p))) {
  const { stdout } = await run(
    resolve(root, "node_modules/.bin/lighthouse"),
    [
      origin + path,
      "--only-categories=performance,accessibility,best-practices,seo",
      "--output=json",
      "--output-path=stdout",
      "--quiet",
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking",
    ],
    {
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
    },
  );
  const lhr = JSON.parse(stdout);
  const score = (c: string) => String(Math.round(lhr.categories[c].score * 100)).padStart(4);
  const ms = (a: string) => String(Math.round(lhr.audits[a].numericValue)).padStart(5);
  const failed = Object.values(
    lhr.audits as Record<string, { score: number | null; scoreDisplayMode: string; id: string }>,
  )
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
    .map((a) => a.id);
  console.log(
    path.padEnd(48),
    score("performance"),
    score("accessibility"),
    score("best-practices"),
    score("seo"),
    ms("first-contentful-paint"),
    ms("largest-contentful-paint"),
    ms("total-blocking-time").slice(1),
    lhr.audits["cumulative-layout-shift"].numericValue.toFixed(3),
    failed.length ? `  failing: ${failed.join(", ")}` : "",
  );
}
server.close();
