import { join } from "node:path";
import { officeHours } from "./bookingFile";
import { navigationFileSchema } from "./schema/navigation";
import { siteFileSchema } from "./schema/site";
import { loadYaml } from "./yamlFile";
import { INTAKE_PLACEHOLDER } from "../lib/intake";
import type { ContactInfo } from "./types";
import { localized, localizedAll } from "../i18n/scope";

const { office, promotedIntake, ticker, ...settings } = loadYaml(
  join(import.meta.dirname, "../../content/site.yaml"),
  siteFileSchema,
  { social: "social network" },
);

const address = {
  ...office,
  /** As printed on an envelope. */
  lines: [...office.street, `${office.locality} ${office.postalCode}`, office.country],
  /** The street line and town: what a map search finds. */
  mapQuery: `${office.street.at(-1)}, ${office.locality} ${office.postalCode}`,
};

/**
 * Agency identity and contact details (content/site.yaml, checked against
 * src/content/schema/site.ts), with the address as printed and the office hours
 * (content/booking.yaml) worked out from the files.
 */
export const site = localized({
  name: settings.name,
  shortName: settings.shortName,
  tagline: settings.tagline,
  description: settings.description,
  /** Public address of the site; the build's SITE_URL overrides it (see src/config.ts). */
  url: settings.url,
  locale: settings.locale,
  established: settings.established,
  areaServed: settings.areaServed,
  rating: settings.rating,
  replyTime: settings.replyTime,
  intakes: settings.intakes,
  /** "January 2026": translations name it `{intake}`, filled in each language. */
  promotedIntake,
  promotedIntakeApplyBy: settings.promotedIntakeApplyBy,
  address,
  email: settings.email,
  infoEmail: settings.infoEmail,
  admissionsEmail: settings.admissionsEmail,
  careersEmail: settings.careersEmail,
  phone: settings.phone,
  mobile: settings.mobile,
  officeHours,
  social: settings.social,
  ticker: ticker.map((line) => line.replaceAll(INTAKE_PLACEHOLDER, promotedIntake)),
});

export const mailto = (address: string, subject?: string) =>
  `mailto:${address}${subject ? `?subject=${encodeURIComponent(subject)}` : ""}`;

export const whatsappLink = (text?: string) =>
  `https://wa.me/${site.mobile.whatsapp}${text ? `?text=${encodeURIComponent(text)}` : ""}`;

export const mapsLink = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(site.address.mapQuery)}`;

/**
 * The footer's quick links (and the home page's name in breadcrumbs), from content/navigation.yaml
 * with the other menus. Read here, where the pages have always found them: src/content/navigation.ts
 * needs the programme pages, which need the site's facts.
 */
export const { quickLinks } = localizedAll(
  loadYaml(join(import.meta.dirname, "../../content/navigation.yaml"), navigationFileSchema),
);

/** The info blocks beside every enquiry form. */
export const contactInfo: ContactInfo[] = localized([
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
]);
