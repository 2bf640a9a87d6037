/**
 * The shape of a page staff compose, `content/pages/<slug>.yaml`: its address, title, social card,
 * whether the footer lists it, and its blocks, each one of the site's own components. A block is
 * one member of the discriminated union below (its `type`); the editor's typed list is generated
 * from it (src/cms/config.ts), the page draws it with src/components/PageBlocks.tsx.
 *
 * Cards name existing content by id, chosen in the editor from the ids there are: the schema is
 * made with those ids (`pageSchema(known)`), so a card can never point at nothing.
 */
import { z } from "zod";
import { imageSchema, slug, text } from "./common";
import { figureSourceSchema } from "./costOfStudy";
import { CAMPAIGN_MAX_LENGTH } from "../../lib/campaign";

/**
 * The ids a card may name, by kind: what exists in content/ when the schema is made; null: any
 * (the content check's second look, src/build/checkCli.ts, which goes on past a deleted entry).
 */
export interface KnownIds {
  programmes: string[] | null;
  guides: string[] | null;
  events: string[] | null;
  destinations: string[] | null;
  stories: string[] | null;
}

/** The folders a page may live under (its address /<folder>/<slug>); none: the top level. */
export const PAGE_FOLDERS = ["campaigns", "countries", "universities", "scholarships"] as const;

/** Addresses a page may never have: the server's, the editor's, the assets', the languages'. */
export const RESERVED_SLUGS = ["api", "admin", "assets", "ar", "zh", "en", "uploads", "images"];

const blockId = slug.meta({
  title: "Block id",
  description:
    "Lower-case words joined by hyphens, unique on the page: the block's anchor (#id) and its translations' key. Keep it once published.",
});

/** Where a call to action leads: the enquiry form, or booking a consultation. */
export const actionSchema = z
  .object({
    label: text(60).meta({ title: "Button text" }),
    to: z.enum(["enquiry", "booking"]).meta({
      title: "Leads to",
      description: "The enquiry form (/contact) or booking a consultation (/book).",
    }),
  })
  .strict();
export type PageAction = z.infer<typeof actionSchema>;

const heroBlock = z
  .object({
    type: z.literal("hero"),
    id: blockId,
    heading: text(120).meta({ title: "Heading", description: "The page's main heading." }),
    text: text(300).meta({ title: "Text" }),
    image: imageSchema.optional().meta({ title: "Image" }),
    action: actionSchema.optional().meta({ title: "Call to action" }),
  })
  .strict()
  .meta({ title: "Hero" });

const textBlock = z
  .object({
    type: z.literal("text"),
    id: blockId,
    heading: text(120).meta({ title: "Heading" }),
    body: text().meta({
      title: "Text",
      description:
        "Paragraphs with a blank line between them, and lists, one '- item' per line. Links: [the words](/contact). As in the guides: no other headings, bold or numbered lists.",
    }),
  })
  .strict()
  .meta({ title: "Text section" });

/** A list of ids of one kind, chosen from the ids there are. */
const idsOf = (ids: string[] | null, title: string, description: string) =>
  (ids === null
    ? z.array(z.string())
    : ids.length
      ? z.array(z.enum(ids as [string, ...string[]]))
      : z.array(z.never())
  )
    .optional()
    .meta({ title, description });

const cardsBlock = (known: KnownIds) =>
  z
    .object({
      type: z.literal("cards"),
      id: blockId,
      heading: text(120).meta({ title: "Heading" }),
      intro: text(300).optional().meta({ title: "Introduction" }),
      programmes: idsOf(known.programmes, "Programme pages", "Chosen from the programme pages."),
      guides: idsOf(known.guides, "Guides", "Chosen from the guides."),
      events: idsOf(known.events, "Events", "Chosen from the events."),
      destinations: idsOf(
        known.destinations,
        "Destinations",
        "Chosen from the study destinations, by country code.",
      ),
      stories: idsOf(known.stories, "Students' stories", "Chosen from the students' stories."),
    })
    .strict()
    .meta({ title: "Cards" });

const factsBlock = z
  .object({
    type: z.literal("facts"),
    id: blockId,
    heading: text(120).meta({ title: "Heading" }),
    items: z
      .array(
        z
          .object({
            label: text(80).meta({ title: "What it is", description: 'e.g. "Student visa fee".' }),
            value: text(60).meta({ title: "Figure", description: 'As shown, e.g. "£524".' }),
            source: figureSourceSchema.meta({ title: "Source and date" }),
          })
          .strict(),
      )
      .min(1)
      .meta({ title: "Facts" }),
  })
  .strict()
  .meta({ title: "Facts with sources" });

const faqBlock = z
  .object({
    type: z.literal("faq"),
    id: blockId,
    heading: text(120).meta({ title: "Heading" }),
    items: z
      .array(
        z
          .object({
            question: text(200).meta({ title: "Question" }),
            answer: text(1000).meta({ title: "Answer" }),
          })
          .strict(),
      )
      .min(1)
      .meta({ title: "Questions and answers" }),
  })
  .strict()
  .meta({ title: "Questions and answers" });

const actionBlock = z
  .object({
    type: z.literal("action"),
    id: blockId,
    heading: text(120).meta({ title: "Heading" }),
    text: text(300).optional().meta({ title: "Text" }),
    // The button's fields in the block itself: no box to open in the editor.
    ...actionSchema.shape,
  })
  .strict()
  .meta({ title: "Call to action" });

const imageBlock = z
  .object({
    type: z.literal("image"),
    id: blockId,
    image: imageSchema.meta({ title: "Image" }),
    caption: text(200).optional().meta({ title: "Caption" }),
  })
  .strict()
  .meta({ title: "Image" });

/** One block of a page: the `type` says which. A new block is one more member here. */
export const blockSchema = (known: KnownIds) =>
  z.discriminatedUnion("type", [
    heroBlock,
    textBlock,
    cardsBlock(known),
    factsBlock,
    faqBlock,
    actionBlock,
    imageBlock,
  ]);

/** A page: one file of content/pages/. */
export const pageSchema = (known: KnownIds) =>
  z
    .object({
      slug: slug.meta({
        title: "Address (slug)",
        description:
          "The page's address, /<slug> (or /<folder>/<slug>): lower-case words joined by hyphens, and the key of its translations. After renaming a published page, add a redirect from the old address.",
      }),
      folder: z
        .enum(PAGE_FOLDERS)
        .optional()
        .meta({
          title: "Folder",
          description: `Leave empty for an address at the top level; else /<folder>/<slug>: ${PAGE_FOLDERS.join(", ")}.`,
        }),
      title: text(90).meta({
        title: "Title",
        description: "The browser tab's and search results' title, and the social card's.",
      }),
      description: text(200).meta({
        title: "Description",
        description: "For search results and the social card: a sentence or two.",
      }),
      socialImage: imageSchema.optional().meta({
        title: "Social card picture",
        description:
          "Drawn beside the title on the card shown when the page is shared; the hero's picture, or the agency's illustration, when empty.",
      }),
      socialAlt: text(200).optional().meta({
        title: "Social card description",
        description:
          "What the shared card shows, for someone who cannot see it; when empty, the site's usual words with the page's title.",
      }),
      menu: z.boolean().default(false).meta({
        title: "In the footer menu",
        description: "Listed in the footer's quick links, in every language it is published in.",
      }),
      // No longer than the server keeps: a longer one would be dropped from every enquiry.
      campaign: slug
        .max(CAMPAIGN_MAX_LENGTH)
        .optional()
        .meta({
          title: "Campaign",
          description: `Carried by the page's calls to action (?campaign=...), so enquiries and bookings from it can be told apart: lower-case words joined by hyphens, at most ${CAMPAIGN_MAX_LENGTH} characters.`,
        }),
      blocks: z.array(blockSchema(known)).min(1).meta({ title: "Blocks" }),
    })
    .strict();

export type StaffPage = z.infer<ReturnType<typeof pageSchema>>;
export type PageBlock = StaffPage["blocks"][number];

/** The page's address: /<slug>, or /<folder>/<slug>. */
export const staffPagePath = (page: Pick<StaffPage, "slug" | "folder">) =>
  page.folder ? `/${page.folder}/${page.slug}` : `/${page.slug}`;

/**
 * The data with each picture box that names no picture taken out: the editor writes an optional
 * picture left empty as `image: { alt: "" }` (or `{}`), which is no picture, not a wrong one.
 */
export function withoutEmptyImages(data: unknown): unknown {
  if (Array.isArray(data)) return data.map(withoutEmptyImages);
  if (!data || typeof data !== "object") return data;
  return Object.fromEntries(
    Object.entries(data as Record<string, unknown>)
      .filter(
        ([key, value]) =>
          !(
            /^(?:image|socialImage)$/.test(key) &&
            value &&
            typeof value === "object" &&
            !(value as { src?: unknown }).src
          ),
      )
      .map(([key, value]) => [key, withoutEmptyImages(value)]),
  );
}
