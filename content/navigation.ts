import type { Link } from "./types";
import { categories } from "./programmes";

/** An entry of the main menu: a link, or a labelled group of links (the Courses dropdown). */
export type NavItem = Link | { label: string; children: Link[] };

export const mainNav: NavItem[] = [
  { label: "Home", href: "/" },
  { label: "Courses", children: categories.map((c) => ({ label: c.name, href: c.path })) },
  { label: "Student Services", href: "/student-services" },
  { label: "About", href: "/about" },
  { label: "Contact", href: "/contact" },
];

/** The header's call to action: long label on phones, short on desktop (spec). */
export const headerCta = {
  href: "/#contact",
  desktopLabel: "Apply now",
  mobileLabel: "Begin your application",
};
