/**
 * The shape of `content/costOfStudy.yaml`: every figure of the cost planner with its source and
 * date, the agency's estimates, the planner's questions and starting answers, and its words.
 * That each figure has a source and ranges run upwards is checked by src/build/validateTools.ts.
 */
import { z } from "zod";
import { choiceSchema, linkSchema, questionSchema, text } from "./common";

/** Where a figure shown to students comes from, and the date it holds from. */
export const figureSourceSchema = z
  .object({
    title: text(120).meta({
      title: "Source",
      description: 'Publisher and page, e.g. "GOV.UK: Student visa: money you need".',
    }),
    href: z
      .string()
      .regex(/^(?:https:\/\/|\/)\S+$/, "an https:// address, or a path on the site")
      .meta({
        title: "Address",
        description:
          "The page: an https:// address, or for our estimates the section explaining them.",
      }),
    asOf: z
      .string()
      .regex(/^\d{4}-\d{2}(?:-\d{2})?$/, "a date written YYYY-MM or YYYY-MM-DD")
      .meta({
        title: "As of",
        description: "Written YYYY-MM or YYYY-MM-DD; the build warns 12 months later.",
      }),
    asOfMeaning: z.enum(["in force since", "recorded on", "estimate set on"]).meta({
      title: "What the date means",
    }),
  })
  .strict();
export type FigureSource = z.infer<typeof figureSourceSchema>;

/** A range of pounds, both ends included. */
export const moneyRangeSchema = z
  .object({
    min: z.number().min(0).meta({ title: "From (£)" }),
    max: z.number().min(0).meta({ title: "To (£)" }),
  })
  .strict();
export type MoneyRange = z.infer<typeof moneyRangeSchema>;

const pounds = (title: string) => z.number().min(0).meta({ title });
const byPlace = <T extends z.ZodType>(value: T) =>
  z
    .object({
      london: value.meta({ title: "London" }),
      elsewhere: value.meta({ title: "Elsewhere" }),
    })
    .strict();
const homeRanges = z
  .object({ halls: moneyRangeSchema, shared: moneyRangeSchema, studio: moneyRangeSchema })
  .strict();
const place = z.enum(["london", "elsewhere"]).meta({ title: "Place" });
const home = z.enum(["halls", "shared", "studio"]).meta({ title: "Home" });

/** The planner's answers: its defaults, and the worked example on the page. */
const answersSchema = (title: string) =>
  z
    .object({
      route: z.string().meta({ title: "Route", description: "A study route's id." }),
      place,
      home,
      months: z.number().int().min(1).max(48).meta({ title: "Months" }),
      currency: z
        .string()
        .regex(/^[A-Z]{3}$/, "a currency code")
        .meta({ title: "Currency" }),
    })
    .strict()
    .meta({ title });

export const costOfStudyFileSchema = z
  .object({
    maintenance: z
      .object({
        perMonth: byPlace(pounds("Pounds a month")).meta({ title: "Pounds a month" }),
        maxMonths: z.number().int().min(1).meta({ title: "Most months shown" }),
        source: figureSourceSchema,
        rules: z.array(text(300)).meta({ title: "Rules" }),
      })
      .strict()
      .meta({ title: "Money to support yourself (Student visa)" }),
    visaFee: z
      .object({ amount: pounds("Fee (£)"), source: figureSourceSchema })
      .strict()
      .meta({ title: "Student visa application fee" }),
    healthSurcharge: z
      .object({
        perYear: pounds("Pounds a year"),
        halfYearUpToMonths: z.number().int().min(1).max(11).meta({
          title: "Half a year up to (months)",
          description: "A part year of this many months or fewer costs half a year.",
        }),
        source: figureSourceSchema,
        rule: text(400).meta({ description: "{perYear} and {halfYearUpToMonths} are filled in." }),
        note: text(400),
      })
      .strict()
      .meta({ title: "Immigration Health Surcharge" }),
    estimateSource: figureSourceSchema.meta({
      title: "Our estimates' source",
      description: "Tuition, rent, living costs and exchange rates. {agency} is filled in.",
    }),
    homes: z
      .array(z.object({ value: home, label: text(80).meta({ title: "Label" }) }).strict())
      .meta({ title: "Kinds of accommodation" }),
    rentPerMonth: byPlace(homeRanges).meta({ title: "Rent a month (estimates)" }),
    livingPerMonth: byPlace(moneyRangeSchema).meta({
      title: "Other living costs a month (estimates)",
    }),
    currencies: z
      .array(
        z
          .object({
            code: z
              .string()
              .regex(/^[A-Z]{3}$/, "three capital letters")
              .meta({ title: "Code" }),
            name: text(60).meta({ title: "Name" }),
            symbol: z.string().min(1).max(8).meta({ title: "Symbol" }),
            perPound: z.number().positive().meta({ title: "Units to £1 (estimate)" }),
          })
          .strict(),
      )
      .meta({ title: "Currencies" }),
    maxCourseMonths: z.number().int().min(1).max(120).meta({ title: "Longest course (months)" }),
    costQuestions: z
      .array(
        questionSchema.extend({
          choices: z.array(choiceSchema).min(2).optional().meta({
            title: "Choices",
            description:
              "Only where the choices are not the study routes (route), homes (home) or currencies (currency), which fill them in.",
          }),
        }),
      )
      .meta({
        title: "Questions",
        description: "Their ids and values appear in shared addresses.",
      }),
    plannerDefaults: answersSchema("Starting answers"),
    workedExample: answersSchema("Worked example"),
    costCopy: z
      .object({
        title: text(120),
        description: text(300),
        eyebrow: text(120),
        lead: text(300),
        formTitle: text(120),
        monthsLabel: text(120),
        monthsHint: text(120),
        monthsOption: text(120).meta({ description: "{months} filled in." }),
        monthsOptionOne: text(120),
        noScript: text(300),
        planTitle: text(120),
        summary: text(300).meta({ description: "{total}, {converted}, {funds} filled in." }),
        itemColumn: text(120),
        amountColumn: text(120).meta({ description: "{code} filled in." }),
        tuitionYear: text(120),
        tuitionCourse: text(120),
        tuitionNote: text(300),
        rent: text(120).meta({ description: "{months} filled in." }),
        living: text(120).meta({ description: "{months} filled in." }),
        visaFee: text(120),
        healthSurcharge: text(120).meta({ description: "{months} filled in." }),
        total: text(120),
        fundsTitle: text(120),
        fundsIntro: text(300),
        fundsLiving: text(120).meta({ description: "{perMonth}, {months} filled in." }),
        fundsCap: text(120).meta({ description: "{maxMonths} filled in." }),
        fundsTuition: text(120),
        fundsTotal: text(120),
        sourcesTitle: text(120),
        figuresTitle: text(120),
        figuresIntro: text(300),
        officialTitle: text(120),
        officialFigure: text(120),
        officialAmount: text(120),
        officialSource: text(120),
        visaFeeRow: text(120),
        healthRow: text(120),
        maintenanceRow: text(120).meta({ description: "{place} filled in." }),
        tuitionTitle: text(120),
        routeColumn: text(120),
        tuitionColumn: text(120),
        perYear: text(120),
        perCourse: text(120),
        livingTitle: text(120),
        costColumn: text(120),
        livingColumn: text(120),
        ratesTitle: text(120),
        ratesIntro: text(300),
        currencyColumn: text(120),
        rateColumn: text(120),
        exampleTitle: text(120),
        exampleIntro: text(300).meta({
          description: "{route}, {place}, {home}, {months}, {currency} filled in.",
        }),
        exampleResultTitle: text(120),
        estimatesTitle: text(120),
        estimatesText: text(600),
        datesLabel: text(120),
        adviserCta: linkSchema,
        finderCta: linkSchema,
      })
      .strict()
      .meta({ title: "Words of the page" }),
  })
  .strict();
