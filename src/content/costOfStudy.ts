import { join } from "node:path";
import { costOfStudyFileSchema } from "./schema/costOfStudy";
import { fillSiteFacts } from "./siteFacts";
import { ContentError, loadYaml } from "./yamlFile";
import { studyRoutes } from "./studyRoutes";
import type { Question } from "./types";
import { localized, localizedAll } from "../i18n/scope";

const file = join(import.meta.dirname, "../../content/costOfStudy.yaml");

/** The cost planner's figures, estimates, questions and words: content/costOfStudy.yaml, checked. */
const data = fillSiteFacts(loadYaml(file, costOfStudyFileSchema));

export const {
  maintenance,
  visaFee,
  healthSurcharge,
  estimateSource,
  homes,
  rentPerMonth,
  livingPerMonth,
  currencies,
  maxCourseMonths,
  plannerDefaults,
  workedExample,
  costCopy,
} = localizedAll(data);

/** Choices written once elsewhere: the study routes, the homes and the currencies. */
const derivedChoices: Record<string, Question["choices"]> = {
  route: studyRoutes.map((r) => ({ value: r.id, label: r.name })),
  home: homes.map((h) => ({ value: h.value, label: h.label })),
  currency: currencies.map((c) => ({ value: c.code, label: `${c.name} (${c.code})` })),
};

/** The planner's questions; ids and values appear in shared URLs. */
export const costQuestions: Question[] = localized(
  data.costQuestions.map(({ choices, ...question }) => {
    const filled = choices ?? derivedChoices[question.id];
    if (!filled)
      throw new ContentError(
        `content/costOfStudy.yaml: question ${question.id} field choices: needs its choices (only ${Object.keys(derivedChoices).join(", ")} fill in their own)`,
      );
    return { ...question, choices: filled };
  }),
);
