import type {
  CourseCard,
  Highlight,
  Link,
  MapLocation,
  NetworkBlock,
  Partner,
  Promo,
  Slide,
} from "./types";
import { mailto, site } from "./site";

const rating = `${site.rating.score}/${site.rating.outOf}`;
const admitted = `${site.rating.students}+`;

/** Hero slider, in display order. */
export const slides: Slide[] = [
  {
    id: "january-2026",
    title: `Apply Now for ${site.promotedIntake}`,
    description: `Places for ${site.promotedIntake} are still open on many foundation, undergraduate and postgraduate courses. Tell us what you want to study and an adviser will reply ${site.replyTime}.`,
    image: {
      src: "/images/slides/january-2026.svg",
      alt: "Illustration of a wall calendar with one date highlighted and a graduation cap beside it",
      width: 560,
      height: 420,
    },
    cta: { label: "Start your application", href: "/contact#contact-form" },
  },
  {
    id: "scholarship-guidance",
    title: "Scholarship Guidance",
    description:
      "Many universities offer automatic discounts and merit scholarships to international students. We check which ones you qualify for and help you write applications that stand out.",
    image: {
      src: "/images/slides/scholarship-guidance.svg",
      alt: "Illustration of a gold medal on a ribbon beside a stack of coins and a rolled certificate",
      width: 560,
      height: 420,
    },
    cta: { label: "See how we help with funding", href: "/student-services" },
  },
  {
    id: "book-a-consultation",
    title: "Book a Consultation",
    description:
      "A free, no-obligation conversation with an adviser about your grades, budget and goals. Meet us in person in East London, by phone or on a video call.",
    image: {
      src: "/images/slides/book-a-consultation.svg",
      alt: "Illustration of two speech bubbles above a desk with a laptop, showing an adviser and a student in conversation",
      width: 560,
      height: 420,
    },
    cta: { label: "Book your free consultation", href: "/book" },
  },
  {
    id: "partner-universities",
    title: "Our Partner Universities",
    description:
      "We work directly with universities across England, Scotland and Wales, so your application reaches the right admissions team with everything it needs.",
    image: {
      src: "/images/slides/partner-universities.svg",
      alt: "Illustration of three university buildings with columns, one flying a flag, under a wide sky",
      width: 560,
      height: 420,
    },
    cta: { label: "Meet our partners", href: "/#universities" },
  },
];

/** Banner under the hero. */
export const promo: Promo = {
  id: "january-2026-deadlines",
  eyebrow: `${site.promotedIntake} intake`,
  title: `Deadlines for ${site.promotedIntake} are closing`,
  description: `Most universities close international applications for January in early November, and a visa application needs a CAS, which takes time to issue. If you are aiming for ${site.promotedIntake}, send us your documents now so we can check them and submit while places remain.`,
  cta: { label: "Talk to an adviser today", href: "/#contact" },
};

/** Partner university wordmarks (name and monogram, no copied logos). */
export const partners: Partner[] = [
  { name: "University of Birmingham", monogram: "UoB", city: "Birmingham" },
  { name: "University of Aberdeen", monogram: "UoA", city: "Aberdeen" },
  { name: "Bangor University", monogram: "BU", city: "Bangor" },
  { name: "Aston University", monogram: "AU", city: "Birmingham" },
  { name: "Aberystwyth University", monogram: "AbU", city: "Aberystwyth" },
];

const networkBlocks: NetworkBlock[] = [
  {
    title: "UK university partners",
    description:
      "Our advisers work with admissions and international offices at universities across England, Scotland and Wales, from large research universities to smaller campuses with close-knit communities.",
    points: [
      "Direct contacts in admissions for faster answers on your application",
      "Foundation, pre-masters, degree and research pathways",
      "Regular briefings on entry requirements and scholarships",
    ],
  },
  {
    title: "International recruitment partners",
    description:
      "Students reach us from across the world. Trusted partner advisers in key countries help with local documents, translations and pre-departure briefings, while your application is managed from our London office.",
    points: [
      "Partner advisers in North America, Europe, the Gulf and Asia-Pacific",
      "Help with local transcripts, translations and English tests",
      "One named London adviser from first enquiry to arrival",
    ],
  },
];

/** "Our Global Network" section on the home page. */
export const network: { title: string; intro: string; blocks: NetworkBlock[] } = {
  title: "Our Global Network",
  intro: `Since ${site.established} we have built relationships with universities in the UK and with advisers abroad, so wherever you apply from, you have people who know the process on both ends.`,
  blocks: networkBlocks,
};

/** Pins on the world map, in display order. */
export const mapLocations: MapLocation[] = [
  { name: "Canada", countryCode: "CA", coordinates: [-79.38, 43.65] },
  { name: "United States", countryCode: "US", coordinates: [-74.01, 40.71] },
  { name: "United Kingdom", countryCode: "GB", coordinates: [-0.13, 51.51] },
  { name: "Spain", countryCode: "ES", coordinates: [-3.7, 40.42] },
  { name: "United Arab Emirates", countryCode: "AE", coordinates: [55.27, 25.2] },
  { name: "Singapore", countryCode: "SG", coordinates: [103.82, 1.35] },
  { name: "Malaysia", countryCode: "MY", coordinates: [101.69, 3.14] },
  { name: "Australia", countryCode: "AU", coordinates: [151.21, -33.87] },
];

/** Courses section heading. */
export const coursesSection: { title: string; intro: string } = {
  title: "Find the right course",
  intro:
    "Whether you are finishing school, moving on from a first degree or returning to study mid-career, there is a route into a UK university that fits. Search by subject or level, or start with one of these pathways.",
};

/** Course cards on the home page, in display order. */
export const courseCards: CourseCard[] = [
  {
    title: "Foundation Courses",
    summary:
      "A one-year bridge into a UK degree for students whose school qualifications or English scores are not yet at direct-entry level.",
    image: {
      src: "/images/courses/foundation-courses.svg",
      alt: "",
      decorative: true,
      width: 400,
      height: 240,
    },
    slug: "foundation",
  },
  {
    title: "Undergraduate Degrees",
    summary:
      "Three- or four-year bachelor's degrees in business, computing, engineering, health, law and more, many with a placement year.",
    image: {
      src: "/images/courses/undergraduate-degrees.svg",
      alt: "",
      decorative: true,
      width: 400,
      height: 240,
    },
    slug: "undergraduate",
  },
  {
    title: "Pre-Masters",
    summary:
      "A preparation programme of one or two terms that builds academic English and subject knowledge before a UK master's degree.",
    image: {
      src: "/images/courses/pre-masters.svg",
      alt: "",
      decorative: true,
      width: 400,
      height: 240,
    },
    slug: "postgraduate",
  },
  {
    title: "Masters in Research",
    summary:
      "An MRes or research-led MSc built around an extended project, ideal preparation for a PhD or a research career.",
    image: {
      src: "/images/courses/masters-in-research.svg",
      alt: "",
      decorative: true,
      width: 400,
      height: 240,
    },
    slug: "postgraduate",
  },
  {
    title: "PhD Degrees",
    summary:
      "Doctoral study with a supervisor in your field: we help you find the right research group, shape your proposal and look for funding.",
    image: {
      src: "/images/courses/phd-degrees.svg",
      alt: "",
      decorative: true,
      width: 400,
      height: 240,
    },
    slug: "postgraduate",
  },
  {
    title: "Executive Education",
    summary:
      "Short courses and certificates for working professionals, taught in the evening, at weekends or online, with CPD credits.",
    image: {
      src: "/images/courses/executive-education.svg",
      alt: "",
      decorative: true,
      width: 400,
      height: 240,
    },
    slug: "shortCourses",
  },
];

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
 * The enquiry form's Study Interest choices: every course card, and taught master's degrees,
 * which the postgraduate page lists but no card names (the route finder pre-selects it).
 */
export const studyInterests: StudyInterest[] = [
  "Foundation Courses",
  "Undergraduate Degrees",
  "Pre-Masters",
  "Taught Masters",
  "Masters in Research",
  "PhD Degrees",
  "Executive Education",
].map((value) => ({ value, label: value }));

/** Home #tools: the teaser of the students' tools (the cards come from toolLinks). */
export const toolsTeaser: { title: string; intro: string } = {
  title: "Plan before you apply",
  intro:
    "Two questions every student asks us first, answered in a minute: which route fits you, and what a year in the UK will cost.",
};

/** Home #contact section. */
export const contactSection: { title: string; subtitle: string; description: string } = {
  title: "Connect with our advisers",
  subtitle: "Free advice, no obligation",
  description: `Tell us a little about yourself and what you would like to study. A named adviser will reply ${site.replyTime} with honest advice on your options, entry requirements and the next deadline to aim for.`,
};

/** Home #testimonials section. */
export const testimonialsSection: { title: string; intro: string } = {
  title: "Student Success Stories",
  intro: `Our students rate us ${rating}, and more than ${site.rating.students} of them were admitted to university in the past year. Here are three of their stories, in their own words.`,
};

/** Home #about section. */
export const aboutTeaser: { title: string; paragraphs: string[]; cta: Link } = {
  title: "Who we are",
  paragraphs: [
    `${site.name} was founded in ${site.established} by former university admissions staff and international graduates who remembered how confusing applying from abroad can be. From our office in East London we guide students through choosing a course, applying, securing a visa and settling in.`,
    `Our advice is free to students. In the past year we helped ${admitted} students gain their university places, and they rate us ${rating}. We will always tell you honestly if a course is not the right fit.`,
  ],
  cta: { label: `More about ${site.name}`, href: "/about" },
};

const supportItems: Highlight[] = [
  {
    icon: "graduation",
    title: "Admissions and UCAS",
    description:
      "Course shortlists, personal statements and references checked, and applications tracked until you hold an offer.",
  },
  {
    icon: "scholarship",
    title: "Scholarships and funding",
    description:
      "We find the scholarships and early-payment discounts you are eligible for and help you plan your budget.",
  },
  {
    icon: "visa",
    title: "Student visa support",
    description:
      "Once your CAS arrives, we check your documents and evidence of funds and help you prepare a complete application.",
  },
  {
    icon: "home",
    title: "Accommodation and arrival",
    description:
      "Advice on halls and private rentals, airport pick-up options and a pre-departure briefing before you fly.",
  },
];

/** Home #support section. */
export const supportTeaser: { title: string; intro: string; items: Highlight[]; cta: Link } = {
  title: "Support at every step",
  intro:
    "Getting an offer is only part of the journey. Our advisers stay with you through funding, visa and accommodation, so you arrive ready for your first lecture.",
  items: supportItems,
  cta: { label: "Explore student services", href: "/student-services" },
};

/** Home #destinations section. */
export const destinationsSection: { title: string; intro: string } = {
  title: "Where you could study",
  intro:
    "Most of our students choose the UK, but we also advise on nine other destinations. Here is why students pick each one.",
};

/** Home #blog section. */
export const guidesSection: { title: string; intro: string } = {
  title: "Guides",
  intro:
    "Practical, plain-English guides written by our advisers on the questions students ask us most.",
};

/** Home #careers section. */
export const careers: { title: string; paragraphs: string[]; cta: Link } = {
  title: "Work with us",
  paragraphs: [
    `${site.name} is a small team of advisers, many of whom studied abroad themselves. We are always glad to hear from people who care about getting students the right advice, whether you have admissions experience, speak several languages or are starting out in education.`,
    "We also welcome current students and recent graduates who would like to become student ambassadors and share their experience with new arrivals.",
  ],
  cta: {
    label: "Send us your CV",
    href: mailto(site.careersEmail, `Careers at ${site.name}`),
  },
};
