/**
 * `npm run audit [path...]`: Lighthouse (mobile preset) on every page of the built dist/ in every
 * built language (each locale's routes and its 404 page), or on the paths given (`/ /ar/ /about`;
 * they need not be routes: variants copied into a dist/ compare in one run, and are compressed
 * first if their .br is missing or older than them), served pre-compressed by the real server,
 * beside a floor page (bare HTML: one h1, one sentence) served by the same server, and each page
 * beside a bare page of its own words (scripts/auditWords.ts).
 * Each page runs RUNS times (default 3), interleaved so load drift hits all pages alike; prints
 * medians, each page's FCP and LCP as a ratio to its words page's and its TBT above theirs, and
 * pass or FAIL against the goal of decisions.md (scripts/auditGoal.ts).
 * DIST_DIR picks another built folder (to compare two builds). TBT_PARTS=1 lists under each run
 * the simulated tasks its TBT came from (scripts/tbtParts.ts).
 *
 * Calibrated to the reference phone: Lighthouse's mobile preset slows the host's CPU 4x, which is
 * the reference phone only on a host of benchmarkIndex ~1850 (decisions.md). First CALIBRATION_RUNS
 * (default 3) runs of the floor read the host's benchmarkIndex; each run after them uses
 * `throttling.cpuSlowdownMultiplier` = 4 x index / 1850 (one decimal), the index being the median
 * of the last 5 readings (every run reports one), so a faster host is slowed more, the slowdown
 * follows the host's load as it moves, and TBT means the same anywhere. CPU_MULTIPLIER=N skips the
 * calibration and uses N.
 * Measurement, not a test: absolute times move with the machine's load, ratios in one run hold.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { loadavg } from "node:os";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { tmpdir } from "node:os";
import { createApp } from "../server/app";
import { routes, notFoundRoute } from "../src/routes";
import { builtLocales, localePath } from "../src/i18n/pageLocale";
import { routesIn } from "../src/i18n/pageLanguages";
import { acceptedEncoding } from "../server/service/compress";
import { chromiumPath } from "./chromium";
import { wordsPage } from "./auditWords";
import { tbtParts } from "./tbtParts";
import { GOAL, compare, median, misses } from "./auditGoal";
import type { Result } from "lighthouse";

const FLOOR_PATH = "/__audit-floor";
/** A page's words page: `/__audit-words/ar/` holds the words of `/ar/`. */
const WORDS_PREFIX = "/__audit-words";
const FLOOR_HTML =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<meta name="description" content="The floor: the least a page can be.">' +
  '<link rel="icon" href="data:,"><title>Floor</title></head>' +
  "<body><h1>Study in the UK</h1><p>One sentence, no CSS, no font, no script.</p></body></html>";

const root = resolve(import.meta.dirname, "..");
const run = promisify(execFile);
const runs = Number(process.env.RUNS ?? 3);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`RUNS must be a positive integer`);
const calibrationRuns = Number(process.env.CALIBRATION_RUNS ?? 3);
if (!Number.isInteger(calibrationRuns) || calibrationRuns < 1)
  throw new Error(`CALIBRATION_RUNS must be a positive integer`);

/** The reference phone: Lighthouse's 4x CPU slowdown on a host of this benchmarkIndex. */
const REFERENCE = { benchmarkIndex: 1850, multiplier: 4 };
/** Lighthouse's throttling guidance: scale the slowdown with the host's speed; one decimal. */
const multiplierFor = (benchmarkIndex: number) =>
  Math.round(((REFERENCE.multiplier * benchmarkIndex) / REFERENCE.benchmarkIndex) * 10) / 10;
const fixedMultiplier = process.env.CPU_MULTIPLIER ? Number(process.env.CPU_MULTIPLIER) : undefined;
if (fixedMultiplier !== undefined && !(fixedMultiplier >= 1))
  throw new Error(`CPU_MULTIPLIER must be a number of at least 1`);

const dist = resolve(process.env.DIST_DIR ?? resolve(root, "dist"));
const only = process.argv.slice(2);
// Every page of every language the build writes (published locales, plus PREVIEW_LOCALES): a
// staff page not yet translated is built in its own language only.
const sitePaths = builtLocales.flatMap((locale) =>
  routesIn(locale, [...routes, notFoundRoute]).map((r) =>
    localePath(locale, r === notFoundRoute ? "/404.html" : r.path),
  ),
);
const pages = only.length ? only : sitePaths;

/** The built file a path is served from ("/about" -> about/index.html), if there is one. */
const builtFile = (path: string) =>
  [join(dist, path, "index.html"), join(dist, path), join(dist, `${path}.html`)].find(
    (file) => file.endsWith(".html") && existsSync(file),
  );
/** A page's compressed forms, as the build makes them (src/build/report.ts). */
const compressed = (html: string | Buffer) => ({
  br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  gzip: gzipSync(html, { level: 9 }),
});

/**
 * A page copied or edited into dist/ for a comparison has no pre-compressed forms, or stale ones:
 * the server would send it uncompressed (about five times the bytes: more round trips than the
 * built page), or send the copy it was made from. So it is compressed first.
 */
for (const page of pages) {
  const file = builtFile(page);
  if (!file) continue;
  const changed = statSync(file).mtimeMs;
  const stale = [".br", ".gz"].some(
    (ext) => !existsSync(file + ext) || statSync(file + ext).mtimeMs < changed,
  );
  if (!stale) continue;
  const { br, gzip } = compressed(readFileSync(file));
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzip);
  console.log(`${page}: compressed ${file} (its .br/.gz were missing or older than it)`);
}

/** The reference of each path: its words page, else (not a built page) the floor. */
const referenceOf = new Map<string, string>(pages.map((p) => [p, FLOOR_PATH]));
/** Words pages by path, compressed as the site's pages are (brotli, else gzip). */
const wordsPages = new Map<string, { br: Buffer; gzip: Buffer; html: string }>();
for (const page of pages) {
  const file = builtFile(page);
  if (!file) continue;
  const html = wordsPage(readFileSync(file, "utf8"));
  const path = WORDS_PREFIX + page;
  wordsPages.set(path, { html, ...compressed(html) });
  referenceOf.set(page, path);
}
const paths = [FLOOR_PATH, ...wordsPages.keys(), ...pages];

// Web Vitals reports the pages send (when built with VITALS_ENDPOINT, as `npm start` builds them)
// go to a folder of their own: the reporter is part of what is measured.
const dataDir = mkdtempSync(join(tmpdir(), "eg-audit-"));
const server = createApp({
  dist,
  dataFile: join(dataDir, "enquiries.jsonl"),
  vitalsRateLimit: null,
});
// The floor and the words pages go through the same server (same socket handling) as the site.
const [site] = server.listeners("request") as ((i: IncomingMessage, r: ServerResponse) => void)[];
server.removeAllListeners("request");
server.on("request", (req: IncomingMessage, res: ServerResponse) => {
  const words = wordsPages.get(req.url ?? "");
  if (req.url !== FLOOR_PATH && !words) return site(req, res);
  const headers = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache" };
  if (!words) {
    res.writeHead(200, headers);
    return res.end(FLOOR_HTML);
  }
  const encoding = acceptedEncoding(req.headers["accept-encoding"]);
  res.writeHead(200, {
    ...headers,
    Vary: "Accept-Encoding",
    ...(encoding ? { "Content-Encoding": encoding } : {}),
  });
  res.end(encoding ? words[encoding] : words.html);
});
await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

interface Sample {
  perf: number;
  /** Accessibility, best practices and SEO: measured in a page's first run only (see below). */
  a11y?: number;
  best?: number;
  seo?: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Lighthouse's measure of this machine's speed (a mid-range phone is ~1000, this kind of machine ~1800-2500). */
  benchmark: number;
  /** The CPU slowdown this run was simulated at. */
  multiplier: number;
  failing: string[];
  /** TBT_PARTS=1: the simulated tasks this run's TBT came from. */
  parts?: ReturnType<typeof tbtParts>;
}

/**
 * TBT_PARTS=1: each run also lists the tasks its TBT came from, as Lighthouse simulated them
 * (scripts/tbtParts.ts). Each run then writes its simulations to a folder of its own, removed after.
 */
const withParts = process.env.TBT_PARTS === "1";

/**
 * Lighthouse now and then fails a run with one of its own trace errors (NO_NAVSTART, NO_FCP,
 * NO_TRACING_STARTED...) on a loaded machine: run it again, and after three such failures leave
 * the run out (said in the table) rather than lose the whole audit.
 */
async function lighthouse(
  path: string,
  multiplier: number,
  all: boolean,
  tries = 3,
): Promise<Sample | undefined> {
  try {
    return await lighthouseOnce(path, multiplier, all);
  } catch (error) {
    if (!/\b(NO_[A-Z_]+|TRACE[A-Z_]*|PROTOCOL_TIMEOUT)\b/.test(String(error))) throw error;
    // Lighthouse's own last words, not the command line.
    const said = (error as { stderr?: string }).stderr?.trim().split("\n").at(-1);
    console.log(
      `  ${path}: ${said || String(error).split("\n")[0]}: ${tries > 1 ? "running it again" : "left out"}`,
    );
    return tries > 1 ? lighthouse(path, multiplier, all, tries - 1) : undefined;
  }
}

/**
 * One Lighthouse run; `all` adds the accessibility, best-practices and SEO categories to
 * performance. Only performance varies from run to run, and the other three cost about 3 s a run
 * (axe on a long page most), so each site page gets them in its first run and the words pages
 * and the floor never: a whole-site audit takes about 25 minutes less.
 */
async function lighthouseOnce(path: string, multiplier: number, all: boolean): Promise<Sample> {
  const assets = withParts ? mkdtempSync(join(tmpdir(), "eg-lantern-")) : undefined;
  try {
    return await runLighthouse(path, multiplier, all, assets);
  } finally {
    if (assets) rmSync(assets, { recursive: true, force: true });
  }
}

/** The run itself: with `assets`, its report and simulations are written there. */
async function runLighthouse(path: string, multiplier: number, all: boolean, assets?: string) {
  const report = assets && join(assets, "run.json");
  const { stdout } = await run(
    resolve(root, "node_modules/.bin/lighthouse"),
    [
      origin + path,
      `--only-categories=${all ? "performance,accessibility,best-practices,seo" : "performance"}`,
      "--output=json",
      `--output-path=${report ?? "stdout"}`,
      ...(report ? ["--save-assets"] : []),
      "--quiet",
      `--throttling.cpuSlowdownMultiplier=${multiplier}`,
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking",
    ],
    {
      maxBuffer: 64 * 1024 * 1024,
      env: {
        ...process.env,
        CHROME_PATH: await chromiumPath(),
        // Lighthouse saves its simulations beside the report only with this set.
        ...(report ? { LANTERN_DEBUG: "1" } : {}),
      },
    },
  );
  const lhr = JSON.parse(report ? readFileSync(report, "utf8") : stdout) as Result;
  // A failed run still prints a report: its metrics are missing and runtimeError says why.
  if (lhr.runtimeError)
    throw new Error(`${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // The slowdown is what the calibration is for: make sure Lighthouse took it.
  if (lhr.configSettings.throttling.cpuSlowdownMultiplier !== multiplier)
    throw new Error(
      `${path}: Lighthouse ran at ${lhr.configSettings.throttling.cpuSlowdownMultiplier}x, not ${multiplier}x`,
    );
  const score = (c: string) => Math.round((lhr.categories[c].score ?? 0) * 100);
  const value = (a: string) => lhr.audits[a].numericValue ?? NaN;
  const audits = Object.values(lhr.audits);
  return {
    perf: score("performance"),
    ...(all
      ? { a11y: score("accessibility"), best: score("best-practices"), seo: score("seo") }
      : {}),
    fcp: value("first-contentful-paint"),
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    benchmark: lhr.environment.benchmarkIndex,
    multiplier,
    failing: audits
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
      .map((a) => a.id),
    parts: report ? tbtParts(report.replace(/\.json$/, "")) : undefined,
  };
}

/** A median of two slowdowns (2.9, 3.3) prints as 3.1, not 3.0999999999999996. */
const oneDecimal = (n: number) => Math.round(n * 10) / 10;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

/**
 * A phone has Noto faces for Arabic and Chinese (src/styles/tokens.css names them first). A host
 * without them renders those pages with a per-character font fallback (none at all for Chinese
 * on a bare Debian): the first layout of /zh/ took 100-200 ms unthrottled instead of a phone's
 * share, so its numbers would say nothing about the phone. Warn, naming the packages.
 */
async function missingScriptFonts() {
  const audited = builtLocales.filter((l) => pages.some((p) => p.startsWith(localePath(l, "/"))));
  const missing: string[] = [];
  for (const locale of audited) {
    const lang = locale.lang.split("-")[0];
    if (lang === "en") continue;
    const { stdout } = await run("fc-list", [`:lang=${lang}`, "family"]).catch(() => ({
      stdout: "",
    }));
    if (!/Noto/.test(stdout)) missing.push(locale.lang);
  }
  return missing;
}
const noFonts = await missingScriptFonts();
if (noFonts.length)
  console.warn(
    `Warning: no Noto font for ${noFonts.join(", ")} on this host (fc-list :lang=...): those pages lay out with a per-character font fallback, far slower than on a phone. Install Debian's fonts-noto-core and fonts-noto-cjk for numbers that mean something.`,
  );

console.log(
  `Lighthouse ${pages.length} page(s), the floor and ${wordsPages.size} words page(s), ${runs} run(s) each, interleaved; ` +
    `load average ${load()} (2 cores here, other work on them: benchmarkIndex drifts with it)`,
);
/**
 * The benchmarkIndex readings so far (calibration first, then every run's): each run's slowdown
 * comes from the median of the last RECALIBRATE_WINDOW of them, so the simulated phone follows
 * the host as its load moves (a one-off calibration was seen at 1942 with the audit then at 3459).
 */
const RECALIBRATE_WINDOW = 5;
const readings: number[] = [];
const currentMultiplier = () =>
  fixedMultiplier ?? multiplierFor(median(readings.slice(-RECALIBRATE_WINDOW)));
if (fixedMultiplier !== undefined) {
  console.log(`CPU slowdown ${fixedMultiplier}x from CPU_MULTIPLIER (no calibration)`);
} else {
  for (let i = 0; i < calibrationRuns; i++) {
    const sample = await lighthouse(FLOOR_PATH, REFERENCE.multiplier, false);
    if (sample) readings.push(sample.benchmark);
  }
  if (!readings.length) throw new Error(`no calibration run of the floor succeeded`);
  const index = median(readings);
  console.log(
    `calibration: benchmarkIndex ${readings.map(Math.round).join(", ")}, median ${Math.round(index)} ` +
      `-> CPU slowdown ${multiplierFor(index)}x (${REFERENCE.multiplier} x ${Math.round(index)} / ` +
      `${REFERENCE.benchmarkIndex}: the reference phone), then from the median of the last ` +
      `${RECALIBRATE_WINDOW} readings before each run`,
  );
}
const samples = new Map<string, Sample[]>(paths.map((p) => [p, []]));
/** Each round's median benchmarkIndex: how the host's speed moved under the audit. */
const rounds: number[] = [];
let done = 0;
for (let i = 0; i < runs; i++) {
  const round: number[] = [];
  for (const path of paths) {
    const sample = await lighthouse(path, currentMultiplier(), i === 0 && pages.includes(path));
    done++;
    if (sample) {
      samples.get(path)!.push(sample);
      round.push(sample.benchmark);
      readings.push(sample.benchmark);
      // Each run as it ends, on stderr (the table is stdout): a whole-site audit takes hours,
      // and one stopped part way still leaves what it measured.
      const { perf, fcp, lcp, tbt, cls, benchmark, multiplier, parts } = sample;
      console.error(
        `[${done}/${runs * paths.length}] ${path} perf ${perf} FCP ${Math.round(fcp)} LCP ${Math.round(lcp)} ` +
          `TBT ${Math.round(tbt)} CLS ${cls.toFixed(3)} index ${Math.round(benchmark)} ${multiplier}x`,
      );
      for (const task of parts?.tasks.filter((t) => t.blocking >= 0.5) ?? [])
        console.error(
          `    ${Math.round(task.blocking)} ms of a ${Math.round(task.duration)} ms task at ` +
            `${Math.round(task.start)} ms: ${task.what}`,
        );
      // The reading of Lighthouse's simulations (scripts/tbtParts.ts) no longer adds up.
      if (parts && Math.abs(parts.tbt - tbt) > 2)
        console.error(`    (those add up to ${Math.round(parts.tbt)} ms, not ${Math.round(tbt)})`);
    }
  }
  if (round.length) rounds.push(median(round));
}
server.close();
rmSync(dataDir, { recursive: true, force: true });

const benchmarks = [...samples.values()].flat().map((s) => s.benchmark);
const col = (s: string | number, n: number) => String(s).padStart(n);
const during = median(benchmarks);
const used = [...samples.values()].flat().map((s) => s.multiplier);
type Metric = "perf" | "fcp" | "lcp" | "tbt" | "cls";
const medianOf = (path: string, k: Metric) => median(samples.get(path)!.map((s) => s[k]));
const worstPerf = Math.min(...pages.flatMap((p) => samples.get(p)!.map((s) => s.perf)));
console.log(
  `\nload average after ${load()}\n` +
    `CPU slowdown median ${oneDecimal(median(used))}x (${Math.min(...used)}-${Math.max(...used)}); ` +
    `benchmarkIndex during the audit: median ${Math.round(during)} ` +
    `(${Math.round(Math.min(...benchmarks))}-${Math.round(Math.max(...benchmarks))}; ` +
    `by round ${rounds.map(Math.round).join(", ")}), which calls for ${multiplierFor(during)}x\n` +
    `medians, and the worst run's performance, TBT and CLS. Goal (decisions.md): performance ${GOAL.perf} at the median ` +
    `and no run under ${GOAL.worstPerf}, CLS ${GOAL.cls} in every run, median TBT <= ${GOAL.tbt} ms and at most ` +
    `${GOAL.tbtAboveReference} ms above the reference's, FCP <= ${GOAL.fcpRatio}x and LCP <= ${GOAL.lcpRatio}x the ` +
    `reference's (ref: the page's own words, or the floor; TBT+ref: the median TBT less the reference's)\n` +
    `${"page".padEnd(44)}perf worst a11y best  seo   FCP   LCP  TBT worst TBT+ref   CLS FCP/ref LCP/ref ref     CPU runs  goal`,
);
for (const [path, list] of samples) {
  if (!list.length) {
    console.log(`${path.padEnd(44)}every run failed  MISS`);
    continue;
  }
  const ref = referenceOf.get(path);
  const m = (k: Metric) => medianOf(path, k);
  /** The worst run's score; "-" where no run measured it (a reference page's a11y...). */
  const min = (k: "a11y" | "best" | "seo") => {
    const scores = list.flatMap((s) => (s[k] === undefined ? [] : [s[k]]));
    return scores.length ? Math.min(...scores) : "-";
  };
  const worstPerfOf = Math.min(...list.map((s) => s.perf));
  const worstTbt = Math.max(...list.map((s) => s.tbt));
  const worstCls = Math.max(...list.map((s) => s.cls));
  const refList = ref ? samples.get(ref)! : [];
  const { fcpRatio, lcpRatio, tbtAbove } = compare(list, refList);
  const missed = ref ? misses(list, refList, runs) : [];
  const failing = [...new Set(list.flatMap((s) => s.failing))];
  const refName = ref === FLOOR_PATH ? "floor" : ref ? "words" : "-";
  const fixed = (n: number, digits: number) => (ref && !Number.isNaN(n) ? n.toFixed(digits) : "-");
  console.log(
    path.padEnd(44) +
      [
        col(m("perf"), 4),
        col(worstPerfOf, 5),
        col(min("a11y"), 4),
        col(min("best"), 4),
        col(min("seo"), 4),
        col(Math.round(m("fcp")), 5),
        col(Math.round(m("lcp")), 5),
        col(Math.round(m("tbt")), 4),
        col(Math.round(worstTbt), 5),
        col(fixed(tbtAbove, 0), 7),
        col(worstCls.toFixed(3), 5),
        col(fixed(fcpRatio, 2), 7),
        col(fixed(lcpRatio, 2), 7),
        refName.padEnd(7),
        col(`${oneDecimal(median(list.map((s) => s.multiplier)))}x`, 4),
        col(list.length, 4),
        col(!ref ? "ref" : missed.length ? `FAIL ${missed.join(",")}` : "pass", 5),
      ].join(" ") +
      (failing.length ? `  failing: ${failing.join(", ")}` : ""),
  );
}
console.log(`worst run's performance over every page: ${worstPerf}`);
