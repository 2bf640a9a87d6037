import type { Link, ServiceCard, ServiceCategory, Stat } from "./types";
import { site } from "./site";

/** Content of the /student-services page. */
export interface ServicesContent {
  title: string;
  intro: string;
  chips: string[];
  introCard: { title: string; text: string; stats: Stat[] };
  cards: ServiceCard[];
  supportTitle: string;
  supportItems: string[];
  categoriesTitle: string;
  categories: ServiceCategory[];
  consultation: { title: string; text: string; cta: Link };
}

export const services: ServicesContent = {
  title: "Student Services",
  intro: `From your first question to your first week on campus, ${site.name} advisers help with every part of studying abroad, and students never pay us a fee.`,
  chips: [
    "Admissions",
    "Scholarships",
    "Visas",
    "Accommodation",
    "Pre-departure",
    "Free of charge",
  ],
  introCard: {
    title: "One adviser, the whole journey",
    text: `You are matched with a named adviser who knows your file. They help you choose a course, prepare a complete application, plan your funding and visa, and find somewhere to live, and they reply ${site.replyTime}.`,
    stats: [
      { value: "4+", label: "qualification pathways" },
      { value: "3", label: "annual intakes" },
      { value: "100%", label: "complimentary advisory support" },
    ],
  },
  cards: [
    {
      title: "Admissions and applications",
      description:
        "We help you choose the right course and university and submit an application that shows admissions tutors who you are.",
      icon: "graduation",
      points: [
        "A shortlist matched to your grades, budget and career plans",
        "Personal statement and reference feedback",
        "UCAS and direct applications submitted and tracked",
        "Help meeting offer conditions and accepting your place",
      ],
    },
    {
      title: "Visas and finance",
      description:
        "Funding and immigration rules are where applications most often go wrong. We help you get them right first time.",
      icon: "visa",
      points: [
        "Scholarship and discount searches for your course",
        "Budget planning for tuition, rent and living costs",
        "Checks on your evidence of funds before you apply",
        "A student visa document checklist once your CAS is issued",
      ],
    },
    {
      title: "Accommodation and arrival",
      description:
        "We make sure you have somewhere to live and know what to expect before you board your flight.",
      icon: "home",
      points: [
        "Advice on university halls and private rentals",
        "A pre-departure briefing on banking, healthcare and travel",
        "Airport pick-up options and directions to campus",
      ],
    },
  ],
  supportTitle: "Additional Support Included",
  supportItems: [
    "English test guidance, including IELTS and accepted alternatives",
    "Document checks for transcripts, certificates and translations",
    "Practice for university interviews and UKVI credibility interviews",
    "Research proposal feedback for PhD and MRes applicants",
    "Help contacting potential PhD supervisors",
    "Tuition deposit and payment deadline reminders",
    "Guidance on the Immigration Health Surcharge and healthcare",
    "Advice for dependants where the rules allow them to join you",
    "Opening a UK bank account and registering with a GP",
    "Part-time work rules explained for student visa holders",
    "Graduate Route guidance as you finish your degree",
  ],
  categoriesTitle: "Cases handled by our advisers",
  categories: [
    { name: "Admissions & UCAS", count: 24 },
    { name: "Accommodation", count: 12 },
    { name: "Finance & Scholarships", count: 18 },
    { name: "Student Welfare", count: 16 },
    { name: "Visa Support", count: 20 },
  ],
  consultation: {
    title: "Talk to an adviser",
    text: "Pick a free time online for a free consultation, by video, by phone or at our office, and we will look at your options together.",
    cta: {
      label: "Schedule Consultation",
      href: "/book",
    },
  },
};
