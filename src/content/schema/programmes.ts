/** The shape of `content/programmes.yaml`: the four programme category pages, in menu order. */
import { z } from "zod";
import { iconName, imageSchema, text } from "./common";

/** The categories: each has a page, and the home page's course cards point at them by this id. */
export const categorySlugs = [
  "foundation",
  "undergraduate",
  "postgraduate",
  "shortCourses",
] as const;
export const categorySlug = z.enum(categorySlugs);
export type CategorySlug = z.infer<typeof categorySlug>;

/** A card with an icon, a heading and a sentence or two. */
export const highlightSchema = z
  .object({
    icon: iconName,
    title: text(80).meta({ title: "Heading" }),
    description: text(300).meta({ title: "Text" }),
  })
  .strict();
export type Highlight = z.infer<typeof highlightSchema>;

/** A named group of programmes (the short courses, by sector). */
export const programmeGroupSchema = z
  .object({
    name: z.string().trim().max(60).default("").meta({
      title: "Group",
      description: "The sector, e.g. Business and Leadership; empty when the page has one list.",
    }),
    programs: z
      .array(text(120).meta({ title: "Programme" }))
      .min(1)
      .meta({ title: "Programmes", description: "Their titles, shown in English." }),
  })
  .strict();
export type ProgrammeGroup = z.infer<typeof programmeGroupSchema>;

export const programmeCategorySchema = z
  .object({
    id: categorySlug.meta({
      title: "Category",
      description: "Which of the four it is: the key of its translations and course cards.",
    }),
    path: z
      .string()
      .regex(/^\/[a-z0-9]+(?:-[a-z0-9]+)*$/, "a path like /foundation-programmes")
      .meta({
        title: "Address",
        description: "The page's path, e.g. /foundation-programmes. Keep it once published.",
      }),
    name: text(80).meta({ title: "Name", description: "E.g. Foundation Programmes." }),
    tagline: text(120).meta({ title: "Tagline", description: "One line under the name." }),
    description: text(1000).meta({ title: "Introduction" }),
    image: imageSchema.meta({ title: "Illustration" }),
    meta: z
      .array(
        z
          .object({
            label: text(40).meta({ title: "Label", description: 'E.g. "Duration".' }),
            value: text(120).meta({
              title: "Value",
              description: 'E.g. "Up to 4 years". {intakes} is filled in from the site\'s intakes.',
            }),
          })
          .strict(),
      )
      .min(1)
      .meta({ title: "Facts", description: "Duration, entry points and the like." }),
    highlights: z.array(highlightSchema).length(4).meta({
      title: "Highlights",
      description: "Exactly four cards. {intakeList} is filled in from the site's intakes.",
    }),
    groups: z
      .array(programmeGroupSchema)
      .min(1)
      .meta({ title: "Programmes", description: "One unnamed group, or one group per sector." }),
  })
  .strict();
export type ProgrammeCategory = z.infer<typeof programmeCategorySchema>;

export const programmesFileSchema = z
  .object({ categories: z.array(programmeCategorySchema).min(1) })
  .strict();
