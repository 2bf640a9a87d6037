/** Shared content types: every text, number and link on the site is one of these. */

/** Names of the icons drawn by src/components/Icon.tsx. */
export type IconName =
  | "graduation"
  | "scholarship"
  | "visa"
  | "home"
  | "wallet"
  | "plane"
  | "mail"
  | "phone"
  | "whatsapp"
  | "pin"
  | "clock"
  | "calendar"
  | "globe"
  | "book"
  | "briefcase"
  | "heart"
  | "shield"
  | "star"
  | "users"
  | "chat"
  | "search"
  | "check"
  | "linkedin"
  | "youtube"
  | "instagram"
  | "tiktok"
  | "facebook"
  | "x";

/** A link inside the site ("/about", "/#contact") or to the outside ("mailto:", "https:"). */
export interface Link {
  /** Visible text. */
  label: string;
  /** Target: an internal path (optionally with #anchor), mailto:, tel: or https: URL. */
  href: string;
}

/** An image served from static/ (path starts with /images/). */
export interface Image {
  /** Path under static/, e.g. "/images/slides/january.svg". */
  src: string;
  /** Alternative text; "" only for purely decorative images. */
  alt: string;
  /** Intrinsic width in px (reserves space: no layout shift). */
  width: number;
  /** Intrinsic height in px. */
  height: number;
}

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
  /** Flag emoji (decorative). */
  flag: string;
  /** [longitude, latitude] in degrees. */
  coordinates: [number, number];
}

/** Programme category slugs; each has a page. */
export type CategorySlug = "foundation" | "undergraduate" | "postgraduate" | "shortCourses";

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

/** A student success story. */
export interface Testimonial {
  /** Unique id. */
  id: string;
  /** Student's name. */
  name: string;
  /** Programme and university. */
  program: string;
  /** The student's words. */
  quote: string;
  /** Portrait; initials are shown when absent. */
  image?: Image;
}

/** A label/value pair on a programme page. */
export interface MetaItem {
  /** Short label, e.g. "Duration". */
  label: string;
  /** Value, e.g. "Up to 4 years". */
  value: string;
}

/** A highlight card with an icon. */
export interface Highlight {
  /** Icon shown on the card. */
  icon: IconName;
  /** Card heading. */
  title: string;
  /** Card text. */
  description: string;
}

/** A named group of programmes (used for short courses by sector). */
export interface ProgrammeGroup {
  /** Sector name. */
  name: string;
  /** Programme titles in the group. */
  programs: string[];
}

/** A programme category page. */
export interface ProgrammeCategory {
  /** Category slug. */
  id: CategorySlug;
  /** Page route, e.g. "/foundation-programmes". */
  path: string;
  /** Category name, e.g. "Foundation Programmes". */
  name: string;
  /** One-line tagline under the name. */
  tagline: string;
  /** Intro paragraph. */
  description: string;
  /** Hero illustration. */
  image: Image;
  /** Meta cards (duration, entry points...). */
  meta: MetaItem[];
  /** Exactly four highlight cards. */
  highlights: Highlight[];
  /** Programmes, grouped (one unnamed group "" when not grouped by sector). */
  groups: ProgrammeGroup[];
}

/** A service card on /student-services. */
export interface ServiceCard {
  /** Card heading. */
  title: string;
  /** Card text. */
  description: string;
  /** Icon shown on the card. */
  icon: IconName;
  /** What is included. */
  points: string[];
}

/** A service category with the number of advisers' cases handled. */
export interface ServiceCategory {
  /** Category name. */
  name: string;
  /** Count shown beside it. */
  count: number;
}

/** A stat shown as a big number with a label. */
export interface Stat {
  /** Value as shown, e.g. "4+". */
  value: string;
  /** What it counts. */
  label: string;
}

/** A titled block of text paragraphs. */
export interface TextSection {
  /** Unique id (element id). */
  id: string;
  /** Heading. */
  title: string;
  /** Paragraphs. */
  paragraphs: string[];
}

/** A study destination (home #destinations and footer). */
export interface Destination {
  /** Country name. */
  name: string;
  /** Flag emoji (decorative). */
  flag: string;
  /** Why students choose it, one sentence. */
  why: string;
}

export type DayOfWeek =
  "Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday" | "Saturday" | "Sunday";

/** One line of the office hours. */
export interface OfficeDay {
  /** The days as shown, e.g. "Monday to Friday". */
  days: string;
  /** The same days, for machines (structured data). */
  dayOfWeek: DayOfWeek[];
  /** Opening time, 24-hour "HH:MM"; absent when closed. */
  opens?: string;
  /** Closing time, 24-hour "HH:MM"; absent when closed. */
  closes?: string;
  /** The hours as shown, e.g. "9:00 AM to 6:00 PM" or "Closed" (derived from opens/closes). */
  hours: string;
}

/** A guide page under /guides/<slug>. */
export interface Guide {
  /** URL slug. */
  slug: string;
  /** Page heading. */
  title: string;
  /** Card and meta description. */
  summary: string;
  /** Card illustration. */
  image: Image;
  /** Reading time in minutes. */
  minutes: number;
  /** Date first published, "YYYY-MM-DD". */
  published: string;
  /** Date last checked and updated, "YYYY-MM-DD" (not before published). */
  updated: string;
  /** Body sections. */
  sections: TextSection[];
}
