/**
 * Shared content types: every text, number and link on the site is one of these. A collection
 * read from YAML has its types inferred from its schema (src/content/schema/), re-exported here.
 */
import type { IconName, Image, Link } from "./schema/common";
export type { IconName, Image, Link };
export type { Choice, Question, Stat } from "./schema/common";
export type { RouteRule } from "./schema/routeFinder";
export type { Guide, GuideBlock, TextSection } from "./schema/guides";
import type { MoneyRange } from "./schema/costOfStudy";
export type { MoneyRange };
export type { FigureSource } from "./schema/costOfStudy";
export type { Testimonial } from "./schema/testimonials";
export type { Destination } from "./schema/destinations";
import type { CategorySlug } from "./schema/programmes";
export type { CategorySlug };
export type { Highlight, ProgrammeCategory, ProgrammeGroup } from "./schema/programmes";

export type { CourseCard, NetworkBlock, Promo, Slide } from "./schema/home";
export type { Partner } from "./schema/partners";
export type { IntakeMonth, StudyRoute } from "./schema/studyRoutes";

/** A pin on the world map (content/home.yaml writes its longitude and latitude). */
export interface MapLocation {
  /** Country name, shown as the pin label. */
  name: string;
  /** ISO 3166-1 alpha-2 code, e.g. "GB" (its flag is drawn beside the name). */
  countryCode: string;
  /** [longitude, latitude] in degrees. */
  coordinates: [number, number];
}

/** One line of a contact info block. */
export interface ContactLine {
  /** Visible text. */
  text: string;
  /** Optional link (tel:, mailto:, https:). */
  href?: string;
}

/** A contact info block (address, phones, e-mail, hours). */
export interface ContactInfo {
  /** Icon shown beside the label. */
  icon: IconName;
  /** Block label. */
  label: string;
  /** Lines of the block. */
  lines: ContactLine[];
}
