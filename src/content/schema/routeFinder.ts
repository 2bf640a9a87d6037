/**
 * The shape of `content/routeFinder.yaml`: the route finder's questions, its decision table and
 * the words of its page. That the table names real questions, choices and study routes is
 * checked by src/build/validateTools.ts.
 */
import { z } from "zod";
import { questionSchema, slug, text } from "./common";

/** The questions the table decides by; their ids are in shared addresses (?goal=masters). */
export const routeQuestionIds = ["goal", "qualification", "english", "start"] as const;

const answers = (title: string) =>
  z
    .array(z.string().meta({ title: "Answer" }))
    .min(1)
    .optional()
    .meta({ title, description: "The answers (their values) this row accepts; empty: any." });

export const routeRuleSchema = z
  .object({
    when: z
      .object({
        goal: answers("Aim"),
        qualification: answers("Highest qualification"),
        english: answers("English"),
        start: answers("Start"),
      })
      .strict()
      .meta({ title: "When the answers are" }),
    routes: z
      .array(slug.meta({ title: "Route" }))
      .min(1)
      .meta({
        title: "Routes suggested",
        description: "Study route ids (content/studyRoutes.yaml), best fit first.",
      }),
    why: text(400).meta({ title: "Why", description: "One sentence, to the student." }),
  })
  .strict();

const filled = (names: string) => `{${names.split(" ").join("} and {")}} are filled in.`;

export const routeFinderCopySchema = z
  .object({
    title: text(120).meta({ title: "Page title" }),
    description: text(300).meta({
      title: "Description",
      description: "The page's meta description.",
    }),
    eyebrow: text(40),
    lead: text(400),
    toolTitle: text(80),
    resultTitle: text(80),
    pending: text(200),
    summary: text(200).meta({
      description: `Read out when the answer changes; ${filled("routes")}`,
    }),
    routesJoiner: z.string().min(1).max(20),
    noScript: text(400),
    suggestion: text(40),
    alternative: text(40),
    entryTitle: text(80),
    intakeTitle: text(80),
    intakeAny: text(80),
    intakeMonths: z
      .object({ September: text(40), January: text(40), May: text(40) })
      .strict()
      .meta({ description: "The intake months as a reader reads them." }),
    intakeNote: text(300),
    programmeLink: text(80),
    enquiryLink: text(80),
    costLink: text(80),
    bookLink: text(80),
    tableTitle: text(80),
    tableIntro: text(400),
    routeColumn: text(40),
    anyAnswer: text(40),
    routesTitle: text(80),
    routesIntro: text(400),
    routeMessage: text(400).meta({
      description: `The enquiry message a route card starts; ${filled("route")}`,
    }),
    enquiryMessage: text(400).meta({
      description: `The enquiry message started from the answers; ${filled("answers routes")}`,
    }),
  })
  .strict();

export const routeFinderFileSchema = z
  .object({
    routeQuestions: z
      .array(questionSchema.extend({ id: z.enum(routeQuestionIds).meta({ title: "Id" }) }))
      .min(1)
      .meta({ title: "Questions", description: "In the order asked." }),
    routeRules: z.array(routeRuleSchema).min(1).meta({
      title: "Decision table",
      description: "Read top to bottom: the first row whose answers all match decides.",
    }),
    routeFinderCopy: routeFinderCopySchema.meta({ title: "Words of the page" }),
  })
  .strict();

export type RouteRule = z.infer<typeof routeRuleSchema>;
