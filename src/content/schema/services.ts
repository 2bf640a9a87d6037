/** The shape of `content/services.yaml`: the words of the /student-services page. */
import { z } from "zod";
import { iconName, linkSchema, statSchema, text } from "./common";

const FACTS = "{agency} and {replyTime} are filled in from the site's settings.";

export const serviceCardSchema = z
  .object({
    title: text(80).meta({ title: "Heading" }),
    description: text(300).meta({ title: "Text", description: "One or two sentences." }),
    icon: iconName,
    points: z
      .array(text(160).meta({ title: "Point" }))
      .min(1)
      .meta({ title: "What is included", description: "One line each." }),
  })
  .strict();

export const serviceCategorySchema = z
  .object({
    name: text(60).meta({ title: "Kind of case" }),
    count: z.number().int().min(0).max(100000).meta({ title: "Cases handled" }),
  })
  .strict();

export const servicesSchema = z
  .object({
    title: text(80).meta({ title: "Page title" }),
    intro: text(400).meta({ title: "Introduction", description: FACTS }),
    chips: z
      .array(text(40).meta({ title: "Topic" }))
      .meta({ title: "Topics", description: "Short words shown under the introduction." }),
    introCard: z
      .object({
        title: text(80).meta({ title: "Heading" }),
        text: text(500).meta({ title: "Text", description: FACTS }),
        stats: z.array(statSchema).meta({ title: "Numbers" }),
      })
      .strict()
      .meta({ title: "First card" }),
    cards: z
      .array(serviceCardSchema)
      .min(1)
      .meta({ title: "Service cards", description: "Each with its icon and what is included." }),
    supportTitle: text(80).meta({ title: "Heading of the support list" }),
    supportItems: z
      .array(text(160).meta({ title: "Item" }))
      .min(1)
      .meta({ title: "Support included", description: "One line each." }),
    categoriesTitle: text(80).meta({ title: "Heading of the cases" }),
    categories: z.array(serviceCategorySchema).meta({ title: "Cases by kind" }),
    consultation: z
      .object({
        title: text(80).meta({ title: "Heading" }),
        text: text(300).meta({ title: "Text" }),
        cta: linkSchema.meta({ title: "Button" }),
      })
      .strict()
      .meta({ title: "Consultation box" }),
  })
  .strict();

export const servicesFileSchema = z.object({ services: servicesSchema }).strict();
