/**
 * Shared content types: every text, number and link on the site is one of these. A collection
 * read from YAML has its types inferred from its schema (src/content/schema/), re-exported here.
 */
import type { IconName, Image, Link } from "../src/content/schema/common";
export type { IconName, Image, Link };
export type { Choice, Question, Stat } from "../src/content/schema/common";
export type { RouteRule } from "../src/content/schema/routeFinder";
export type { Guide, GuideBlock, TextSection } from "../src/content/schema/guides";
import type { MoneyRange } from "../src/content/schema/costOfStudy";
export type { MoneyRange };
export type { FigureSource } from "../src/content/schema/costOfStudy";
export type { Testimonial } from "../src/content/schema/testimonials";
export type { Destination } from "../src/content/schema/destinations";
import type { CategorySlug } from "../src/content/schema/programmes";
export type { CategorySlug };
export type {
  Highlight,
  ProgrammeCategory,
  ProgrammeGroup,
} from "../src/content/schema/programmes";

/** A hero slide on the home page. */
export interface Slide {
  /** Unique id, used for element ids. */
  id: string;
  /** Slide heading. */
  title: string;
  /** One or two sentences, clamped to 3 lines. */
  description: string;
  /** Illustration shown beside the text. */
  image: Image;
  /** Call to action. */
  cta: Link;
}

/** The promo banner under the hero. */
export interface Promo {
  /** Unique id. */
  id: string;
  /** Small line above the title. */
  eyebrow: string;
  /** Banner heading. */
  title: string;
  /** Banner text. */
  description: string;
  /** Where the banner leads. */
  cta: Link;
}

/** A partner university, shown as a name wordmark. */
export interface Partner {
  /** University name as shown. */
  name: string;
  /** Short form drawn in the wordmark's emblem (2-3 letters). */
  monogram: string;
  /** City, shown under the name. */
  city: string;
}

/** A partner-network block in "Our Global Network". */
export interface NetworkBlock {
  /** Block heading. */
  title: string;
  /** Block text. */
  description: string;
  /** Short bullet facts. */
  points: string[];
}

/** A pin on the world map. */
export interface MapLocation {
  /** Country name, shown as the pin label. */
  name: string;
  /** ISO 3166-1 alpha-2 code, e.g. "GB" (its flag is drawn beside the name). */
  countryCode: string;
  /** [longitude, latitude] in degrees. */
  coordinates: [number, number];
}

/** A course card on the home page. */
export interface CourseCard {
  /** Card heading; also a Study Interest option. */
  title: string;
  /** One-sentence summary (searched too). */
  summary: string;
  /** Card illustration. */
  image: Image;
  /** Category the card links to. */
  slug: CategorySlug;
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

/** A month of the year an intake starts in. */
export type IntakeMonth = "September" | "January" | "May";

/** A route into UK study: what the route finder suggests and the cost planner prices. */
export interface StudyRoute {
  /** Unique id, used in URLs (?route=) and decision rules. */
  id: string;
  /** Name as shown, e.g. "Taught master's". */
  name: string;
  /** One sentence on what it is. */
  summary: string;
  /** Typical entry requirements, one per line. */
  entry: string[];
  /** Months an intake starts in, in calendar order from September. */
  intakes: IntakeMonth[];
  /** Usual length in months (the planner's starting value). */
  months: number;
  /** The programme page that lists it. */
  programme: Link;
  /** The enquiry form's Study Interest option it pre-selects. */
  interest: string;
  /** Tuition the agency sees for it, in pounds (an estimate: the CAS states the real fee). */
  tuition: MoneyRange;
  /** What the tuition range covers. */
  tuitionPer: "year" | "course";
  /** Shown with a cost plan for this route, when its figures need a word of caution. */
  planNote?: string;
}
