/**
 * The shape of `content/home.yaml`: the home page's words, in the page's order: the hero's
 * slides, the promotion, the global network and its map, the course cards, and every section's
 * heading and introduction. The partner universities are content/partners.yaml.
 */
import { z } from "zod";
import { countryCode } from "./destinations";
import { highlightSchema } from "./programmes";
import { categorySlug } from "./programmes";
import { imageSchema, linkSchema, slug, text } from "./common";
import { HERO_REASON, layoutLimits } from "./limits";

const { heroTitle, heroText, heroButton } = layoutLimits.en;

/**
 * The enquiry form's Study Interest choices: every course card, and taught master's degrees,
 * which the postgraduate page lists but no card names (the route finder pre-selects it). They are
 * the keys enquiries are stored, e-mailed and reported under, so they are code, not content: a
 * course card's heading must be one of them.
 */
export const studyInterestValues = [
  "Foundation Courses",
  "Undergraduate Degrees",
  "Pre-Masters",
  "Taught Masters",
  "Masters in Research",
  "PhD Degrees",
  "Executive Education",
];

const FACTS =
  "{agency}, {intake}, {replyTime}, {established}, {rating} and {students} are filled in from the site's settings.";

const id = (what: string) =>
  slug.meta({
    title: "Id",
    description: `Lower-case words joined by hyphens: the ${what}'s anchor and the key of its translations. Keep it once published.`,
  });

/** A section's heading and the sentence or two under it. */
const sectionSchema = (title: string) =>
  z
    .object({
      title: text(80).meta({ title: "Heading" }),
      intro: text(400).meta({ title: "Introduction", description: FACTS }),
    })
    .strict()
    .meta({ title });

export const slideSchema = z
  .object({
    id: id("slide"),
    title: text(heroTitle, HERO_REASON).meta({
      title: "Heading",
      description: `Up to ${heroTitle} characters. ${FACTS}`,
    }),
    description: text(heroText, HERO_REASON).meta({
      title: "Text",
      description: `One or two sentences, up to ${heroText} characters: the slide shows them whole. ${FACTS}`,
    }),
    image: imageSchema.meta({ title: "Illustration" }),
    cta: linkSchema
      .extend({
        label: text(heroButton, HERO_REASON).meta({
          title: "Text",
          description: `What the button says: up to ${heroButton} characters.`,
        }),
      })
      .meta({ title: "Button" }),
  })
  .strict();

export const promoSchema = z
  .object({
    id: id("promotion"),
    eyebrow: text(60).meta({ title: "Line above the heading", description: FACTS }),
    title: text(100).meta({ title: "Heading", description: FACTS }),
    description: text(500).meta({ title: "Text", description: FACTS }),
    cta: linkSchema.meta({ title: "Button" }),
  })
  .strict();

export const networkBlockSchema = z
  .object({
    title: text(80).meta({ title: "Heading" }),
    description: text(400).meta({ title: "Text" }),
    points: z
      .array(text(160).meta({ title: "Point" }))
      .min(1)
      .meta({ title: "Points", description: "One line each." }),
  })
  .strict();

export const mapLocationSchema = z
  .object({
    name: text(60).meta({ title: "Country", description: "The pin's label." }),
    countryCode,
    longitude: z
      .number()
      .min(-180)
      .max(180)
      .meta({ title: "Longitude", description: "Degrees east (west is negative), e.g. -0.13." }),
    latitude: z
      .number()
      .min(-90)
      .max(90)
      .meta({ title: "Latitude", description: "Degrees north (south is negative), e.g. 51.51." }),
  })
  .strict();

export const courseCardSchema = z
  .object({
    title: text(60).meta({
      title: "Heading",
      description: `Also the enquiry form's Study Interest it stands for: one of ${studyInterestValues.join(", ")}.`,
    }),
    summary: text(300).meta({ title: "Text", description: "One sentence (searched too)." }),
    image: imageSchema.meta({ title: "Illustration" }),
    slug: categorySlug.meta({
      title: "Programme page",
      description: "The page the card leads to.",
    }),
  })
  .strict();

/** A heading, paragraphs and a button. */
const teaserSchema = <C extends z.ZodType>(title: string, cta: C) =>
  z
    .object({
      title: text(80).meta({ title: "Heading" }),
      paragraphs: z
        .array(text(600).meta({ title: "Paragraph", description: FACTS }))
        .min(1)
        .meta({ title: "Paragraphs" }),
      cta,
    })
    .strict()
    .meta({ title });

export const homeFileSchema = z
  .object({
    slides: z
      .array(slideSchema)
      .min(1)
      .meta({ title: "Hero slides", description: "In the order they are shown." }),
    promo: promoSchema.meta({ title: "Promotion", description: "The banner under the hero." }),
    network: z
      .object({
        title: text(80).meta({ title: "Heading" }),
        intro: text(400).meta({ title: "Introduction", description: FACTS }),
        blocks: z.array(networkBlockSchema).min(1).meta({ title: "Blocks" }),
      })
      .strict()
      .meta({ title: "Our global network" }),
    mapLocations: z
      .array(mapLocationSchema)
      .min(1)
      .meta({ title: "Offices on the map", description: "The map's pins, in the order listed." }),
    coursesSection: sectionSchema("Courses: heading"),
    courseCards: z
      .array(courseCardSchema)
      .min(1)
      .meta({ title: "Course cards", description: "In the order they are shown." }),
    toolsTeaser: sectionSchema("Students' tools: heading"),
    contactSection: z
      .object({
        title: text(80).meta({ title: "Heading" }),
        subtitle: text(80).meta({ title: "Line under the heading" }),
        description: text(400).meta({ title: "Text", description: FACTS }),
      })
      .strict()
      .meta({ title: "Enquiry form: heading" }),
    testimonialsSection: sectionSchema("Students' stories: heading"),
    aboutTeaser: teaserSchema("Who we are", linkSchema.meta({ title: "Button" })),
    supportTeaser: z
      .object({
        title: text(80).meta({ title: "Heading" }),
        intro: text(400).meta({ title: "Introduction" }),
        items: z.array(highlightSchema).min(1).meta({ title: "Cards" }),
        cta: linkSchema.meta({ title: "Button" }),
      })
      .strict()
      .meta({ title: "Support at every step" }),
    destinationsSection: sectionSchema("Destinations: heading"),
    guidesSection: sectionSchema("Guides: heading"),
    careers: teaserSchema(
      "Work with us",
      z
        .object({
          label: text(80).meta({ title: "Text", description: "What the button says." }),
          subject: text(120).meta({
            title: "E-mail subject",
            description:
              "The button writes to the careers address in the site's settings, with this subject. {agency} is filled in.",
          }),
        })
        .strict()
        .meta({ title: "Button" }),
    ),
  })
  .strict()
  .superRefine(({ courseCards }, ctx) => {
    courseCards.forEach((card, i) => {
      if (!studyInterestValues.includes(card.title))
        ctx.addIssue({
          code: "custom",
          path: ["courseCards", i, "title"],
          message: `"${card.title}" is not a Study Interest of the enquiry form (${studyInterestValues.join(", ")}): a card's heading is one`,
        });
    });
  });

export type Slide = z.infer<typeof slideSchema>;
export type Promo = z.infer<typeof promoSchema>;
export type NetworkBlock = z.infer<typeof networkBlockSchema>;
export type CourseCard = z.infer<typeof courseCardSchema>;
