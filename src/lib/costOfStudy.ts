/** The cost planner's arithmetic: pure, with every figure passed in (content/costOfStudy.yaml). */
import { addRanges, exactly, scaleRange, type Range } from "./money";

export type Place = "london" | "elsewhere";
export type Home = "halls" | "shared" | "studio";

/** The figures a plan is worked out from. */
export interface CostFigures {
  maintenance: { perMonth: Record<Place, number>; maxMonths: number };
  visaFee: { amount: number };
  healthSurcharge: { perYear: number; halfYearUpToMonths: number };
  rentPerMonth: Record<Place, Record<Home, Range>>;
  livingPerMonth: Record<Place, Range>;
  routes: { id: string; tuition: Range; tuitionPer: "year" | "course" }[];
}

export interface CostInputs {
  route: string;
  place: Place;
  home: Home;
  /** Length of the course in months. */
  months: number;
}

export interface CostPlan {
  /** Months of the first year the plan covers: the course, up to 12. */
  months: number;
  /** First year's tuition, or the whole course's when it is priced per course. */
  tuition: Range;
  rent: Range;
  living: Range;
  visaFee: number;
  /** For the whole course, paid with the application. */
  healthSurcharge: number;
  total: Range;
  /** What the visa application must show. */
  funds: {
    months: number;
    perMonth: number;
    living: number;
    /** Living plus all of the first year's tuition (none of it paid yet). */
    withTuition: Range;
  };
}

/**
 * GOV.UK: a charge for each whole year; a remaining part year costs half a year when it is
 * `halfYearUpToMonths` months or shorter, a full year when longer.
 */
export function healthSurchargeFor(
  months: number,
  { perYear, halfYearUpToMonths }: CostFigures["healthSurcharge"],
) {
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const part = rest === 0 ? 0 : rest <= halfYearUpToMonths ? perYear / 2 : perYear;
  return years * perYear + part;
}

/** Monthly maintenance for the course's months, capped (GOV.UK: up to 9 months). */
export function fundsFor(months: number, place: Place, m: CostFigures["maintenance"]) {
  const counted = Math.min(months, m.maxMonths);
  return { months: counted, perMonth: m.perMonth[place], living: counted * m.perMonth[place] };
}

export function planCost(inputs: CostInputs, figures: CostFigures): CostPlan {
  const route = figures.routes.find((r) => r.id === inputs.route);
  if (!route) throw new Error(`No study route "${inputs.route}"`);
  if (!Number.isInteger(inputs.months) || inputs.months < 1)
    throw new Error(`Months of study must be a whole number from 1, not ${inputs.months}`);
  const months = Math.min(inputs.months, 12);
  const rent = scaleRange(figures.rentPerMonth[inputs.place][inputs.home], months);
  const living = scaleRange(figures.livingPerMonth[inputs.place], months);
  const visaFee = figures.visaFee.amount;
  const healthSurcharge = healthSurchargeFor(inputs.months, figures.healthSurcharge);
  const funds = fundsFor(inputs.months, inputs.place, figures.maintenance);
  return {
    months,
    tuition: route.tuition,
    rent,
    living,
    visaFee,
    healthSurcharge,
    total: addRanges(route.tuition, rent, living, exactly(visaFee + healthSurcharge)),
    funds: { ...funds, withTuition: addRanges(exactly(funds.living), route.tuition) },
  };
}
