/**
 * How fast search answers on the reference phone: each language's search page in Chromium at the
 * CPU slowdown `npm run audit` uses (4x on a host of Lighthouse benchmarkIndex 1850, scaled to this
 * host, read here with Lighthouse's own benchmark), a dozen queries typed one after another; the
 * time from the query to its results drawn (User Timing "search:query"), the index's build once
 * fetched ("search:index"), and the bytes a first query fetches. Not a test: numbers for a note.
 *
 * Usage: npm run bench:search [-- DIST]   (default dist/, built by `npm run build`)
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { chromium } from "playwright-core";
import sirv from "sirv";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import { chromiumPath } from "./chromium";

const QUERIES: Record<string, string[]> = {
  "": [
    "visa",
    "scholarships",
    "scholarhsip",
    "IELTS",
    "open day",
    "UCAS",
    "accommodation",
    "personal statement",
    "computer science",
    "book a consultation",
    "january",
    "graduate route",
  ],
  "/ar": [
    "تأشيرة",
    "التأشيرة",
    "منحة",
    "المنح الدراسية",
    "السكن",
    "IELTS",
    "يوم مفتوح",
    "البكالوريوس",
    "احجز استشارة",
    "الخطاب الشخصي",
    "٢٠٢٦",
    "جامعة",
  ],
  "/zh": [
    "签证",
    "学生签证",
    "奖学金",
    "住宿",
    "IELTS",
    "开放日",
    "本科",
    "预科",
    "预约咨询",
    "个人陈述",
    "大学",
    "Computer Science",
  ],
};
const REFERENCE = { benchmarkIndex: 1850, multiplier: 4 };

const dist = resolve(process.argv[2] ?? "dist");
const files = createServer(sirv(dist, { extensions: ["html"], gzip: true, brotli: true }));
await new Promise<void>((done) => files.listen(0, "127.0.0.1", done));
const origin = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
const browser = await chromium.launch({
  executablePath: await chromiumPath(),
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
});
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  const probe = await browser.newPage();
  const indexes: number[] = [];
  for (let i = 0; i < 3; i++)
    indexes.push(await probe.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`));
  await probe.close();
  const benchmarkIndex = median(indexes);
  const slowdown =
    Math.round(((REFERENCE.multiplier * benchmarkIndex) / REFERENCE.benchmarkIndex) * 10) / 10;
  console.log(`benchmarkIndex ${indexes.join(", ")} -> CPU slowdown ${slowdown}x\n`);
  console.log("language | index built | first query bytes (encoded) | query p50 | p95 | max");
  for (const [prefix, queries] of Object.entries(QUERIES)) {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
    let bytes = 0;
    page.on("requestfinished", (r) => {
      if (/search|chunk-/.test(r.url())) void r.sizes().then((s) => (bytes += s.responseBodySize));
    });
    await page.goto(`${origin}${prefix}/search`);
    await page.waitForFunction(() => document.documentElement.classList.contains("js"));
    const input = page.locator("main input[name=q]");
    const times: number[] = [];
    for (const q of queries) {
      const count = await page.evaluate(() => performance.getEntriesByName("search:query").length);
      await input.fill(q);
      await page.waitForFunction(
        (n) => performance.getEntriesByName("search:query").length > n,
        count,
      );
      times.push(
        await page.evaluate(() => performance.getEntriesByName("search:query").at(-1)!.duration),
      );
    }
    const built = await page.evaluate(
      () => performance.getEntriesByName("search:index")[0]?.duration ?? NaN,
    );
    const sorted = [...times].sort((a, b) => a - b);
    const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)];
    console.log(
      `${prefix.slice(1) || "en"} | ${built.toFixed(0)} ms | ${(bytes / 1024).toFixed(1)} kB | ` +
        `${median(times).toFixed(1)} ms | ${p95.toFixed(1)} ms | ${sorted.at(-1)!.toFixed(1)} ms`,
    );
    await page.close();
  }
} finally {
  await browser.close();
  files.close();
}
