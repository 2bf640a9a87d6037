/**
 * The content collections staff edit at /admin/: one YAML file each, with the one schema the
 * build checks it against. src/cms/config.ts makes the editor's configuration from this list.
 */
import type { z } from "zod";
import { eventsFileSchema } from "../events/schema";
import { destinationsFileSchema } from "./schema/destinations";
import { programmesFileSchema } from "./schema/programmes";
import { routeFinderFileSchema } from "./schema/routeFinder";
import { servicesFileSchema } from "./schema/services";
import { testimonialsFileSchema } from "./schema/testimonials";

export interface Collection {
  /** Its name in the editor's addresses (/admin/#/collections/<name>). */
  name: string;
  /** Its name in the editor's menu. */
  label: string;
  /** What it is, shown above its file. */
  description: string;
  /** The file, from the project root. */
  file: string;
  /** The file's name in the editor. */
  fileLabel: string;
  /** The file's shape: an object whose fields are the file's top-level keys. */
  schema: z.ZodType;
  /** Its top-level list: one entry's name, and what stands for an entry in the list. */
  list?: { singular: string; summary?: string };
}

export const collections: Collection[] = [
  {
    name: "events",
    label: "Events",
    description:
      "Events and webinars on /events. Times are London time. The build checks every entry.",
    file: "content/events.yaml",
    fileLabel: "Events and webinars",
    schema: eventsFileSchema,
    list: { singular: "event", summary: "{{fields.start}} {{fields.title}}" },
  },
  {
    name: "programmes",
    label: "Programmes",
    description:
      "The four programme pages (foundation, undergraduate, postgraduate, short courses): their texts, facts, highlights and programme lists.",
    file: "content/programmes.yaml",
    fileLabel: "Programme pages",
    schema: programmesFileSchema,
    list: { singular: "programme page" },
  },
  {
    name: "services",
    label: "Student services",
    description: "The words of the Student services page.",
    file: "content/services.yaml",
    fileLabel: "Student services page",
    schema: servicesFileSchema,
  },
  {
    name: "routeFinder",
    label: "Route finder",
    description:
      "The route finder's questions, its decision table (the first row whose answers match decides) and its words.",
    file: "content/routeFinder.yaml",
    fileLabel: "Route finder",
    schema: routeFinderFileSchema,
  },
  {
    name: "destinations",
    label: "Destinations",
    description: "The study destinations on the home page and in the footer, in display order.",
    file: "content/destinations.yaml",
    fileLabel: "Study destinations",
    schema: destinationsFileSchema,
    list: { singular: "destination" },
  },
  {
    name: "testimonials",
    label: "Students' stories",
    description: "The students' stories on the home page, in carousel order.",
    file: "content/testimonials.yaml",
    fileLabel: "Students' stories",
    schema: testimonialsFileSchema,
    list: { singular: "story" },
  },
];
