/**
 * The shape of `content/studyRoutes.yaml`: the routes into UK study that the route finder
 * suggests and the cost planner prices. Tuition ranges are the agency's own estimates (see
 * estimateSource in content/costOfStudy.yaml for their date); the CAS states the real fee.
 */
import { z } from "zod";
import { moneyRangeSchema } from "./costOfStudy";
import { linkSchema, slug, text } from "./common";

/** The months an intake starts in. */
export const intakeMonths = ["September", "January", "May"] as const;
export type IntakeMonth = (typeof intakeMonths)[number];

export const studyRouteSchema = z
  .object({
    id: slug.meta({
      title: "Id",
      description:
        "In the tools' addresses (?route=) and the route finder's decision table: keep it once published.",
    }),
    name: text(60).meta({ title: "Name", description: 'As shown, e.g. "Taught master\'s".' }),
    summary: text(300).meta({ title: "What it is", description: "One sentence." }),
    entry: z
      .array(text(200).meta({ title: "Requirement" }))
      .min(1)
      .meta({ title: "Typical entry requirements", description: "One per line." }),
    intakes: z
      .array(z.enum(intakeMonths))
      .min(1)
      .meta({ title: "Intakes", description: "The months it starts in, from September." }),
    months: z
      .number()
      .int()
      .min(1)
      .max(120)
      .meta({ title: "Length (months)", description: "The cost planner's starting value." }),
    programme: linkSchema.meta({ title: "Programme page", description: "The page that lists it." }),
    interest: text(60).meta({
      title: "Study Interest",
      description:
        "The enquiry form's Study Interest it pre-selects, written exactly as the form has it.",
    }),
    tuition: moneyRangeSchema.meta({
      title: "Tuition (£)",
      description: "The range the agency sees: an estimate, the CAS states the real fee.",
    }),
    tuitionPer: z.enum(["year", "course"]).meta({ title: "Tuition is per" }),
    planNote: text(300).optional().meta({
      title: "Note with a cost plan",
      description: "Optional: a word of caution shown with a plan for this route.",
    }),
  })
  .strict();

export const studyRoutesFileSchema = z
  .object({ studyRoutes: z.array(studyRouteSchema).min(1) })
  .strict()
  .superRefine(({ studyRoutes }, ctx) => {
    studyRoutes.forEach((route, i) => {
      if (studyRoutes.findIndex((r) => r.id === route.id) < i)
        ctx.addIssue({
          code: "custom",
          path: ["studyRoutes", i, "id"],
          message: `"${route.id}" is another route's id too`,
        });
      const order = route.intakes.map((m) => intakeMonths.indexOf(m));
      const wrong = order.findIndex((m, j) => j > 0 && m <= order[j - 1]);
      if (wrong > 0)
        ctx.addIssue({
          code: "custom",
          path: ["studyRoutes", i, "intakes", wrong],
          message: `each month once, from September: ${intakeMonths.join(", ")}`,
        });
    });
  });

export type StudyRoute = z.infer<typeof studyRouteSchema>;
