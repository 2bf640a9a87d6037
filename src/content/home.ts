import { join } from "node:path";
import { homeFileSchema, studyInterestValues } from "./schema/home";
import { fillSiteFacts } from "./siteFacts";
import { loadYaml } from "./yamlFile";
import { mailto, site } from "./site";
import type { Image, MapLocation } from "./types";
import { localized, localizedAll } from "../i18n/scope";

const file = join(import.meta.dirname, "../../content/home.yaml");

/**
 * The home page's words: content/home.yaml, checked against src/content/schema/home.ts, with
 * the site's facts filled in; the partner universities are content/partners.yaml.
 */
const home = fillSiteFacts(
  loadYaml(file, homeFileSchema, {
    slides: "slide",
    mapLocations: "map location",
    courseCards: "course card",
    blocks: "block",
    items: "card",
  }),
);

/**
 * An image's fields in the order the pages were first built with (the schema's puts the size
 * first): the social cards' and scripts' hashes are made from them, so this keeps every URL.
 */
const asBuilt = ({ src, alt, decorative, width, height }: Image) => ({
  src,
  alt,
  ...(decorative === undefined ? {} : { decorative }),
  width,
  height,
});
for (const item of [...home.slides, ...home.courseCards]) item.image = asBuilt(item.image);

/** Partner university wordmarks: content/partners.yaml. */
export { partners } from "./partners";

export const {
  /** Hero slider, in display order. */
  slides,
  /** Banner under the hero. */
  promo,
  /** "Our Global Network" section on the home page. */
  network,
  /** Courses section heading. */
  coursesSection,
  /** Course cards on the home page, in display order. */
  courseCards,
  /** Home #tools: the teaser of the students' tools (the cards come from toolLinks). */
  toolsTeaser,
  /** Home #contact section. */
  contactSection,
  /** Home #testimonials section. */
  testimonialsSection,
  /** Home #about section. */
  aboutTeaser,
  /** Home #support section. */
  supportTeaser,
  /** Home #destinations section. */
  destinationsSection,
  /** Home #blog section. */
  guidesSection,
} = localizedAll(home);

/** Pins on the world map, in display order. */
export const mapLocations: MapLocation[] = localized(
  home.mapLocations.map(({ name, countryCode, longitude, latitude }) => ({
    name,
    countryCode,
    coordinates: [longitude, latitude],
  })),
);

/** Home #careers section: its button writes to the careers address, with the file's subject. */
export const careers = localized({
  title: home.careers.title,
  paragraphs: home.careers.paragraphs,
  cta: { label: home.careers.cta.label, href: mailto(site.careersEmail, home.careers.cta.subject) },
});

/**
 * A Study Interest: stored, e-mailed to advisers and counted under its English `value` in every
 * language (the enquiries report and CSV never split one into three spellings); `label` is what
 * the form shows, in the page's language.
 */
export interface StudyInterest {
  value: string;
  label: string;
}

/**
 * The enquiry form's Study Interest choices (src/content/schema/home.ts: every course card's
 * heading is one), each shown under its own name.
 */
export const studyInterests: StudyInterest[] = localized(
  studyInterestValues.map((value) => ({
    value,
    label: value,
  })),
);
