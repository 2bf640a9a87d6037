import type { ComponentType } from "react";
import { categories } from "./content/programmes";
import { guides } from "./content/guides";
import { site } from "./content/site";
import { slides } from "./content/home";
import type { Image } from "./content/types";
import { HomePage } from "./pages/HomePage";
import { ProgrammePage } from "./pages/ProgrammePage";
import { ServicesPage } from "./pages/ServicesPage";
import { AboutPage } from "./pages/AboutPage";
import { ContactPage } from "./pages/ContactPage";
import { GuidePage } from "./pages/GuidePage";
import { NotFoundPage } from "./pages/NotFoundPage";
import { CostOfStudyPage } from "./pages/CostOfStudyPage";
import { FindYourRoutePage } from "./pages/FindYourRoutePage";
import { costCopy } from "./content/costOfStudy";
import { routeFinderCopy } from "./content/routeFinder";
import { studyRoutes } from "./content/studyRoutes";
import { bookingCopy } from "./content/booking";
import { BookPage } from "./pages/BookPage";
import { ui } from "./content/ui";
import { searchCopy } from "./content/search";
import { fill } from "./lib/template";
import { bookingEndpoint, buildNow, eventsEndpoint } from "./config";
import { eventCopy } from "./content/eventPages";
import { events } from "./events/content";
import type { EventKind } from "./events/schema";
import type { SearchKind } from "./search/engine";
import { SearchPage } from "./pages/SearchPage";
import { PrivacyPage } from "./pages/PrivacyPage";
import { privacy, PRIVACY_PATH } from "./content/privacy";
import {
  EVENTS_PATH,
  PAST_EVENTS_PATH,
  eventPath,
  eventState,
  everyFilter,
  filterPath,
} from "./lib/events";
import { SEARCH_PATH } from "./lib/siteSearch";
import { EventsPage } from "./pages/EventsPage";
import { PastEventsPage } from "./pages/PastEventsPage";
import { EventPage } from "./pages/EventPage";
import { pages } from "./content/pages";
import { staffPagePath } from "./content/schema/pages";
import { PageBlocks } from "./components/PageBlocks";
import { perLocale, perLocaleList } from "./i18n/scope";

/** One page of the site: the build renders it, the sitemap lists it, links are checked against it. */
export interface Route {
  /** URL path; "/about" is written to dist/about/index.html. */
  path: string;
  /** Document title (the brand is appended). */
  title: string;
  /** Meta description. */
  description: string;
  /** The page's main content. */
  Page: ComponentType;
  /** Element ids on the page that links may target with #anchor. */
  anchors: string[];
  /** Our illustration drawn on the page's social card (og:image) beside its title. */
  artwork: Image;
  /**
   * The path of the page this one is a copy of with less in it (an events filter is /events
   * with fewer cards): the browser tests' per-page checks run on the original only.
   */
  variantOf?: string;
  /** What site search calls it (a page when unset); false: not searched. Variants never are. */
  search?: SearchKind | false;
  /** What its social card shows, for someone who cannot see it (a staff page's own words). */
  socialAlt?: string;
}

const slideArt = (id: string) => {
  const slide = slides.find((s) => s.id === id);
  if (!slide) throw new Error(`src/routes.tsx: no home slide "${id}" for a social card`);
  return slide.image;
};

const programmeRoutes: Route[] = perLocaleList(() =>
  categories.map((category) => ({
    path: category.path,
    title: category.name,
    description: category.tagline,
    Page: () => <ProgrammePage category={category} />,
    anchors: ["main", "programmes"],
    artwork: category.image,
    search: "programme",
  })),
);

const guideRoutes: Route[] = perLocaleList(() =>
  guides.map((guide) => ({
    path: `/guides/${guide.slug}`,
    title: guide.title,
    description: guide.summary,
    Page: () => <GuidePage guide={guide} />,
    anchors: ["main", ...guide.sections.map((s) => s.id)],
    artwork: guide.image,
    search: "guide",
  })),
);

/** Each kind of event's illustration on its social cards. */
const eventArt: Record<EventKind, string> = {
  webinar: "book-a-consultation",
  workshop: "scholarship-guidance",
  "open-day": "january-2026",
  "university-visit": "partner-universities",
};

// "past" is the archive's address: an event cannot have it.
if (events.past)
  throw new Error(`content/events.yaml: the slug "past" is /events/past, the archive`);

/** The list, one page per filter (links that work without JavaScript), the archive, each event. */
const eventRoutes: Route[] = perLocaleList(() => [
  {
    path: EVENTS_PATH,
    title: eventCopy.title,
    description: eventCopy.description,
    Page: () => <EventsPage />,
    anchors: ["main"],
    artwork: slideArt("book-a-consultation"),
  },
  ...everyFilter().map((filter): Route => {
    const title = filter.kind
      ? eventCopy.kinds[filter.kind].many
      : fill(eventCopy.heldInTitle, { language: eventCopy.languages[filter.language ?? "en"] });
    return {
      path: filterPath(filter),
      title,
      description: eventCopy.description,
      Page: () => <EventsPage filter={filter} title={title} />,
      anchors: ["main"],
      variantOf: EVENTS_PATH,
      artwork: slideArt(filter.kind ? eventArt[filter.kind] : "book-a-consultation"),
    };
  }),
  {
    path: PAST_EVENTS_PATH,
    title: eventCopy.pastTitle,
    description: eventCopy.pastDescription,
    Page: PastEventsPage,
    anchors: ["main"],
    artwork: slideArt("book-a-consultation"),
  },
  ...Object.values(events).map((event): Route => ({
    path: eventPath(event.slug),
    title: event.title,
    description: event.summary,
    Page: () => <EventPage event={event} />,
    // The form (and its anchor) only while registration is open and a server takes it.
    anchors:
      eventsEndpoint && eventState(event, buildNow) === "open" ? ["main", "register"] : ["main"],
    artwork: slideArt(eventArt[event.kind]),
    search: "event",
  })),
]);

/**
 * The pages staff compose (content/pages/), in this process's language: in a translated one, only
 * those wholly translated (src/i18n/apply.ts takes the others out; src/i18n/pageLanguages.ts).
 */
const staffRoutes: Route[] = perLocaleList(() =>
  pages.map((page) => ({
    path: staffPagePath(page),
    title: page.title,
    description: page.description,
    Page: () => <PageBlocks page={page} />,
    anchors: ["main", ...page.blocks.filter((b) => b.type !== "hero").map((b) => b.id)],
    // Its own picture, else its hero's, else the undergraduate illustration.
    artwork:
      page.socialImage ??
      page.blocks.flatMap((b) => (b.type === "hero" && b.image ? [b.image] : []))[0] ??
      categories[1].image,
    socialAlt: page.socialAlt,
  })),
);

/** The site's own pages, whose addresses a staff page may not take. */
export const builtInRoutes: Route[] = perLocaleList(() => [
  {
    path: "/",
    title: fill(ui.pages.homeTitle, { name: site.name }),
    description: site.description,
    Page: HomePage,
    anchors: [
      "main",
      "contact",
      "about",
      "universities",
      "support",
      "testimonials",
      "blog",
      "careers",
      "destinations",
      "courses",
      "tools",
      "network",
      "events",
    ],
    artwork: slideArt("partner-universities"),
  },
  ...programmeRoutes,
  {
    path: "/find-your-route",
    title: routeFinderCopy.title,
    description: routeFinderCopy.description,
    Page: FindYourRoutePage,
    anchors: [
      "main",
      "route-finder",
      "decision-table",
      "routes",
      ...studyRoutes.map((r) => `route-${r.id}`),
    ],
    artwork: categories[0].image,
    search: "tool",
  },
  {
    path: "/cost-of-study",
    title: costCopy.title,
    description: costCopy.description,
    Page: CostOfStudyPage,
    anchors: ["main", "planner", "figures", "worked-example", "estimates"],
    artwork: slideArt("scholarship-guidance"),
    search: "tool",
  },
  {
    path: "/student-services",
    title: ui.pages.servicesTitle,
    description: fill(ui.pages.servicesDescription, { name: site.name }),
    Page: ServicesPage,
    anchors: ["main"],
    artwork: slideArt("scholarship-guidance"),
    search: "service",
  },
  {
    path: "/about",
    title: ui.pages.aboutTitle,
    description: fill(ui.pages.aboutDescription, {
      students: site.rating.students,
      name: site.name,
    }),
    Page: AboutPage,
    anchors: ["main", "consultation-form"],
    artwork: slideArt("january-2026"),
  },
  {
    path: "/contact",
    title: ui.pages.contactTitle,
    description: fill(ui.pages.contactDescription, { name: site.name, replyTime: site.replyTime }),
    Page: ContactPage,
    anchors: ["main", "contact", "contact-form"],
    artwork: slideArt("book-a-consultation"),
  },
  {
    path: "/book",
    title: bookingCopy.title,
    description: bookingCopy.description,
    Page: BookPage,
    // A CDN-only build has no booking form, only the ways to book by e-mail or WhatsApp.
    anchors: bookingEndpoint ? ["main", "booking-form"] : ["main"],
    artwork: slideArt("book-a-consultation"),
    search: "tool",
  },
  ...guideRoutes,
  ...eventRoutes,
  {
    path: PRIVACY_PATH,
    title: privacy.title,
    description: privacy.intro,
    Page: PrivacyPage,
    anchors: ["main", "retention", ...privacy.sections.map((s) => s.id)],
    artwork: slideArt("book-a-consultation"),
  },
  {
    path: SEARCH_PATH,
    title: searchCopy.title,
    description: searchCopy.description,
    Page: SearchPage,
    anchors: ["main", "search-results"],
    artwork: slideArt("partner-universities"),
    search: false,
  },
]);

export const routes: Route[] = perLocaleList(() => [...builtInRoutes, ...staffRoutes]);

/** One route per distinct page layout: what the browser tests check page by page. */
export const layoutRoutes = perLocaleList(() => routes.filter((r) => !r.variantOf));

/** Rendered to dist/404.html; not linked, not in the sitemap. */
export const notFoundRoute: Route = perLocale(() => ({
  path: "/404",
  title: ui.notFound.title,
  description: ui.pages.notFoundDescription,
  Page: NotFoundPage,
  anchors: ["main"],
  artwork: slideArt("partner-universities"),
}));
