/**
 * The content collections staff edit at /admin/: a YAML file each, or a folder of Markdown files
 * (the guides), with the one schema the build checks them against. src/cms/config.ts makes the
 * editor's configuration from this list.
 */
import type { z } from "zod";
import { eventsFileSchema } from "../events/schema";
import { aboutFileSchema } from "./schema/about";
import { bookingFileSchema } from "./schema/booking";
import { siteFileSchema } from "./schema/site";
import { costOfStudyFileSchema } from "./schema/costOfStudy";
import { destinationsFileSchema } from "./schema/destinations";
import { guideFrontMatterSchema } from "./schema/guides";
import { homeFileSchema } from "./schema/home";
import { navigationFileSchema } from "./schema/navigation";
import { partnersFileSchema } from "./schema/partners";
import { programmesFileSchema } from "./schema/programmes";
import { redirectsFileSchema } from "./schema/redirects";
import { searchSynonymsFileSchema } from "./schema/searchSynonyms";
import { retentionFileSchema } from "./schema/retention";
import { privacyFileSchema } from "./schema/privacy";
import { routeFinderFileSchema } from "./schema/routeFinder";
import { servicesFileSchema } from "./schema/services";
import { studyRoutesFileSchema } from "./schema/studyRoutes";
import { testimonialsFileSchema } from "./schema/testimonials";
import { pageSchema } from "./schema/pages";
import { knownIds } from "./pages";

/** A folder of Markdown files, one entry each: front matter fields, then the text (or YAML files). */
export interface FolderCollection {
  name: string;
  label: string;
  description: string;
  /** The folder, from the project root; an entry's file is `<slug>.md`. */
  folder: string;
  /** Its front matter's shape. */
  schema: z.ZodType;
  /** One entry's name, and what stands for an entry in the list. */
  singular: string;
  summary: string;
  /**
   * What the text holds and how it is written (the body's hint); none: a folder of YAML files,
   * `<slug>.yaml`, each wholly its fields (the pages staff compose).
   */
  body?: string;
}

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

export const collections: (Collection | FolderCollection)[] = [
  {
    name: "site",
    label: "Site settings",
    description:
      "The intake the site promotes (hero, ticker, first guide), the agency's name, contacts, address and social networks.",
    file: "content/site.yaml",
    fileLabel: "Site settings",
    schema: siteFileSchema,
  },
  {
    name: "home",
    label: "Home page",
    description:
      "The home page's words, in its order: the hero's slides, the promotion, the global network and the offices on its map, the course cards, and every section's heading and introduction.",
    file: "content/home.yaml",
    fileLabel: "Home page",
    schema: homeFileSchema,
  },
  {
    name: "about",
    label: "About page",
    description: "The words of the About page: its sections, the services list and the form's box.",
    file: "content/about.yaml",
    fileLabel: "About page",
    schema: aboutFileSchema,
  },
  {
    name: "navigation",
    label: "Menus",
    description:
      "The header's menu and button, the footer's quick links, and the students' tools. The Courses menu lists the programme pages and the tools by itself.",
    file: "content/navigation.yaml",
    fileLabel: "Menus",
    schema: navigationFileSchema,
  },
  {
    name: "partners",
    label: "Partner universities",
    description: "The partner universities on the home page, in display order.",
    file: "content/partners.yaml",
    fileLabel: "Partner universities",
    schema: partnersFileSchema,
    list: { singular: "university" },
  },
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
    name: "guides",
    label: "Guides",
    description:
      "The guides under /guides/ and on the home page, one file each. The build checks every field and the text's form. A new guide is in English only until translated, and a new paragraph is left out of the Arabic and Chinese guide until then: /admin/translations/ lists what waits.",
    folder: "content/guides",
    schema: guideFrontMatterSchema,
    singular: "guide",
    summary: "{{fields.position}}. {{fields.title}}",
    body: "Sections, each a line '## Heading {#id}' (the id: lower-case words joined by hyphens, its anchor and translation key), then its paragraphs, a blank line between them, and lists, one '- item' per line. Links: [the words](/contact), to a page of the site, a #section or an https:// address. Nothing else: no numbered lists, bold or other headings. {intake}, {agency} and {replyTime} are filled in.",
  },
  {
    name: "pages",
    label: "Pages",
    description:
      "Pages you compose from the site's blocks (a campaign, a country, a scholarship round), one file each, at /<slug>. A page is published in Arabic or Chinese once all its texts are translated there (/admin/translations/ lists what waits). The build checks every field and block.",
    folder: "content/pages",
    schema: pageSchema(knownIds()),
    singular: "page",
    summary: "{{fields.title}} (/{{fields.slug}})",
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
    name: "studyRoutes",
    label: "Study routes",
    description:
      "The routes into UK study that the route finder suggests and the cost planner prices: entry requirements, intakes, length and the agency's tuition estimates.",
    file: "content/studyRoutes.yaml",
    fileLabel: "Study routes",
    schema: studyRoutesFileSchema,
    list: { singular: "study route" },
  },
  {
    name: "costOfStudy",
    label: "Cost of study",
    description:
      "The cost planner's official figures (each with its source and date), the agency's estimates, exchange rates, questions and words.",
    file: "content/costOfStudy.yaml",
    fileLabel: "Cost of study figures",
    schema: costOfStudyFileSchema,
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
  {
    name: "booking",
    label: "Booking and office hours",
    description:
      "The office hours (London time) shown across the site, and the rules of consultation booking: length, notice, how far ahead, the ways to talk, bank holidays and other closed days.",
    file: "content/booking.yaml",
    fileLabel: "Booking and office hours",
    schema: bookingFileSchema,
  },
  {
    name: "redirects",
    label: "Redirects",
    description:
      "Old addresses that lead to where their page went: after renaming or removing a page or a guide, add its old address here so links and search results to it keep working. The build refuses a redirect to no page, to itself or to another redirect.",
    file: "content/redirects.yaml",
    fileLabel: "Redirects",
    schema: redirectsFileSchema,
    list: { singular: "redirect", summary: "{{fields.from}} → {{fields.to}}" },
  },
  {
    name: "privacy",
    label: "Privacy notice",
    description:
      "The privacy notice at /privacy and the line under every form that links it: who the agency is, what it collects and why, who receives it, the student's rights and the right to complain to the ICO. How long each kind is kept is shown from Retention (privacy), not written here. Change Last updated with the words: each lead records the version it was sent under. Translations as for any page (npm run translations).",
    file: "content/privacy.yaml",
    fileLabel: "Privacy notice",
    schema: privacyFileSchema,
  },
  {
    name: "retention",
    label: "Retention (privacy)",
    description:
      "How long the agency keeps each kind of record about a student, and from when: the privacy notice shows these periods on every language's page, and the server deletes each record once it is past its period (every day). Shorter is kinder; the law asks for no longer than the agency needs.",
    file: "content/retention.yaml",
    fileLabel: "Retention periods",
    schema: retentionFileSchema,
  },
  {
    name: "searchSynonyms",
    label: "Search synonyms",
    description:
      "Words site search takes as one, a list per language: a group such as 雅思 and IELTS, or fees and costs, makes a search for any of its words find the pages that use the others. Each language's list is its own (it is not translated). The build refuses a word in two groups of a language.",
    file: "content/searchSynonyms.yaml",
    fileLabel: "Search synonyms",
    schema: searchSynonymsFileSchema,
    list: { singular: "group of words", summary: "{{fields.words}}" },
  },
];

/** The editor's address of the entry a content file holds, when it is one. */
export function entryAddress(file: string): string | undefined {
  for (const c of collections) {
    if ("folder" in c) {
      const match = new RegExp(`^${c.folder}/([^/]+)\\.(?:md|ya?ml)$`).exec(file);
      if (match) return `/admin/#/collections/${c.name}/entries/${match[1]}`;
    } else if (c.file === file) return `/admin/#/collections/${c.name}/entries/${c.name}`;
  }
  return undefined;
}
