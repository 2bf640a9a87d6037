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
    /** Its address, /events/<slug>, and its key in translations and registrations: never change it once published. */
    slug: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "lower-case words joined by hyphens")
      .max(80),
    title: z.string().trim().min(1).max(90),
    kind: z.enum(eventKinds),
    /** Starts, London time. */
    start: londonTime,
    minutes: z.number().int().min(15).max(480),
    /** The language it is held in. */
    language: z.enum(eventLanguages),
    /** Places; registrations beyond it join the waiting list. */
    capacity: z.number().int().min(1).max(2000),
    /** Online (a join link by e-mail), or at the office (its address from content/site.ts). */
    where: z.enum(["online", "office"]),
    /** Who runs it, e.g. "Eastgate admissions advisers". */
    host: z.string().trim().min(1).max(80),
    /** One or two sentences for the list and the social card. */
    summary: z.string().trim().min(1).max(220),
    /** The event page's paragraphs. */
    body: z.array(z.string().trim().min(1)).min(1),
    /** Registration closes, London time. */
    registrationCloses: londonTime,
    /** Online events: the webinar link, e-mailed 24 hours and 1 hour before; never on a page. */
    joinLink: z.url({ protocol: /^https$/ }).optional(),
    /** Cancelled: everyone registered is e-mailed a cancellation; the page says so. */
    status: z.enum(["scheduled", "cancelled"]).default("scheduled"),
  })
  .strict();

export const eventsFileSchema = z.object({ events: z.array(eventSchema) }).strict();

/** One event as written in content/events.yaml. */
export type EventEntry = z.infer<typeof eventSchema>;
