import type {
  Article,
  BreadcrumbList,
  EducationalOrganizationLeaf,
  Event,
  FAQPage,
  ItemList,
  LocalBusinessLeaf,
  MergeLeafTypes,
  OpeningHoursSpecification,
  Review,
  Thing,
  WebSite,
} from "schema-dts";
import { localePath, pageLocale } from "../i18n/pageLocale";
import { categories } from "../content/programmes";
import { guides } from "../content/guides";
import { quickLinks, site } from "../content/site";
import { testimonials } from "../content/testimonials";
import type { Route } from "../routes";
import { events } from "../events/content";
import type { PublicEvent } from "../events/load";
import { localeByCode } from "../i18n/locales";
import { EVENT_ZONE, eventPath, eventState, zonedIso } from "../lib/events";
import { pages } from "../content/pages";
import { staffPagePath, type StaffPage } from "../content/schema/pages";

/** The agency is both: it advises on education, and it is a business with an office to visit. */
export type Agency = MergeLeafTypes<[EducationalOrganizationLeaf, LocalBusinessLeaf]>;

/** schema-dts's Graph, with room for the two-typed agency node. */
export interface Graph {
  "@context": "https://schema.org";
  "@graph": readonly (Thing | Agency)[];
}

export interface PageFacts {
  route: Route;
  /** Every route, to find a page's ancestors for its breadcrumb trail. */
  routes: Route[];
  /** The public origin (SITE_URL), no trailing slash. */
  siteUrl: string;
  /** Absolute URL of the page's social card (1200x630). */
  image: string;
  /** Absolute URL of the square logo. */
  logo: { url: string; size: number };
  /** The build's now (src/config.ts): whether an event's registration is still open. */
  now: number;
}

/** A page's address in the language being rendered. */
const url = (siteUrl: string, path: string) => {
  const local = localePath(pageLocale(), path);
  return local === "/" ? `${siteUrl}/` : siteUrl + local;
};
export const organizationId = (siteUrl: string) => `${siteUrl}/#organization`;

function agency({ siteUrl, logo, route }: PageFacts): Agency {
  const hours: OpeningHoursSpecification[] = site.officeHours.flatMap((day) =>
    day.opens && day.closes
      ? [
          {
            "@type": "OpeningHoursSpecification",
            dayOfWeek: day.dayOfWeek,
            opens: day.opens,
            closes: day.closes,
          },
        ]
      : [],
  );
  // Success stories are marked up where they are shown (the home page), as what they are: a
  // student's words with no star rating. No aggregateRating: we have no counted reviews.
  const reviews: Review[] =
    route.path === "/"
      ? testimonials.map((t) => ({
          "@type": "Review",
          author: { "@type": "Person", name: t.name },
          reviewBody: t.quote,
        }))
      : [];
  return {
    "@type": ["EducationalOrganization", "LocalBusiness"],
    "@id": organizationId(siteUrl),
    name: site.name,
    description: site.description,
    url: `${siteUrl}/`,
    logo: {
      "@type": "ImageObject",
      url: logo.url,
      width: `${logo.size}`,
      height: `${logo.size}`,
    },
    image: logo.url,
    address: {
      "@type": "PostalAddress",
      streetAddress: site.address.street.join(", "),
      addressLocality: site.address.locality,
      postalCode: site.address.postalCode,
      addressCountry: site.address.countryCode,
    },
    telephone: site.phone.tel,
    email: site.email,
    openingHoursSpecification: hours,
    foundingDate: String(site.established),
    sameAs: site.social.map((s) => s.href),
    areaServed: site.areaServed,
    ...(reviews.length ? { review: reviews } : {}),
  };
}

function website({ siteUrl }: PageFacts): WebSite {
  return {
    "@type": "WebSite",
    "@id": `${siteUrl}/#website`,
    name: site.name,
    url: `${siteUrl}/`,
    inLanguage: pageLocale().lang,
    publisher: { "@id": organizationId(siteUrl) },
  };
}

/**
 * Home, then each ancestor path that is itself a page, then the page: /guides/x has no /guides
 * page, so its trail is Home > the guide.
 */
export function breadcrumbTrail(route: Route, routes: Route[]) {
  const home = routes.find((r) => r.path === "/");
  const homeName = quickLinks.find((l) => l.href === "/")?.label ?? site.name;
  const segments = route.path.split("/").filter(Boolean);
  const ancestors = segments
    .slice(0, -1)
    .map((_, i) => routes.find((r) => r.path === `/${segments.slice(0, i + 1).join("/")}`))
    .filter((r): r is Route => r !== undefined);
  return [
    ...(home ? [{ name: homeName, path: "/" }] : []),
    ...[...ancestors, route].map((r) => ({ name: r.title, path: r.path })),
  ];
}

function breadcrumbs({ route, routes, siteUrl }: PageFacts): BreadcrumbList {
  return {
    "@type": "BreadcrumbList",
    itemListElement: breadcrumbTrail(route, routes).map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.name,
      item: url(siteUrl, crumb.path),
    })),
  };
}

function programmeList(path: string): ItemList | undefined {
  const category = categories.find((c) => c.path === path);
  if (!category) return undefined;
  const names = category.groups.flatMap((g) => g.programs);
  return {
    "@type": "ItemList",
    name: category.name,
    numberOfItems: names.length,
    itemListElement: names.map((name, i) => ({ "@type": "ListItem", position: i + 1, name })),
  };
}

function article({ route, siteUrl, image }: PageFacts): Article | undefined {
  const guide = guides.find((g) => `/guides/${g.slug}` === route.path);
  if (!guide) return undefined;
  const publisher = { "@type": "Organization", "@id": organizationId(siteUrl), name: site.name };
  return {
    "@type": "Article",
    headline: guide.title,
    description: guide.summary,
    image: [image],
    datePublished: guide.published,
    dateModified: guide.updated,
    inLanguage: pageLocale().lang,
    author: { ...publisher, url: `${siteUrl}/` },
    publisher: { "@id": organizationId(siteUrl) },
    mainEntityOfPage: url(siteUrl, route.path),
  };
}

/**
 * An event page's Event: London times with their offset, online (its page as the location: the
 * join link is only e-mailed) or at the office, free, in the language it is held in.
 */
export function eventNode(
  { route, siteUrl, image, now }: PageFacts,
  list: readonly PublicEvent[] = Object.values(events),
): Event | undefined {
  const event = list.find((e) => eventPath(e.slug) === route.path);
  if (!event) return undefined;
  const page = url(siteUrl, route.path);
  const state = eventState(event, now);
  return {
    "@type": "Event",
    name: event.title,
    description: event.summary,
    image: [image],
    url: page,
    startDate: zonedIso(event.startsAt, EVENT_ZONE),
    endDate: zonedIso(event.endsAt, EVENT_ZONE),
    eventAttendanceMode:
      event.where === "online"
        ? "https://schema.org/OnlineEventAttendanceMode"
        : "https://schema.org/OfflineEventAttendanceMode",
    eventStatus:
      event.status === "cancelled"
        ? "https://schema.org/EventCancelled"
        : "https://schema.org/EventScheduled",
    location:
      event.where === "online"
        ? { "@type": "VirtualLocation", url: page }
        : {
            "@type": "Place",
            name: site.name,
            address: {
              "@type": "PostalAddress",
              streetAddress: site.address.street.join(", "),
              addressLocality: site.address.locality,
              postalCode: site.address.postalCode,
              addressCountry: site.address.countryCode,
            },
          },
    organizer: {
      "@type": "Organization",
      "@id": organizationId(siteUrl),
      name: site.name,
      url: `${siteUrl}/`,
    },
    offers: {
      "@type": "Offer",
      price: 0,
      priceCurrency: "GBP",
      // Places come from the server; the page says whether registration is still open.
      availability: state === "open" ? "https://schema.org/InStock" : "https://schema.org/SoldOut",
      url: page,
    },
    maximumAttendeeCapacity: event.capacity,
    inLanguage: localeByCode(event.language)?.lang ?? event.language,
  };
}

/**
 * A staff page's questions and answers (its FAQ blocks, in order) as an FAQPage, as the page
 * shows them; none when it has no such block.
 */
export function faqPage(
  { route, siteUrl }: PageFacts,
  list: readonly StaffPage[] = pages,
): FAQPage | undefined {
  const page = list.find((p) => staffPagePath(p) === route.path);
  const items = page?.blocks.flatMap((b) => (b.type === "faq" ? b.items : [])) ?? [];
  if (!items.length) return undefined;
  return {
    "@type": "FAQPage",
    url: url(siteUrl, route.path),
    inLanguage: pageLocale().lang,
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

/** Everything a page tells search engines about itself, as one JSON-LD graph. */
export function structuredData(facts: PageFacts): Graph {
  const inner = facts.route.path !== "/" && facts.route.path !== "/404";
  const nodes: (Thing | Agency | undefined)[] = [
    agency(facts),
    website(facts),
    inner ? breadcrumbs(facts) : undefined,
    programmeList(facts.route.path),
    article(facts),
    eventNode(facts),
    faqPage(facts),
  ];
  return {
    "@context": "https://schema.org",
    "@graph": nodes.filter((n) => n !== undefined),
  };
}

/**
 * The graph as the text of a <script type="application/ld+json">: every "<" escaped, so no
 * text in content can close the script element or open a comment.
 */
export const jsonLdText = (graph: Graph) => JSON.stringify(graph).replace(/</g, "\\u003c");
