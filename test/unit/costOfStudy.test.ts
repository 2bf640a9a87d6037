import { test } from "node:test";
import assert from "node:assert/strict";
import {
  fundsFor,
  healthSurchargeFor,
  planCost,
  type CostFigures,
} from "../../src/lib/costOfStudy";
import { costModel } from "../../src/components/tools/costModel";
import {
  convert,
  formatConverted,
  formatPoundRange,
  formatPounds,
  groupThousands,
  roughly,
} from "../../src/lib/money";
import { formatAsOf } from "../../src/lib/asOf";
import { fill } from "../../src/lib/template";

// Hand-made figures, so the expected sums below are worked out here, not read from content.
const figures: CostFigures = {
  maintenance: { perMonth: { london: 1483, elsewhere: 1136 }, maxMonths: 9 },
  visaFee: { amount: 524 },
  healthSurcharge: { perYear: 776, halfYearUpToMonths: 6 },
  rentPerMonth: {
    london: {
      halls: { min: 1000, max: 1500 },
      shared: { min: 900, max: 1200 },
      studio: { min: 1500, max: 2000 },
    },
    elsewhere: {
      halls: { min: 600, max: 800 },
      shared: { min: 500, max: 700 },
      studio: { min: 900, max: 1200 },
    },
  },
  livingPerMonth: { london: { min: 600, max: 800 }, elsewhere: { min: 400, max: 600 } },
  routes: [
    { id: "masters", tuition: { min: 20000, max: 30000 }, tuitionPer: "year" },
    { id: "pre", tuition: { min: 10000, max: 12000 }, tuitionPer: "course" },
  ],
};
const ihs = figures.healthSurcharge;

test("health surcharge: half a year up to 6 months, a full year beyond, per whole year", () => {
  assert.equal(healthSurchargeFor(1, ihs), 388);
  assert.equal(healthSurchargeFor(6, ihs), 388);
  assert.equal(healthSurchargeFor(7, ihs), 776);
  assert.equal(healthSurchargeFor(9, ihs), 776);
  assert.equal(healthSurchargeFor(12, ihs), 776);
  assert.equal(healthSurchargeFor(15, ihs), 776 + 388);
  assert.equal(healthSurchargeFor(18, ihs), 776 + 388);
  assert.equal(healthSurchargeFor(19, ihs), 776 * 2);
  assert.equal(healthSurchargeFor(36, ihs), 776 * 3);
});

test("maintenance: the monthly amount for up to 9 months (GOV.UK's London example: £13,347)", () => {
  assert.deepEqual(fundsFor(9, "london", figures.maintenance), {
    months: 9,
    perMonth: 1483,
    living: 13347,
  });
  assert.equal(fundsFor(12, "london", figures.maintenance).living, 13347);
  assert.equal(fundsFor(36, "elsewhere", figures.maintenance).living, 9 * 1136);
  assert.equal(fundsFor(6, "elsewhere", figures.maintenance).living, 6816);
  assert.equal(fundsFor(1, "london", figures.maintenance).living, 1483);
});

test("a 12-month master's in London, shared flat", () => {
  const plan = planCost({ route: "masters", place: "london", home: "shared", months: 12 }, figures);
  assert.equal(plan.months, 12);
  assert.deepEqual(plan.tuition, { min: 20000, max: 30000 });
  assert.deepEqual(plan.rent, { min: 10800, max: 14400 });
  assert.deepEqual(plan.living, { min: 7200, max: 9600 });
  assert.equal(plan.visaFee, 524);
  assert.equal(plan.healthSurcharge, 776);
  // 20000 + 10800 + 7200 + 524 + 776; 30000 + 14400 + 9600 + 524 + 776
  assert.deepEqual(plan.total, { min: 39300, max: 55300 });
  assert.deepEqual(plan.funds, {
    months: 9,
    perMonth: 1483,
    living: 13347,
    withTuition: { min: 33347, max: 43347 },
  });
});

test("a 6-month pre-masters elsewhere: six months of costs, half-year surcharge, course fee", () => {
  const plan = planCost({ route: "pre", place: "elsewhere", home: "halls", months: 6 }, figures);
  assert.deepEqual(plan.rent, { min: 3600, max: 4800 });
  assert.deepEqual(plan.living, { min: 2400, max: 3600 });
  assert.equal(plan.healthSurcharge, 388);
  // 10000 + 3600 + 2400 + 524 + 388; 12000 + 4800 + 3600 + 524 + 388
  assert.deepEqual(plan.total, { min: 16912, max: 21312 });
  assert.equal(plan.funds.living, 6 * 1136);
});

test("a 36-month course: the first year's costs, the surcharge for the whole course", () => {
  const plan = planCost(
    { route: "masters", place: "elsewhere", home: "studio", months: 36 },
    figures,
  );
  assert.equal(plan.months, 12);
  assert.deepEqual(plan.rent, { min: 10800, max: 14400 });
  assert.equal(plan.healthSurcharge, 2328);
  assert.equal(plan.funds.months, 9);
});

test("unknown routes and impossible months are errors, not silent zeros", () => {
  assert.throws(
    () => planCost({ route: "nope", place: "london", home: "halls", months: 12 }, figures),
    /No study route "nope"/,
  );
  for (const months of [0, -1, 2.5, NaN])
    assert.throws(
      () => planCost({ route: "pre", place: "london", home: "halls", months }, figures),
      /whole number/,
    );
});

test("the real figures: GOV.UK's amounts as decisions.md records them", () => {
  const { figures: real } = costModel;
  assert.equal(fundsFor(9, "london", real.maintenance).living, 13347);
  assert.equal(real.maintenance.perMonth.elsewhere, 1136);
  assert.equal(real.visaFee.amount, 524);
  assert.equal(healthSurchargeFor(9, real.healthSurcharge), 776);
  assert.equal(healthSurchargeFor(4, real.healthSurcharge), 388);
});

test("money: separators, ranges, rounding of converted amounts", () => {
  assert.equal(groupThousands(13347), "13,347");
  assert.equal(groupThousands(999), "999");
  assert.equal(groupThousands(1234567), "1,234,567");
  assert.equal(formatPounds(524), "£524");
  assert.equal(formatPoundRange({ min: 900, max: 1400 }), "£900 to £1,400");
  assert.equal(formatPoundRange({ min: 776, max: 776 }), "£776");
  assert.equal(roughly(17751.11), 17800);
  assert.equal(roughly(524), 524);
  assert.equal(roughly(0), 0);
  const inr = { code: "INR", symbol: "₹", perPound: 113 };
  assert.equal(convert(13347, inr), 1510000);
  assert.equal(formatConverted(13347, inr), "₹1,510,000");
});

test("dates and templates", () => {
  assert.equal(formatAsOf("2025-01"), "January 2025");
  assert.equal(formatAsOf("2026-11-23"), "23 November 2026");
  assert.equal(fill("{a} and {b}", { a: 1, b: "two" }), "1 and two");
  assert.throws(() => fill("{a} and {c}", { a: 1 }), /No value for \{c\}/);
});
