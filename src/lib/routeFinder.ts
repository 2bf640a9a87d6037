/** The route finder's rules: pure, with the questions and the decision table passed in. */
import type { IntakeMonth, Question, RouteRule } from "../content/types";

/** The student's answers by question id; a question not answered yet is absent. */
export type Answers = Record<string, string | undefined>;

export type Outcome =
  /** A row that decides has not been reached without answers still missing. */
  { kind: "pending"; missing: string[] } | { kind: "decided"; rule: RouteRule; row: number };

/**
 * The first row of the table whose conditions all hold decides. A row that needs an answer
 * not given yet stops the search: a later row must not decide what that answer could change.
 */
export function findRoute(rules: RouteRule[], answers: Answers): Outcome {
  for (const [row, rule] of rules.entries()) {
    const conditions = Object.entries(rule.when);
    const missing = conditions.filter(([q]) => answers[q] === undefined).map(([q]) => q);
    const fails = conditions.some(
      ([q, ok]) => answers[q] !== undefined && !ok.includes(answers[q]),
    );
    if (fails) continue;
    if (missing.length) return { kind: "pending", missing };
    return { kind: "decided", rule, row };
  }
  return { kind: "pending", missing: [] };
}

const intakeOrder: IntakeMonth[] = ["September", "January", "May"];

/**
 * The first of a route's intakes at or after the month the student wants to start, going round
 * the academic year (September, January, May); null when the student is not sure yet.
 */
export function nextIntake(intakes: IntakeMonth[], start: string | undefined) {
  const from = intakeOrder.findIndex((m) => m.toLowerCase() === start);
  if (from < 0) return null;
  for (let step = 0; step < intakeOrder.length; step++) {
    const month = intakeOrder[(from + step) % intakeOrder.length];
    if (intakes.includes(month)) return month;
  }
  return null;
}

/** "Aim: A master's degree; English (IELTS): 6.0", in the order the questions are asked. */
export function describeAnswers(questions: Question[], answers: Answers) {
  return questions
    .map((q) => {
      const choice = q.choices.find((c) => c.value === answers[q.id]);
      return choice && `${q.short}: ${choice.label}`;
    })
    .filter(Boolean)
    .join("; ");
}

/** The contact form's address with Study Interest pre-selected and a message started. */
export function enquiryHref(interest: string, message: string) {
  const query = new URLSearchParams({ interest, message });
  return `/contact?${query.toString()}#contact-form`;
}

/** Keep only answers that are choices of their question (a shared URL may carry anything). */
export function validAnswers(questions: Question[], raw: Record<string, string | null>): Answers {
  const answers: Answers = {};
  for (const q of questions) {
    const value = raw[q.id];
    if (value != null && q.choices.some((c) => c.value === value)) answers[q.id] = value;
  }
  return answers;
}
