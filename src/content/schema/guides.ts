/**
 * The shape of a guide, `content/guides/<slug>.md`: its front matter (YAML) and its sections,
 * read from the Markdown body (src/content/guideMarkdown.ts).
 */
import { z } from "zod";
import { imageSchema, isoDate, slug, text } from "./common";

/** A list in a guide (Markdown `- item` lines): its items, each a sentence or two. */
export const guideListSchema = z
  .object({ items: z.array(text()).min(1).meta({ title: "Items" }) })
  .strict();

/** A section of text on a page: its id (anchor and translation key), heading and paragraphs. */
export const textSectionSchema = z
  .object({
    id: slug.meta({ title: "Id", description: "The section's anchor and translation key." }),
    title: text(120).meta({ title: "Heading" }),
    paragraphs: z.array(text()).min(1).meta({ title: "Paragraphs" }),
  })
  .strict();

/** A guide's section: paragraphs and lists, in order; either may hold links, [text](/path). */
export const guideSectionSchema = textSectionSchema.extend({
  paragraphs: z
    .array(z.union([text(), guideListSchema]))
    .min(1)
    .meta({ title: "Paragraphs and lists" }),
});

export const guideSchema = z
  .object({
    slug: slug.meta({
      title: "Address (slug)",
      description:
        "The guide's address, /guides/<slug>, and its file's name: lower-case words joined by hyphens. Never change it once published.",
    }),
    title: text(120).meta({
      title: "Title",
      description: "{intake} is filled in with the promoted intake from the site's settings.",
    }),
    summary: text(300).meta({
      title: "Summary",
      description: "For the card on the home page and search results. {intake} is filled in.",
    }),
    image: imageSchema.meta({ title: "Card illustration" }),
    minutes: z.number().int().min(1).max(60).meta({ title: "Reading time (minutes)" }),
    published: isoDate().meta({ title: "Published", description: "Written YYYY-MM-DD." }),
    updated: isoDate().meta({
      title: "Last reviewed",
      description:
        "Written YYYY-MM-DD, not before it was published. Set it to today when you have read the guide through; the build warns 6 months later.",
    }),
    deadlines: z
      .array(
        z
          .object({
            date: isoDate().meta({
              title: "Date",
              description:
                "The day it falls on (the latest when the text says 'early November'), YYYY-MM-DD.",
            }),
            note: text(200).meta({
              title: "What it is",
              description: "For staff only, never shown: which deadline of the text this is.",
            }),
          })
          .strict(),
      )
      .optional()
      .meta({
        title: "Deadlines it names",
        description:
          "Each date the text gives as a deadline: the build warns once one has passed, so the text is brought up to date.",
      }),
    sections: z.array(guideSectionSchema).min(1),
  })
  .strict();

export type Guide = z.infer<typeof guideSchema>;
export type TextSection = z.infer<typeof textSectionSchema>;
export type GuideSection = z.infer<typeof guideSectionSchema>;
/** A paragraph, or a list's items. */
export type GuideBlock = GuideSection["paragraphs"][number];

/** What a guide file's front matter holds: the guide without its sections, and its place. */
export const guideFrontMatterSchema = guideSchema.omit({ sections: true }).extend({
  position: z.number().int().min(1).meta({
    title: "Position",
    description: "Its place among the guides on the home page: 1 first.",
  }),
});
