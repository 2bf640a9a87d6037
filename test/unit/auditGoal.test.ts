import { test } from "node:test";
import assert from "node:assert/strict";
import { GOAL, compare, median, misses, type Run } from "../../scripts/auditGoal";

// `npm run audit` judges a page as decisions.md decided (Performance and CSP, 2026-12-06): at
// the median of its runs against its own words in the same audit, no per-run TBT bar.
const words: Run[] = [
  { perf: 100, fcp: 700, lcp: 700, tbt: 10, cls: 0 },
  { perf: 100, fcp: 680, lcp: 680, tbt: 4, cls: 0 },
  { perf: 100, fcp: 760, lcp: 760, tbt: 60, cls: 0 },
];
const page = (over: Partial<Run>[] = [{}, {}, {}]): Run[] =>
  over.map((o) => ({ perf: 100, fcp: 800, lcp: 900, tbt: 20, cls: 0, ...o }));

test("the median of an odd and of an even number of runs", () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
});

test("a page within every bar passes", () => {
  assert.deepEqual(misses(page(), words, 3), []);
  assert.deepEqual(compare(page(), words), {
    fcpRatio: 800 / 700,
    lcpRatio: 900 / 700,
    tbtAbove: 10,
  });
});

test("FCP and LCP are judged at the median against the words' median, every page alike", () => {
  // 1.2x: under 1.25x (the home pages' 1.15x is retired), whatever its one slow run.
  assert.deepEqual(misses(page([{ fcp: 840 }, { fcp: 840 }, { fcp: 2000 }]), words, 3), []);
  assert.deepEqual(misses(page([{ fcp: 880 }, { fcp: 880 }, { fcp: 700 }]), words, 3), ["FCP"]);
  assert.deepEqual(misses(page([{ lcp: 1020 }, { lcp: 1030 }, { lcp: 500 }]), words, 3), ["LCP"]);
  assert.equal(GOAL.fcpRatio, 1.25);
  assert.equal(GOAL.lcpRatio, 1.45);
});

test("one run's TBT over 50 ms is no miss: the median is judged", () => {
  assert.deepEqual(misses(page([{ tbt: 20 }, { tbt: 30 }, { tbt: 140 }]), words, 3), []);
});

test("the median TBT misses over 50 ms, or more than 25 ms above the words' median", () => {
  // 36 ms: under 50 but 26 above the words' 10.
  assert.deepEqual(misses(page([{ tbt: 36 }, { tbt: 36 }, { tbt: 0 }]), words, 3), ["TBT"]);
  // 35 ms: 25 above, at the bar.
  assert.deepEqual(misses(page([{ tbt: 35 }, { tbt: 35 }, { tbt: 0 }]), words, 3), []);
  // Words as slow as the page: 51 ms is still over 50.
  const slowWords = words.map((w) => ({ ...w, tbt: 45 }));
  assert.deepEqual(misses(page([{ tbt: 51 }, { tbt: 51 }, { tbt: 0 }]), slowWords, 3), ["TBT"]);
});

test("performance: 100 at the median and no run under 98", () => {
  assert.deepEqual(misses(page([{ perf: 98 }, {}, {}]), words, 3), []);
  assert.deepEqual(misses(page([{ perf: 97 }, {}, {}]), words, 3), ["perf"]);
  assert.deepEqual(misses(page([{ perf: 99 }, { perf: 99 }, {}]), words, 3), ["perf"]);
});

test("CLS 0 in every run", () => {
  assert.deepEqual(misses(page([{}, {}, { cls: 0.001 }]), words, 3), ["CLS"]);
});

test("a page with runs missing, or no reference measured, does not pass", () => {
  assert.deepEqual(misses(page([{}, {}]), words, 3), ["runs"]);
  assert.deepEqual(misses([], words, 3), ["runs"]);
  assert.deepEqual(misses(page(), [], 3), ["no reference"]);
});
