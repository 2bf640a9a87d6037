/**
 * How `npm run audit` judges a page (decisions.md, Performance and CSP, decided 2026-12-06): at
 * the median of its runs, against a bare page of its own words measured in the same audit.
 * - performance 100 at the median, and no run below 98 (one noisy run costs a point, not a miss);
 * - CLS 0 in every run;
 * - median TBT at most 50 ms, and at most 25 ms above its words' median TBT: a bare page of
 *   words alone reached 53-104 ms in about 3 % of runs on a host whose speed wanders within one
 *   audit, so no per-run TBT bar is judged;
 * - median FCP at most 1.25x and median LCP at most 1.45x its words' medians (every page alike:
 *   the home pages' earlier 1.15x is retired).
 * Kept apart from scripts/audit.ts, which runs Lighthouse, so the judging has unit tests.
 */
export const GOAL = {
  perf: 100,
  worstPerf: 98,
  cls: 0,
  tbt: 50,
  tbtAboveReference: 25,
  fcpRatio: 1.25,
  lcpRatio: 1.45,
} as const;

/** One Lighthouse run's numbers the goal reads. */
export interface Run {
  perf: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/** A page's medians beside its reference's (its own words, or the floor). */
export function compare(page: Run[], reference: Run[]) {
  const m = (list: Run[], k: keyof Run) => median(list.map((r) => r[k]));
  const usable = page.length > 0 && reference.length > 0;
  return {
    fcpRatio: usable ? m(page, "fcp") / m(reference, "fcp") : NaN,
    lcpRatio: usable ? m(page, "lcp") / m(reference, "lcp") : NaN,
    /** The page's median TBT less its reference's, in ms. */
    tbtAbove: usable ? m(page, "tbt") - m(reference, "tbt") : NaN,
  };
}

/**
 * What keeps a page from the goal, one word each (empty: it passes). `runs` is how many runs it
 * was meant to have: a page with fewer (Lighthouse failed one three times) is not judged passed.
 */
export function misses(page: Run[], reference: Run[], runs: number): string[] {
  if (!page.length) return ["runs"];
  if (!reference.length) return ["no reference"];
  const m = (k: keyof Run) => median(page.map((r) => r[k]));
  const { fcpRatio, lcpRatio, tbtAbove } = compare(page, reference);
  return [
    fcpRatio > GOAL.fcpRatio && "FCP",
    lcpRatio > GOAL.lcpRatio && "LCP",
    (m("tbt") > GOAL.tbt || tbtAbove > GOAL.tbtAboveReference) && "TBT",
    page.some((r) => r.cls > GOAL.cls) && "CLS",
    (m("perf") < GOAL.perf || page.some((r) => r.perf < GOAL.worstPerf)) && "perf",
    page.length < runs && "runs",
  ].filter((miss): miss is string => typeof miss === "string");
}
