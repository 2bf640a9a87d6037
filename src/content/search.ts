import { localized } from "../i18n/scope";
/** The words of site search: the header's button and field, the search page and its results. */
export const searchCopy = localized({
  title: "Search",
  description:
    "Search Eastgate Education's guides, programmes, events, services and tools in English.",
  /** Under the search page's title. */
  lead: "Guides, programmes, events, services and tools: type a few words, such as visa, scholarship or IELTS.",
  /** The header's button that opens the field (its words are for screen readers). */
  open: "Search the site",
  close: "Close search",
  label: "Search the site",
  placeholder: "Visa, scholarship, IELTS…",
  submit: "Search",
  /** How many results: the first with one, the second with any other number. */
  found: { one: "1 result for “{query}”", other: "{count} results for “{query}”" },
  none: "Nothing matches “{query}”. Try other or fewer words, or find your way through the menu.",
  tooShort: "Type at least two letters.",
  /** A copy of the site with no server behind it, read without JavaScript. */
  needsScript:
    "On this copy of the site, search runs in your browser: turn JavaScript on to search, or find your way through the menu.",
  failed: "Search could not load. Check your connection, then try again.",
  /** What each result is. */
  kinds: {
    guide: "Guide",
    programme: "Programme",
    event: "Event",
    service: "Service",
    page: "Page",
    tool: "Tool",
  },
  past: "Past event",
  /** The suggestions under the header's field, and their last line. */
  suggestions: "Search suggestions",
  all: "All results for “{query}”",
});
