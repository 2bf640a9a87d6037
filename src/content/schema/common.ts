/**
 * Shapes several content collections share: an image, a link, an icon, a slug. Each field's
 * `.meta({ title, description })` is its label and hint in the editor (src/cms/config.ts).
 */
import { z } from "zod";
import { SLUG_PATTERN } from "../../lib/slug";

/** Lower-case words joined by hyphens: an address or a translation key, kept once published. */
export const slug = z.string().regex(SLUG_PATTERN, "lower-case words joined by hyphens").max(80);

/** A real calendar date written YYYY-MM-DD (no 30 February); `message` when it is not one. */
export const isoDate = (message = "a date written YYYY-MM-DD") => z.iso.date(message);

/**
 * A text a reader reads: never blank. A `reason` for its limit (what the layout needs) goes into
 * the build's message and the editor's (src/cms/config.ts reads it as `limitReason`).
 */
export const text = (max?: number, reason?: string) => {
  const base = z.string().trim().min(1);
  if (max === undefined) return base;
  return reason
    ? base.max(max, `at most ${max} characters: ${reason}`).meta({ limitReason: reason })
    : base.max(max);
};

/**
 * An image: an illustration under static/images/ (its width and height written), or a photo
 * uploaded in the editor to static/uploads/ (its size read from the file, AVIF and WebP made
 * from it: src/build/media.ts). It says what it shows, unless it is there for decoration only.
 */
export const imageSchema = z
  .object({
    src: z
      .string()
      .regex(
        /^\/(?:images|uploads)\/[\w./-]+\.(?:svg|jpe?g|png|webp|avif)$/,
        "an upload (/uploads/...) or a path under static/images/, e.g. /images/people/name.svg",
      )
      .meta({
        title: "Image",
        description:
          "Upload a photo (JPEG, PNG or WebP: the site makes the sizes and formats each page needs), or an illustration's path under static/, e.g. /images/people/amara-okafor.svg.",
        widget: "image",
      }),
    width: z.number().int().min(1).max(4000).optional().meta({
      title: "Width (px)",
      description:
        "An illustration's own width (the page reserves the space); a photo's is read from it.",
    }),
    height: z
      .number()
      .int()
      .min(1)
      .max(4000)
      .optional()
      .meta({ title: "Height (px)", description: "An illustration's own height." }),
    alt: z.string().trim().max(200).default("").meta({
      title: "Description (alt text)",
      description:
        "What it shows, for someone who cannot see it. Needed unless it is for decoration only.",
    }),
    decorative: z.boolean().optional().meta({
      title: "Decoration only",
      description:
        "Tick only when the picture adds nothing the words beside it do not say; it then has no description.",
    }),
  })
  .strict()
  .superRefine((image, ctx) => {
    if (!image.alt && !image.decorative)
      ctx.addIssue({
        code: "custom",
        path: ["alt"],
        message: "say what the picture shows, or tick Decoration only (decorative: true)",
      });
    if (image.alt && image.decorative)
      ctx.addIssue({
        code: "custom",
        path: ["decorative"],
        message: "a picture for decoration has no description: empty alt, or untick it",
      });
    if (!image.src.startsWith("/uploads/") && (!image.width || !image.height))
      ctx.addIssue({
        code: "custom",
        path: ["width"],
        message: `${image.src} needs its width and height (an upload's are read from the file)`,
      });
  });

export type Image = z.infer<typeof imageSchema>;

/** The icons src/components/Icon.tsx draws. */
export const iconNames = [
  "graduation",
  "scholarship",
  "visa",
  "home",
  "wallet",
  "plane",
  "mail",
  "phone",
  "whatsapp",
  "pin",
  "clock",
  "calendar",
  "globe",
  "book",
  "briefcase",
  "heart",
  "shield",
  "star",
  "users",
  "chat",
  "search",
  "check",
  "linkedin",
  "youtube",
  "instagram",
  "tiktok",
  "facebook",
  "x",
] as const;

export const iconName = z.enum(iconNames).meta({ title: "Icon" });
export type IconName = z.infer<typeof iconName>;

/** A link inside the site ("/about", "/#contact") or to the outside ("mailto:", "https:"). */
export const linkSchema = z
  .object({
    label: text(80).meta({ title: "Text", description: "What the link says." }),
    href: z
      .string()
      .regex(
        /^(?:\/|mailto:|tel:|https:\/\/)\S*$/,
        "a path on the site (/about, /#contact), mailto:, tel: or https://",
      )
      .meta({
        title: "Goes to",
        description:
          "A page of the site (/book, /#contact), or a mailto:, tel: or https:// address.",
      }),
  })
  .strict();
export type Link = z.infer<typeof linkSchema>;

/** A big number with what it counts. */
export const statSchema = z
  .object({
    value: text(12).meta({ title: "Number", description: 'As shown, e.g. "4+" or "100%".' }),
    label: text(60).meta({ title: "What it counts" }),
  })
  .strict();
export type Stat = z.infer<typeof statSchema>;

/** One choice of a tool's question (a radio button). */
export const choiceSchema = z
  .object({
    value: z
      .string()
      .regex(/^[\w.-]+$/, "letters, digits, dots or hyphens")
      .meta({
        title: "Value",
        description: "In the page's address (?goal=masters): keep it once published.",
      }),
    label: text(120).meta({ title: "Label", description: "As shown." }),
  })
  .strict();
export type Choice = z.infer<typeof choiceSchema>;

/** A question of a tool, shown as a radio group. */
export const questionSchema = z
  .object({
    id: z
      .string()
      .regex(/^[a-z]+$/, "lower-case letters")
      .meta({ title: "Id", description: "In the page's address and the decision table." }),
    legend: text(120).meta({ title: "Question" }),
    short: text(40).meta({
      title: "Short name",
      description: 'For table headings and the enquiry message, e.g. "English (IELTS)".',
    }),
    hint: text(200).optional().meta({ title: "Hint", description: "Shown under the question." }),
    choices: z.array(choiceSchema).min(2).meta({ title: "Choices" }),
  })
  .strict();
export type Question = z.infer<typeof questionSchema>;
