import type { FigureSource, MoneyRange, Question } from "./types";
import { studyRoutes } from "./studyRoutes";

/*
 * Every figure of the cost planner, with where it comes from and the date it holds from.
 * Official figures are as GOV.UK publishes them (decisions.md); change them here, in one place.
 * The build stops when a figure has no source or date (src/build/validateTools.ts).
 */

/** Student visa: the money to support yourself that an application must show. */
export const maintenance = {
  /** Pounds a month, by where the course is. */
  perMonth: { london: 1483, elsewhere: 1136 },
  /** The most months an application must show. */
  maxMonths: 9,
  source: {
    title: "GOV.UK: Student visa: money you need",
    href: "https://www.gov.uk/student-visa/money",
    asOf: "2025-01",
    asOfMeaning: "in force since",
  } satisfies FigureSource,
  rules: [
    "London means the City of London and the 32 London boroughs.",
    "The money must have been held for 28 consecutive days, ending no more than 31 days before you apply.",
    "First-year tuition not yet paid must be shown as well.",
  ],
};

/** Student visa application fee, applying from outside the UK. */
export const visaFee = {
  amount: 524,
  source: {
    title: "GOV.UK: Student visa",
    href: "https://www.gov.uk/student-visa",
    asOf: "2025-04",
    asOfMeaning: "in force since",
  } satisfies FigureSource,
};

/** Immigration Health Surcharge for students. */
export const healthSurcharge = {
  /** Pounds for each year of the visa. */
  perYear: 776,
  /** A part year of this many months or fewer costs half a year; longer, a full year. */
  halfYearUpToMonths: 6,
  // decisions.md gives the amount and the rule but not the date it took effect.
  source: {
    title: "GOV.UK: Pay for UK healthcare as part of your immigration application",
    href: "https://www.gov.uk/healthcare-immigration-application",
    asOf: "2026-11-23",
    asOfMeaning: "recorded on",
  } satisfies FigureSource,
  /** {perYear} and {halfYearUpToMonths} are filled in. */
  rule: "Paid with the visa application, for its whole length: {perYear} for each year; a part year of {halfYearUpToMonths} months or less costs half of that, a longer one a full year.",
  note: "We count the months you study; GOV.UK charges for the whole length of the visa it grants, which can be longer, so check the amount on GOV.UK when you apply.",
};

/** The agency's own estimates (tuition, rent, living costs, exchange rates). */
export const estimateSource: FigureSource = {
  title: "Eastgate Education advisers' estimate",
  href: "/cost-of-study#estimates",
  asOf: "2026-11-23",
  asOfMeaning: "estimate set on",
};

/** Where in the UK: the maintenance rate and the estimates differ. */
export type Place = keyof typeof maintenance.perMonth;

/** Kinds of accommodation the planner prices. */
export const homes = [
  { value: "halls", label: "University halls" },
  { value: "shared", label: "Shared private flat or house" },
  { value: "studio", label: "Private studio" },
] as const;

export type Home = (typeof homes)[number]["value"];

/** Rent a month in pounds, by place and kind of home (estimates). */
export const rentPerMonth: Record<Place, Record<Home, MoneyRange>> = {
  london: {
    halls: { min: 900, max: 1400 },
    shared: { min: 850, max: 1300 },
    studio: { min: 1400, max: 2200 },
  },
  elsewhere: {
    halls: { min: 550, max: 900 },
    shared: { min: 500, max: 800 },
    studio: { min: 850, max: 1300 },
  },
};

/** Everything but rent a month in pounds: food, local transport, phone, books, personal (estimates). */
export const livingPerMonth: Record<Place, MoneyRange> = {
  london: { min: 550, max: 800 },
  elsewhere: { min: 450, max: 650 },
};

/** Currencies shown beside pounds, with the approximate number of units to £1 (estimates). */
export const currencies = [
  { code: "USD", name: "US dollar", symbol: "US$", perPound: 1.33 },
  { code: "EUR", name: "Euro", symbol: "€", perPound: 1.15 },
  { code: "CNY", name: "Chinese yuan", symbol: "CN¥", perPound: 9.5 },
  { code: "INR", name: "Indian rupee", symbol: "₹", perPound: 113 },
  { code: "NGN", name: "Nigerian naira", symbol: "₦", perPound: 2000 },
  { code: "PKR", name: "Pakistani rupee", symbol: "PKR ", perPound: 375 },
];

/** The longest course the planner takes, in months. */
export const maxCourseMonths = 48;

/** The planner's questions; ids and values appear in shared URLs. */
export const costQuestions: Question[] = [
  {
    id: "route",
    legend: "Your route",
    short: "Route",
    choices: studyRoutes.map((r) => ({ value: r.id, label: r.name })),
  },
  {
    id: "place",
    legend: "Where you will study",
    short: "Place",
    hint: "London is the City of London and the 32 London boroughs.",
    choices: [
      { value: "london", label: "London" },
      { value: "elsewhere", label: "Elsewhere in the UK" },
    ],
  },
  {
    id: "home",
    legend: "Where you will live",
    short: "Accommodation",
    choices: homes.map((h) => ({ value: h.value, label: h.label })),
  },
  {
    id: "currency",
    legend: "Show amounts in pounds and",
    short: "Currency",
    choices: currencies.map((c) => ({ value: c.code, label: `${c.name} (${c.code})` })),
  },
];

/** The planner's starting answers, and the worked example on the page. */
export const plannerDefaults = {
  route: "taught-masters",
  place: "london" as Place,
  home: "shared" as Home,
  months: 12,
  currency: "USD",
};

export const workedExample = {
  route: "foundation",
  place: "london" as Place,
  home: "halls" as Home,
  months: 9,
  currency: "INR",
};

/** Words of the cost planner page and tool; {name} placeholders are filled in. */
export const costCopy = {
  title: "What will a year of study in the UK cost?",
  /** The page's meta description. */
  description:
    "Plan a year of UK study: tuition, rent and living costs, the Student visa fee, the health surcharge and the money your visa must show, with GOV.UK figures and their dates.",
  eyebrow: "Cost of study planner",
  lead: "Plan your first year's budget: tuition, rent and living costs, the visa and health surcharge, and the money your visa application must show. Share or bookmark the page: the link keeps your answers.",
  formTitle: "Your plans",
  monthsLabel: "Months of study",
  monthsHint: "The length of your course; the plan counts up to its first 12 months.",
  monthsOption: "{months} months",
  monthsOptionOne: "1 month",
  noScript:
    "Your browser is not running JavaScript, so this plan will not change as you choose: the tables below give every figure, with a worked example.",
  planTitle: "Your first year",
  summary:
    "Total for your first year: {total} (about {converted}). Your visa application must show {funds}.",
  itemColumn: "What",
  amountColumn: "Pounds (and {code}, about)",
  tuitionYear: "Tuition, first year",
  tuitionCourse: "Tuition, whole course",
  tuitionNote:
    "Tuition is our estimate: your CAS (Confirmation of Acceptance for Studies) states the real fee.",
  rent: "Accommodation, {months} months",
  living: "Food, transport and other living costs, {months} months",
  visaFee: "Student visa application",
  healthSurcharge: "Immigration Health Surcharge, {months}-month course",
  total: "Total",
  fundsTitle: "Money your visa application must show",
  fundsIntro:
    "Apart from what you spend, the Home Office asks to see that you hold this money before you apply.",
  fundsLiving: "Living costs: {perMonth} a month for {months} months",
  fundsCap: "GOV.UK asks for living costs for up to {maxMonths} months.",
  fundsTuition: "First-year tuition not yet paid",
  fundsTotal: "If none of your tuition is paid yet",
  sourcesTitle: "Where the figures come from",
  figuresTitle: "The figures we use",
  figuresIntro:
    "Official figures as GOV.UK publishes them, and our own estimates, each with its date. The planner above uses exactly these.",
  officialTitle: "Official figures",
  officialFigure: "Figure",
  officialAmount: "Amount",
  officialSource: "Source and date",
  visaFeeRow: "Student visa application fee, applying from outside the UK",
  healthRow: "Immigration Health Surcharge, students, a year",
  maintenanceRow: "Money to support yourself, a month, {place}",
  tuitionTitle: "Tuition by route (estimates)",
  routeColumn: "Route",
  tuitionColumn: "Tuition",
  perYear: "a year",
  perCourse: "the whole course",
  livingTitle: "Rent and living costs a month (estimates)",
  costColumn: "A month",
  livingColumn: "Food, transport and other living costs",
  ratesTitle: "Exchange rates (estimates)",
  ratesIntro: "Approximate rates for a rough idea, not a quote: your bank sets the rate you get.",
  currencyColumn: "Currency",
  rateColumn: "To £1",
  exampleTitle: "A worked example",
  exampleIntro:
    "A {route} in {place}, living in {home}, for {months} months, shown beside the {currency}.",
  exampleResultTitle: "The example's first year",
  estimatesTitle: "How we estimate",
  estimatesText:
    "Tuition, rent, living costs and exchange rates are our advisers' estimates from the offers, tenancies and budgets of the students we helped this year. They give you a realistic range, not a quote: your CAS states your fee, and your bank sets your exchange rate.",
  datesLabel: "Dates",
  adviserCta: { label: "Ask an adviser about your budget", href: "/contact#contact-form" },
  finderCta: { label: "Not sure of your route? Find it", href: "/find-your-route" },
};
