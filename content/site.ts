import { officeHours } from "../src/content/bookingFile";
import type { ContactInfo, Link } from "./types";

/**
 * The intake the hero, ticker and first guide invite applications for, written "January 2026":
 * the one edit that moves them all on (translations name it by `{intake}`, filled in each
 * language). From its first day the build warns that it has begun.
 */
const promotedIntake = "January 2026";
/**
 * The last day to apply for it, by our own advice (the intake guide's "early November" for
 * January): past it, "applications are open now" is no longer true and the build warns.
 */
const promotedIntakeApplyBy = "2025-11-07";

/** The London office. */
const office = {
  street: ["Unit 4, Eastgate House", "112 Whitechapel Road"],
  locality: "London",
  postalCode: "E1 1JE",
  country: "United Kingdom",
  /** ISO 3166-1 alpha-2, for structured data. */
  countryCode: "GB",
};
const address = {
  ...office,
  /** As printed on an envelope. */
  lines: [...office.street, `${office.locality} ${office.postalCode}`, office.country],
  mapQuery: `${office.street[1]}, ${office.locality} ${office.postalCode}`,
};

/** Agency identity and contact details: the only place any of them is written. */
export const site = {
  name: "Eastgate Education",
  /** Under an app icon on a phone's home screen (12 characters or fewer). */
  shortName: "Eastgate",
  tagline: "UK university admissions advice, free from first question to first lecture",
  description:
    "Eastgate Education is an independent advisory team in East London helping international students choose, apply for and settle into universities in the UK and worldwide, at no cost to the student.",
  /** Public address of the site; the build's SITE_URL overrides it (see src/config.ts). */
  url: "https://www.eastgate-education.example",
  /** Language and region of the site's text, as Open Graph writes it. */
  locale: "en_GB",
  established: 2020,
  /** Where the agency's students come from: it advises by video call and WhatsApp too. */
  areaServed: "Worldwide",
  rating: { score: 4.9, outOf: 5, students: 120 },
  replyTime: "within one business day",
  intakes: ["September", "January", "May"],
  promotedIntake,
  promotedIntakeApplyBy,
  address,
  email: "hello@eastgate-education.example",
  infoEmail: "info@eastgate-education.example",
  admissionsEmail: "admissions@eastgate-education.example",
  careersEmail: "careers@eastgate-education.example",
  /** Printed in international form: students dial from abroad, where "020..." reaches no one. */
  phone: { display: "+44 20 7946 0321", tel: "+442079460321" },
  mobile: { display: "+44 7700 900456", tel: "+447700900456", whatsapp: "447700900456" },
  /** London time: content/booking.yaml, beside the booking rules that offer times within them. */
  officeHours,
  social: [
    {
      label: "LinkedIn",
      href: "https://www.linkedin.com/company/eastgate-education",
      icon: "linkedin",
    },
    { label: "YouTube", href: "https://www.youtube.com/@eastgate-education", icon: "youtube" },
    { label: "Instagram", href: "https://www.instagram.com/eastgate.education", icon: "instagram" },
    { label: "TikTok", href: "https://www.tiktok.com/@eastgate.education", icon: "tiktok" },
    { label: "Facebook", href: "https://www.facebook.com/eastgate.education", icon: "facebook" },
    { label: "X", href: "https://x.com/eastgate_edu", icon: "x" },
  ],
  ticker: [
    `${promotedIntake} intake: applications are open now`,
    "Apply early to secure your place and your accommodation",
    "Study in the UK with leading universities",
  ],
} as const;

export const mailto = (address: string, subject?: string) =>
  `mailto:${address}${subject ? `?subject=${encodeURIComponent(subject)}` : ""}`;

export const whatsappLink = (text?: string) =>
  `https://wa.me/${site.mobile.whatsapp}${text ? `?text=${encodeURIComponent(text)}` : ""}`;

export const mapsLink = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(site.address.mapQuery)}`;

/** Footer columns and header menu share these. */
export const quickLinks: Link[] = [
  { label: "Home", href: "/" },
  { label: "About us", href: "/about" },
  { label: "Student services", href: "/student-services" },
  { label: "Success stories", href: "/#testimonials" },
  { label: "Guides", href: "/#blog" },
  { label: "Careers", href: "/#careers" },
  { label: "Book a consultation", href: "/book" },
  { label: "Contact", href: "/contact" },
];

/** The info blocks beside every enquiry form. */
export const contactInfo: ContactInfo[] = [
  { icon: "pin", label: "Visit our office", lines: site.address.lines.map((text) => ({ text })) },
  {
    icon: "phone",
    label: "Call or WhatsApp",
    lines: [
      { text: site.phone.display, href: `tel:${site.phone.tel}` },
      { text: `${site.mobile.display} (mobile and WhatsApp)`, href: `tel:${site.mobile.tel}` },
    ],
  },
  {
    icon: "mail",
    label: "E-mail an adviser",
    lines: [
      { text: site.admissionsEmail, href: mailto(site.admissionsEmail) },
      { text: site.infoEmail, href: mailto(site.infoEmail) },
    ],
  },
  {
    icon: "clock",
    label: "Office hours",
    lines: site.officeHours.map((o) => ({ text: `${o.days}: ${o.hours}` })),
  },
];
