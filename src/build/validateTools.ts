/**
 * The students' tools' content, checked beyond what validate.ts checks for every file: each
 * figure has a source and a date, amounts and ranges make sense, the decision table refers to
 * real questions, choices and routes, and answers every combination of answers.
 */
import type { Choice, FigureSource, Question, RouteRule, StudyRoute } from "../content/types";
import { findRoute, type Answers } from "../lib/routeFinder";
import { placeholders } from "../lib/template";
import type { ContentModule } from "./validate";

const FILES = {
  routes: "content/studyRoutes.yaml",
  finder: "content/routeFinder.yaml",
  cost: "content/costOfStudy.yaml",
  home: "content/home.yaml",
};
const INTAKES = ["September", "January", "May"];
const MEANINGS = ["in force since", "recorded on", "estimate set on"];

type Fail = (file: string, path: string, problem: string) => void;
type Exports = Record<string, unknown>;

/** YYYY-MM or YYYY-MM-DD, a real month or day. */
export function isAsOfDate(value: unknown) {
  if (typeof value !== "string" || !/^\d{4}-(0[1-9]|1[0-2])(-\d{2})?$/.test(value)) return false;
  const full = value.length === 7 ? `${value}-01` : value;
  return new Date(`${full}T00:00:00Z`).toISOString().startsWith(full);
}

export function validateTools(modules: ContentModule[]): string[] {
  const errors: string[] = [];
  const fail: Fail = (file, path, problem) => errors.push(`${file}: ${path} ${problem}`);
  const get = (file: string): Exports => modules.find((m) => m.file === file)?.exports ?? {};
  const routes = (get(FILES.routes).studyRoutes ?? []) as StudyRoute[];
  const interests = ((get(FILES.home).studyInterests ?? []) as { value: string }[]).map(
    (i) => i.value,
  );
  checkRoutes(routes, interests, fail);
  checkFinder(get(FILES.finder), routes, fail);
  checkCost(get(FILES.cost), routes, fail);
  return errors;
}

function checkAmount(file: string, path: string, value: unknown, fail: Fail) {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0)
    fail(file, path, `must be an amount above 0, not ${JSON.stringify(value)}`);
}

function checkRange(file: string, path: string, value: unknown, fail: Fail) {
  const range = (value ?? {}) as { min?: unknown; max?: unknown };
  checkAmount(file, `${path}.min`, range.min, fail);
  checkAmount(file, `${path}.max`, range.max, fail);
  if (typeof range.min === "number" && typeof range.max === "number" && range.min > range.max)
    fail(file, path, `runs from ${range.min} down to ${range.max}: min must not exceed max`);
}

function checkSource(file: string, path: string, value: unknown, fail: Fail) {
  const source = value as Partial<FigureSource> | undefined;
  if (!source) return fail(file, path, "is missing: every figure needs its source and date");
  if (!source.title?.trim()) fail(file, `${path}.title`, "is missing: name the source");
  if (!source.href?.trim()) fail(file, `${path}.href`, "is missing: link the source");
  if (!isAsOfDate(source.asOf))
    fail(
      file,
      `${path}.asOf`,
      `${JSON.stringify(source.asOf)} is not a date (YYYY-MM or YYYY-MM-DD)`,
    );
  if (!MEANINGS.includes(source.asOfMeaning ?? ""))
    fail(file, `${path}.asOfMeaning`, `must be one of: ${MEANINGS.join(", ")}`);
}

function checkRoutes(routes: StudyRoute[], interests: string[], fail: Fail) {
  if (!routes.length) fail(FILES.routes, "studyRoutes", "is empty");
  routes.forEach((r, i) => {
    const path = `studyRoutes[${i}]`;
    if (!interests.includes(r.interest))
      fail(
        FILES.routes,
        `${path}.interest`,
        `"${r.interest}" is not a Study Interest option (studyInterests in src/content/home.ts)`,
      );
    if (!r.intakes?.length) fail(FILES.routes, `${path}.intakes`, "is empty");
    r.intakes?.forEach((m, j) => {
      if (!INTAKES.includes(m))
        fail(FILES.routes, `${path}.intakes[${j}]`, `"${m}" is not one of ${INTAKES.join(", ")}`);
    });
    if (!Number.isInteger(r.months) || r.months < 1)
      fail(FILES.routes, `${path}.months`, "must be a whole number of months from 1");
    checkRange(FILES.routes, `${path}.tuition`, r.tuition, fail);
  });
}

function checkChoice(
  file: string,
  path: string,
  questions: Question[],
  id: string,
  value: unknown,
  fail: Fail,
) {
  const question = questions.find((q) => q.id === id);
  if (!question?.choices.some((c: Choice) => c.value === value))
    fail(file, path, `${JSON.stringify(value)} is not a choice of the question "${id}"`);
}

function checkFinder(finder: Exports, routes: StudyRoute[], fail: Fail) {
  const file = FILES.finder;
  const questions = (finder.routeQuestions ?? []) as Question[];
  const rules = (finder.routeRules ?? []) as RouteRule[];
  rules.forEach((rule, i) => {
    for (const [id, values] of Object.entries(rule.when ?? {})) {
      if (!questions.some((q) => q.id === id))
        fail(
          file,
          `routeRules[${i}].when.${id}`,
          `is not a question (${questions.map((q) => q.id).join(", ")})`,
        );
      else
        values.forEach((v, j) =>
          checkChoice(file, `routeRules[${i}].when.${id}[${j}]`, questions, id, v, fail),
        );
    }
    if (!rule.routes?.length) fail(file, `routeRules[${i}].routes`, "is empty");
    rule.routes?.forEach((id, j) => {
      if (!routes.some((r) => r.id === id))
        fail(
          file,
          `routeRules[${i}].routes[${j}]`,
          `"${id}" is not a study route in ${FILES.routes}`,
        );
    });
  });
  // Every combination of answers must reach a row, and every row must decide some combination.
  const used = new Set<number>();
  const unanswered: Answers[] = [];
  for (const answers of combinations(questions)) {
    const outcome = findRoute(rules, answers);
    if (outcome.kind === "decided") used.add(outcome.row);
    else unanswered.push(answers);
  }
  if (unanswered.length) {
    const shown = Object.entries(unanswered[0])
      .map(([q, v]) => `${q}=${v}`)
      .join(", ");
    const more = unanswered.length > 1 ? ` (and ${unanswered.length - 1} more)` : "";
    fail(file, "routeRules", `give no route for the answers ${shown}${more}`);
  } else {
    rules.forEach((_, i) => {
      if (!used.has(i))
        fail(
          file,
          `routeRules[${i}]`,
          "never decides: the rows above it match every case it covers",
        );
    });
  }
  const copy = (finder.routeFinderCopy ?? {}) as Record<string, unknown>;
  checkTemplate(
    file,
    "routeFinderCopy.enquiryMessage",
    copy.enquiryMessage,
    ["answers", "routes"],
    fail,
  );
  checkTemplate(file, "routeFinderCopy.routeMessage", copy.routeMessage, ["route"], fail);
  checkTemplate(file, "routeFinderCopy.summary", copy.summary, ["routes"], fail);
}

function* combinations(questions: Question[], done: Answers = {}): Generator<Answers> {
  const [first, ...rest] = questions;
  if (!first) {
    yield done;
    return;
  }
  for (const c of first.choices) yield* combinations(rest, { ...done, [first.id]: c.value });
}

function checkTemplate(file: string, path: string, text: unknown, known: string[], fail: Fail) {
  if (typeof text !== "string") return fail(file, path, "is missing");
  for (const name of placeholders(text))
    if (!known.includes(name))
      fail(
        file,
        path,
        `uses {${name}}, which is not filled in (only ${known.map((k) => `{${k}}`).join(", ")})`,
      );
}

function checkCost(cost: Exports, routes: StudyRoute[], fail: Fail) {
  const file = FILES.cost;
  const maintenance = (cost.maintenance ?? {}) as {
    perMonth?: Record<string, unknown>;
    maxMonths?: unknown;
    source?: unknown;
  };
  for (const [place, amount] of Object.entries(maintenance.perMonth ?? {}))
    checkAmount(file, `maintenance.perMonth.${place}`, amount, fail);
  checkAmount(file, "maintenance.maxMonths", maintenance.maxMonths, fail);
  checkSource(file, "maintenance.source", maintenance.source, fail);

  const visaFee = (cost.visaFee ?? {}) as { amount?: unknown; source?: unknown };
  checkAmount(file, "visaFee.amount", visaFee.amount, fail);
  checkSource(file, "visaFee.source", visaFee.source, fail);

  const ihs = (cost.healthSurcharge ?? {}) as Record<string, unknown>;
  checkAmount(file, "healthSurcharge.perYear", ihs.perYear, fail);
  checkAmount(file, "healthSurcharge.halfYearUpToMonths", ihs.halfYearUpToMonths, fail);
  checkSource(file, "healthSurcharge.source", ihs.source, fail);
  checkTemplate(file, "healthSurcharge.rule", ihs.rule, ["perYear", "halfYearUpToMonths"], fail);

  checkSource(file, "estimateSource", cost.estimateSource, fail);
  const rent = (cost.rentPerMonth ?? {}) as Record<string, Record<string, unknown>>;
  for (const [place, homes] of Object.entries(rent))
    for (const [home, range] of Object.entries(homes))
      checkRange(file, `rentPerMonth.${place}.${home}`, range, fail);
  const living = (cost.livingPerMonth ?? {}) as Record<string, unknown>;
  for (const [place, range] of Object.entries(living))
    checkRange(file, `livingPerMonth.${place}`, range, fail);
  ((cost.currencies ?? []) as { perPound?: unknown }[]).forEach((c, i) =>
    checkAmount(file, `currencies[${i}].perPound`, c.perPound, fail),
  );

  const questions = (cost.costQuestions ?? []) as Question[];
  const routeChoices = questions.find((q) => q.id === "route")?.choices ?? [];
  routes.forEach((r) => {
    if (!routeChoices.some((c) => c.value === r.id))
      fail(file, "costQuestions", `has no route choice for "${r.id}"`);
  });
  for (const name of ["plannerDefaults", "workedExample"]) {
    const inputs = (cost[name] ?? {}) as Record<string, unknown>;
    for (const id of ["route", "place", "home", "currency"])
      checkChoice(file, `${name}.${id}`, questions, id, inputs[id], fail);
    const months = inputs.months;
    const max = cost.maxCourseMonths;
    if (!Number.isInteger(months) || (months as number) < 1 || (months as number) > (max as number))
      fail(
        file,
        `${name}.months`,
        `must be a whole number from 1 to maxCourseMonths (${String(max)})`,
      );
  }
}
