import type { IconName, Link } from "./types";
import { categories } from "./programmes";

/** The students' tools: in the Courses menu, the footer and the home page's teaser. */
export const toolLinks: (Link & { description: string; icon: IconName })[] = [
  {
    label: "Find your route",
    href: "/find-your-route",
    icon: "search",
    description:
      "Four questions on where you are now and where you want to go: see which route into a UK university fits you.",
  },
  {
    label: "Cost of study planner",
    href: "/cost-of-study",
    icon: "wallet",
    description:
      "Tuition, rent, living costs, the visa and the health surcharge: a first-year budget, and the money your visa must show.",
  },
];

/** An entry of the main menu: a link, or a labelled group of links (the Courses dropdown). */
export type NavItem = Link | { label: string; children: Link[] };

export const mainNav: NavItem[] = [
  { label: "Home", href: "/" },
  {
    label: "Courses",
    children: [
      ...categories.map((c) => ({ label: c.name, href: c.path })),
      ...toolLinks.map(({ label, href }) => ({ label, href })),
    ],
  },
  { label: "Student Services", href: "/student-services" },
  { label: "Events", href: "/events" },
  { label: "About", href: "/about" },
  { label: "Contact", href: "/contact" },
];

/** The header's call to action: long label on phones, short on desktop (spec). */
export const headerCta = {
  href: "/#contact",
  desktopLabel: "Apply now",
  mobileLabel: "Begin your application",
};
