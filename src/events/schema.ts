/**
 * The shape of `content/events.yaml`: the only description of an event. The build, the server
 * and the staff tool read events through `loadEvents` (./load.ts), which checks every entry
 * against this schema and names file, entry, field and line when one is wrong.
 */
import { z } from "zod";

export const eventKinds = ["webinar", "open-day", "university-visit", "workshop"] as const;
export type EventKind = (typeof eventKinds)[number];

/** The languages an event can be held in: the site's own. */
export const eventLanguages = ["en", "ar", "zh"] as const;
export type EventLanguage = (typeof eventLanguages)[number];

/** A wall-clock time in London, as staff write it: "2026-12-09T18:00". */
const londonTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "a London time written YYYY-MM-DDTHH:MM");

export const eventSchema = z
  .object({
    slug: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "lower-case words joined by hyphens")
      .max(80)
      .meta({
        title: "Address (slug)",
        description:
          "The event's address, /events/<slug>, and its key in translations and registrations: lower-case words joined by hyphens. Never change it once published.",
      }),
    title: z
      .string()
      .trim()
      .min(1)
      .max(90)
      .meta({ title: "Title", description: "Up to 90 characters." }),
    kind: z.enum(eventKinds).meta({ title: "Kind" }),
    start: londonTime.meta({
      title: "Starts (London time)",
      description: "Written YYYY-MM-DDTHH:MM, e.g. 2026-12-09T18:00.",
    }),
    minutes: z
      .number()
      .int()
      .min(15)
      .max(480)
      .meta({ title: "Length (minutes)", description: "From 15 to 480." }),
    language: z
      .enum(eventLanguages)
      .meta({ title: "Language", description: "The language it is held in." }),
    capacity: z.number().int().min(1).max(2000).meta({
      title: "Places",
      description: "Registrations beyond it join the waiting list.",
    }),
    where: z.enum(["online", "office"]).meta({
      title: "Where",
      description:
        "Online (a join link by e-mail), or at the office (its address from the site's settings).",
    }),
    host: z
      .string()
      .trim()
      .min(1)
      .max(80)
      .meta({ title: "Host", description: 'Who runs it, e.g. "Eastgate admissions advisers".' }),
    summary: z.string().trim().min(1).max(220).meta({
      title: "Summary",
      description: "One or two sentences for the list and the social card (up to 220 characters).",
    }),
    body: z
      .array(z.string().trim().min(1).meta({ title: "Paragraph" }))
      .min(1)
      .meta({ title: "Paragraphs", description: "The event page's paragraphs, at least one." }),
    registrationCloses: londonTime.meta({
      title: "Registration closes (London time)",
      description: "Written YYYY-MM-DDTHH:MM; before the start.",
    }),
    joinLink: z
      .url({ protocol: /^https$/ })
      .optional()
      .meta({
        title: "Join link",
        description:
          "Online events: the https webinar link, e-mailed 24 hours and 1 hour before; never shown on a page.",
      }),
    status: z.enum(["scheduled", "cancelled"]).default("scheduled").meta({
      title: "Status",
      description:
        "Cancelled: the page says so. Also run npm run events -- --cancel SLUG to e-mail everyone registered.",
    }),
  })
  .strict();

export const eventsFileSchema = z.object({ events: z.array(eventSchema) }).strict();

/** One event as written in content/events.yaml. */
export type EventEntry = z.infer<typeof eventSchema>;
