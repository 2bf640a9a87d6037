import { test } from "node:test";
import assert from "node:assert/strict";
import {
  describeAnswers,
  enquiryHref,
  findRoute,
  nextIntake,
  validAnswers,
  type Answers,
} from "../../src/lib/routeFinder";
import { routeQuestions, routeRules } from "../../src/content/routeFinder";
import { studyRoutes } from "../../src/content/studyRoutes";
import { studyInterests } from "../../src/content/home";

const decide = (goal: string, qualification: string, english: string) => {
  const outcome = findRoute(routeRules, { goal, qualification, english, start: "unsure" });
  assert.equal(outcome.kind, "decided", `${goal}/${qualification}/${english}`);
  return outcome.kind === "decided" ? outcome.rule.routes : [];
};

// The table the brief gives, row by row, against the content's rules.
test("the decision table: each case gives the routes the agreed table says", () => {
  for (const q of ["secondary", "a-levels", "bachelors", "masters"])
    assert.deepEqual(decide("short-course", q, "none"), ["short-course"]);
  for (const e of ["none", "5.0", "5.5", "6.0", "6.5"]) {
    assert.deepEqual(decide("bachelors", "secondary", e), ["foundation"]);
    for (const q of ["a-levels", "bachelors", "masters"])
      assert.deepEqual(decide("bachelors", q, e), ["bachelors"]);
    assert.deepEqual(decide("masters", "secondary", e), ["foundation"]);
    assert.deepEqual(decide("masters", "a-levels", e), ["bachelors"]);
    assert.deepEqual(decide("research", "secondary", e), ["foundation"]);
    assert.deepEqual(decide("research", "a-levels", e), ["bachelors"]);
    assert.deepEqual(decide("research", "masters", e), ["phd"]);
  }
  for (const q of ["bachelors", "masters"]) {
    assert.deepEqual(decide("masters", q, "6.5"), ["taught-masters"]);
    assert.deepEqual(decide("masters", q, "none"), ["taught-masters", "pre-masters"]);
    assert.deepEqual(decide("masters", q, "6.0"), ["taught-masters", "pre-masters"]);
    assert.deepEqual(decide("masters", q, "5.0"), ["pre-masters"]);
    assert.deepEqual(decide("masters", q, "5.5"), ["pre-masters"]);
  }
  for (const e of ["none", "6.0", "6.5"])
    assert.deepEqual(decide("research", "bachelors", e), ["mres"]);
  for (const e of ["5.0", "5.5"])
    assert.deepEqual(decide("research", "bachelors", e), ["pre-masters", "mres"]);
});

test("partial answers: decided only when no earlier row could still match", () => {
  assert.deepEqual(findRoute(routeRules, {}), { kind: "pending", missing: ["goal"] });
  const short = findRoute(routeRules, { goal: "short-course" });
  assert.equal(short.kind, "decided");
  assert.deepEqual(findRoute(routeRules, { goal: "masters" }), {
    kind: "pending",
    missing: ["qualification"],
  });
  // A levels decide a master's seeker's route before English is known.
  const aLevels = findRoute(routeRules, { goal: "masters", qualification: "a-levels" });
  assert.equal(aLevels.kind === "decided" && aLevels.rule.routes[0], "bachelors");
  assert.deepEqual(findRoute(routeRules, { goal: "masters", qualification: "bachelors" }), {
    kind: "pending",
    missing: ["english"],
  });
});

test("next intake: the route's first intake at or after the chosen start, round the year", () => {
  assert.equal(nextIntake(["September", "January"], "september"), "September");
  assert.equal(nextIntake(["September", "January"], "january"), "January");
  assert.equal(nextIntake(["September", "January"], "may"), "September");
  assert.equal(nextIntake(["January"], "may"), "January");
  assert.equal(nextIntake(["September", "January", "May"], "may"), "May");
  assert.equal(nextIntake(["September"], "unsure"), null);
  assert.equal(nextIntake(["September"], undefined), null);
});

test("the enquiry link carries the interest and the message the form reads", () => {
  const answers: Answers = {
    goal: "masters",
    qualification: "bachelors",
    english: "6.0",
    start: "january",
  };
  const text = describeAnswers(routeQuestions, answers);
  assert.equal(
    text,
    "Aim: A master's degree; Highest qualification: Bachelor's degree; English (IELTS): 6.0; Start: January",
  );
  const href = enquiryHref("Taught Masters", `Hello & welcome: ${text}`);
  const url = new URL(href, "http://x");
  assert.equal(url.pathname, "/contact");
  assert.equal(url.hash, "#contact-form");
  assert.equal(url.searchParams.get("interest"), "Taught Masters");
  assert.equal(url.searchParams.get("message"), `Hello & welcome: ${text}`);
});

test("every route pre-selects its own Study Interest (taught master's is not MRes)", () => {
  const interest = (id: string) => studyRoutes.find((r) => r.id === id)?.interest;
  assert.equal(interest("taught-masters"), "Taught Masters");
  assert.equal(interest("mres"), "Masters in Research");
  assert.equal(interest("pre-masters"), "Pre-Masters");
  assert.equal(new Set(studyRoutes.map((r) => r.interest)).size, studyRoutes.length);
  for (const r of studyRoutes)
    assert.ok(
      studyInterests.some((i) => i.value === r.interest),
      r.id,
    );
});

test("answers from a URL: unknown questions and values are dropped", () => {
  assert.deepEqual(
    validAnswers(routeQuestions, { goal: "masters", english: "9.0", start: null, evil: "x" }),
    { goal: "masters" },
  );
});
