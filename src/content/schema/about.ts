/** The shape of `content/about.yaml`: the words of the /about page. */
import { z } from "zod";
import { linkSchema, slug, text } from "./common";

const FACTS =
  "{agency}, {replyTime}, {established}, {rating} and {students} are filled in from the site's settings.";

/** A page's section of plain paragraphs (the About page's, the privacy notice's). */
export const textSectionSchema = (paragraphHint: string) =>
  z
    .object({
      id: slug.meta({
        title: "Id",
        description:
          "Lower-case words joined by hyphens: the section's anchor and the key of its translations. Keep it once published.",
      }),
      title: text(80).meta({ title: "Heading" }),
      paragraphs: z
        .array(text(800).meta({ title: "Paragraph", description: paragraphHint }))
        .min(1)
        .meta({ title: "Paragraphs" }),
    })
    .strict();

export const aboutSectionSchema = textSectionSchema(FACTS);

export const aboutSchema = z
  .object({
    title: text(80).meta({ title: "Page title", description: FACTS }),
    intro: text(400).meta({ title: "Introduction", description: FACTS }),
    sections: z.array(aboutSectionSchema).min(1).meta({ title: "Sections" }),
    servicesTitle: text(80).meta({ title: "Heading of the services list" }),
    services: z
      .array(text(120).meta({ title: "Service" }))
      .min(1)
      .meta({ title: "Services", description: "One line each." }),
    form: z
      .object({
        title: text(80).meta({ title: "Heading" }),
        description: text(400).meta({ title: "Text", description: FACTS }),
        book: z
          .object({
            lead: text(80).meta({ title: "Line before the link" }),
            label: linkSchema.shape.label,
            href: linkSchema.shape.href,
          })
          .strict()
          .meta({
            title: "Booking link",
            description: "For a student who would rather pick a time now.",
          }),
      })
      .strict()
      .meta({ title: "Enquiry form box" }),
  })
  .strict();

export const aboutFileSchema = z.object({ about: aboutSchema }).strict();

export type AboutContent = z.infer<typeof aboutSchema>;
