import type { ContactInfo, Link } from "./types";

/** Agency identity and contact details: the only place any of them is written. */
export const site = {
  name: "Eastgate Education",
  tagline: "UK university admissions advice, free from first question to first lecture",
  description:
    "Eastgate Education is an independent advisory team in East London helping international students choose, apply for and settle into universities in the UK and worldwide, at no cost to the student.",
  url: "https://www.eastgate-education.example",
  established: 2020,
  rating: { score: 4.9, outOf: 5, students: 120 },
  replyTime: "within one business day",
  intakes: ["September", "January", "May"],
  promotedIntake: "January 2026",
  address: {
    lines: ["Unit 4, Eastgate House", "112 Whitechapel Road", "London E1 1JE", "United Kingdom"],
    mapQuery: "112 Whitechapel Road, London E1 1JE",
  },
  email: "hello@eastgate-education.example",
  infoEmail: "info@eastgate-education.example",
  admissionsEmail: "admissions@eastgate-education.example",
  careersEmail: "careers@eastgate-education.example",
  phone: { display: "020 7946 0321", tel: "+442079460321" },
  mobile: { display: "07700 900456", tel: "+447700900456", whatsapp: "447700900456" },
  officeHours: [
    { days: "Monday to Friday", hours: "9:00 AM to 6:00 PM" },
    { days: "Saturday", hours: "10:00 AM to 4:00 PM" },
    { days: "Sunday", hours: "Closed" },
  ],
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
    "January 2026 intake: applications are open now",
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
