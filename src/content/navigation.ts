import { join } from "node:path";
import { navigationFileSchema } from "./schema/navigation";
import { loadYaml } from "./yamlFile";
import { categories } from "./programmes";
import type { Link } from "./types";
import { localized, localizedAll } from "../i18n/scope";

/**
 * The menus: content/navigation.yaml, checked against src/content/schema/navigation.ts. The
 * Courses menu is made here, from the programme pages and the students' tools; the quick links
 * are src/content/site.ts's `quickLinks`.
 */
const navigation = loadYaml(
  join(import.meta.dirname, "../../content/navigation.yaml"),
  navigationFileSchema,
  {
    mainNav: "menu entry",
    quickLinks: "quick link",
    toolLinks: "tool",
  },
);

/** The students' tools: in the Courses menu, the footer and the home page's teaser. */
export const { toolLinks } = localizedAll(navigation);

/** An entry of the main menu: a link, or a labelled group of links (the Courses dropdown). */
export type NavItem = Link | { label: string; children: Link[] };

/** The menus made from other content, by the name an entry of the main menu opens. */
const builtMenus = {
  courses: () => [
    ...categories.map((c) => ({ label: c.name, href: c.path })),
    ...toolLinks.map(({ label, href }) => ({ label, href })),
  ],
};

export const mainNav: NavItem[] = localized(
  navigation.mainNav.map(({ label, href, menu }) =>
    menu ? { label, children: builtMenus[menu]() } : { label, href: href! },
  ),
);

/** The header's call to action: long label on phones, short on desktop (spec). */
export const { headerCta } = localizedAll(navigation);
