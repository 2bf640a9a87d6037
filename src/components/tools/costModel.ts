import { perLocale } from "../../i18n/scope";
import * as cost from "../../content/costOfStudy";
import { studyRoutes } from "../../content/studyRoutes";
import type { CostFigures, Home, Place } from "../../lib/costOfStudy";

/** Everything the cost planner shows, from content/: the island's props and the page's tables. */
export const costModel = perLocale(() => ({
  figures: {
    maintenance: cost.maintenance,
    visaFee: cost.visaFee,
    healthSurcharge: cost.healthSurcharge,
    rentPerMonth: cost.rentPerMonth,
    livingPerMonth: cost.livingPerMonth,
    routes: studyRoutes.map(({ id, name, tuition, tuitionPer, months, planNote }) => ({
      id,
      name,
      tuition,
      tuitionPer,
      months,
      planNote,
    })),
  } satisfies CostFigures,
  estimateSource: cost.estimateSource,
  currencies: cost.currencies,
  questions: cost.costQuestions,
  defaults: cost.plannerDefaults,
  maxMonths: cost.maxCourseMonths,
  copy: cost.costCopy,
}));

export type CostModel = typeof costModel;

/** The planner's answers: every question answered (it starts from plannerDefaults). */
export interface CostAnswers {
  route: string;
  place: Place;
  home: Home;
  months: number;
  currency: string;
}
