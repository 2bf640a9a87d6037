/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- these edits break content on purpose, so they cannot keep its types */
import { englishCopy } from "../../src/i18n/apply";
import { test } from "node:test";
import assert from "node:assert/strict";
import { isAsOfDate, validateTools } from "../../src/build/validateTools";
import { contentModules } from "../../src/build/content";
import type { ContentModule } from "../../src/build/validate";

/** A deep copy of the real content, with one module changed by `edit`. */
function check(file?: string, edit?: (exports: Record<string, any>) => void) {
  const modules: ContentModule[] = contentModules.map((m) => {
    const data = Object.fromEntries(
      Object.entries(m.exports).filter(([, v]) => typeof v !== "function"),
    );
    const exports = englishCopy(data) as Record<string, any>;
    if (m.file === file) edit?.(exports);
    return { file: m.file, exports };
  });
  return validateTools(modules);
}

const COST = "content/costOfStudy.yaml";
const FINDER = "content/routeFinder.yaml";
const ROUTES = "content/studyRoutes.yaml";

test("the real tools' content is valid", () => {
  assert.deepEqual(check(), []);
});

test("a figure without a date or source stops the build, naming file and field", () => {
  assert.deepEqual(
    check(COST, (c) => delete c.healthSurcharge.source.asOf),
    [`${COST}: healthSurcharge.source.asOf undefined is not a date (YYYY-MM or YYYY-MM-DD)`],
  );
  assert.deepEqual(
    check(COST, (c) => (c.visaFee.source.asOf = "April 2025")),
    [`${COST}: visaFee.source.asOf "April 2025" is not a date (YYYY-MM or YYYY-MM-DD)`],
  );
  assert.deepEqual(
    check(COST, (c) => delete c.maintenance.source),
    [`${COST}: maintenance.source is missing: every figure needs its source and date`],
  );
  assert.deepEqual(
    check(COST, (c) => (c.estimateSource.title = "")),
    [`${COST}: estimateSource.title is missing: name the source`],
  );
  assert.deepEqual(
    check(COST, (c) => (c.visaFee.source.asOfMeaning = "about")),
    [
      `${COST}: visaFee.source.asOfMeaning must be one of: in force since, recorded on, estimate set on`,
    ],
  );
});

test("amounts and ranges must make sense", () => {
  assert.deepEqual(
    check(COST, (c) => (c.maintenance.perMonth.london = 0)),
    [`${COST}: maintenance.perMonth.london must be an amount above 0, not 0`],
  );
  assert.deepEqual(
    check(COST, (c) => (c.rentPerMonth.london.studio = { min: 2200, max: 1400 })),
    [`${COST}: rentPerMonth.london.studio runs from 2200 down to 1400: min must not exceed max`],
  );
  assert.deepEqual(
    check(ROUTES, (c) => (c.studyRoutes[1].tuition.max = "lots")),
    [`${ROUTES}: studyRoutes[1].tuition.max must be an amount above 0, not "lots"`],
  );
  assert.deepEqual(
    check(COST, (c) => (c.workedExample.months = 99)),
    [`${COST}: workedExample.months must be a whole number from 1 to maxCourseMonths (48)`],
  );
});

test("a route's interest must be a Study Interest option, its intakes real", () => {
  assert.deepEqual(
    check(ROUTES, (c) => (c.studyRoutes[3].interest = "Masters")),
    [
      `${ROUTES}: studyRoutes[3].interest "Masters" is not a Study Interest option (studyInterests in src/content/home.ts)`,
    ],
  );
  assert.deepEqual(
    check(ROUTES, (c) => (c.studyRoutes[0].intakes = ["March"])),
    [`${ROUTES}: studyRoutes[0].intakes[0] "March" is not one of September, January, May`],
  );
});

test("the decision table: real questions, choices and routes", () => {
  assert.deepEqual(
    check(FINDER, (c) => (c.routeRules[5].routes = ["masters"])),
    [`${FINDER}: routeRules[5].routes[0] "masters" is not a study route in ${ROUTES}`],
  );
  assert.ok(
    check(FINDER, (c) => (c.routeRules[5].when.english = ["7.0"])).includes(
      `${FINDER}: routeRules[5].when.english[0] "7.0" is not a choice of the question "english"`,
    ),
  );
  assert.ok(
    check(FINDER, (c) => (c.routeRules[0].when = { age: ["18"] })).includes(
      `${FINDER}: routeRules[0].when.age is not a question (goal, qualification, english, start)`,
    ),
  );
});

test("the decision table answers every combination, and every row decides something", () => {
  assert.deepEqual(
    check(FINDER, (c) => c.routeRules.pop()),
    [
      `${FINDER}: routeRules give no route for the answers goal=research, qualification=bachelors, english=5.0, start=september (and 7 more)`,
    ],
  );
  assert.deepEqual(
    check(FINDER, (c) => c.routeRules.splice(2, 0, { ...c.routeRules[2] })),
    [`${FINDER}: routeRules[3] never decides: the rows above it match every case it covers`],
  );
});

test("templates use only the placeholders that are filled in", () => {
  assert.deepEqual(
    check(FINDER, (c) => (c.routeFinderCopy.enquiryMessage = "Hi {name}, {routes}")),
    [
      `${FINDER}: routeFinderCopy.enquiryMessage uses {name}, which is not filled in (only {answers}, {routes})`,
    ],
  );
});

test("as-of dates: a real month or day", () => {
  for (const ok of ["2025-01", "2025-04", "2026-11-23", "2024-02-29"])
    assert.ok(isAsOfDate(ok), ok);
  for (const bad of ["2025", "2025-13", "2025-00", "2025-02-30", "2023-02-29", "Jan 2025", 2025])
    assert.equal(isAsOfDate(bad), false, String(bad));
});
