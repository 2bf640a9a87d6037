import { join } from "node:path";
import { navigationFileSchema } from "./schema/navigation";
import { loadYaml } from "./yamlFile";
import { localized } from "../i18n/scope";

/** The footer columns' headings: staff edit them with the menus (content/navigation.yaml). */
const { footerTitles } = loadYaml(
  join(import.meta.dirname, "../../content/navigation.yaml"),
  navigationFileSchema,
);

/** The words of the frame every page shares: header, footer, quick-contact buttons, 404 page. */
export const ui = localized({
  skipLink: "Skip to main content",
  /** A page's social card, described for those who cannot see it: "Eastgate Education: About us, beside ...". */
  socialCardAlt: "{name}, beside one of our illustrations",
  header: {
    menu: "Menu",
    closeMenu: "Close menu",
    mainNav: "Main",
    /** The language switcher's name for screen readers. */
    languages: "Languages",
  },
  footer: {
    quickLinks: footerTitles.quickLinks,
    destinations: footerTitles.destinations,
    programmes: footerTitles.programmes,
    officeHours: "Office hours",
    followUs: "Follow us",
    /** "Eastgate Education on Instagram". */
    socialLink: "{name} on {network}",
    ukPhone: "UK phone",
    mobile: "Mobile",
    information: "Information",
    admissions: "Admissions",
    /** "© 2020–2026 Eastgate Education. ..." */
    copyright: "© {from}–2026 {name}. Free advice for students; established {from}.",
  },
  quickContact: {
    name: "Quick contact",
    /** The one corner button that opens the three ways to reach us. */
    toggle: "Contact us",
    chatLabel: "Chat on WhatsApp",
    callLabel: "Call {number}",
    mailLabel: "E-mail {address}",
  },
  /** Parts used on several pages. */
  common: {
    askAdviser: "Ask an adviser",
    opensInNewTab: " (opens in a new tab)",
  },
  forms: {
    required: " (required)",
    optional: " (optional)",
    errorPrefix: "Error: ",
    honeypot: "Leave this field empty",
    sendEnquiry: "Send enquiry",
    requestConsultation: "Request consultation",
    noteServer: "An adviser replies {replyTime}. We use your details only to answer you.",
    noteNoServer: "Sending opens your e-mail app with your enquiry ready to send to {address}.",
  },
  home: {
    ticker: "Admissions news",
    hero: "Featured",
    pauseSlides: "Pause slide rotation",
    startSlides: "Start slide rotation",
    /** What a screen reader calls a carousel and each of its slides. */
    carousel: "carousel",
    slide: "slide",
    /** A slide's place: "1 of 4". */
    slidePosition: "{number} of {count}",
    chooseSlide: "Choose a slide",
    /** A slide's dot: "Slide 1: Apply now for January 2026". */
    slideLabel: "Slide {number}: {title}",
    partners: "Partner universities",
    stories: "Student success stories",
    spotlight: "Spotlight",
    previousStory: "Previous story",
    nextStory: "Next story",
    chooseStory: "Choose a story",
    /** A story's dot: "Story 1: Amara Okafor". */
    storyLabel: "Story {number}: {name}",
    courseSearchPlaceholder: "Try “business”, “research” or “foundation”",
  },
  search: {
    /** The home page's course search, and a programme page's, when nothing matches. */
    homeEmpty: "No programmes match your search. Please try different keywords.",
    programmesEmpty: "No programmes match your search at the moment.",
    courses: "Search courses",
    /** A programme page's search: "Search foundation programmes". */
    programmes: "Search {category}",
    /** The list of suggestions under a search field: "Search courses: suggestions". */
    suggestions: "{label}: suggestions",
    clear: "Clear search",
    programmePlaceholder: "Type a subject, e.g. “business”",
  },
  map: {
    openInMaps: "Open in Maps",
    showHere: "Show the map here",
    note: "Loading the map connects to Google Maps.",
    ourOffice: "Our office:",
    frameTitle: "Map of our office",
  },
  programmePage: {
    askAbout: "Ask an adviser about these programmes",
    highlightsEyebrow: "Programme highlights",
    highlightsTitle: "Why choose this route",
    searchHint: "Search the list, or ask an adviser which of these suits your grades and plans.",
  },
  guidePage: {
    /** "Guide · 6 min read · updated 23 November 2026" */
    eyebrow: "Guide · {readingTime} · updated {date}",
    contents: "In this guide",
    ctaText: "Questions about your own plans? An adviser will look at your situation for free.",
    moreGuides: "More guides",
  },
  aboutPage: { coursesTitle: "Explore courses" },
  aboutTeaser: {
    rating: "average rating from students",
    admitted: "students admitted in the past year",
    opened: "the year we opened our doors",
  },
  worldMapAlt: "World map with pins on {places} and {last}",
  programmeCount: "{count} programmes to choose from",
  servicesPage: { chips: "What we help with", cardsTitle: "How we help" },
  contactPage: {
    formTitle: "Talk to an adviser",
    lead: "Call, WhatsApp, write or visit us in East London. We reply {replyTime}.",
  },
  bookPage: {
    pickTitle: "Pick a time",
    waysTitle: "Ways to talk",
    note: "Free of charge. We use your details only for this consultation.",
    slotRhythm:
      "Consultations last {minutes} minutes and start every {every} minutes from {first}.",
    bankHolidaysFrom: "Bank holidays from",
    checkedOn: "checked {date}.",
  },
  /** The small line above each page's main heading. */
  eyebrows: {
    programmes: "Programmes",
    about: "About us",
    services: "Free for students",
    book: "Free consultation",
    contact: "Contact",
  },
  /** Pages' titles and descriptions not written beside their content. */
  pages: {
    homeTitle: "{name}: study in the UK and worldwide",
    servicesTitle: "Student services",
    servicesDescription:
      "Free admissions, UCAS, scholarship, visa, accommodation and welfare support from {name}.",
    aboutTitle: "About us",
    aboutDescription:
      "Who we are, how we work and why {students}+ students chose {name} last year.",
    contactTitle: "Contact an adviser",
    contactDescription: "Visit, call, WhatsApp or write to {name}. We reply {replyTime}.",
    notFoundDescription: "The page you were looking for is not here.",
  },
  notFound: {
    eyebrow: "Error 404",
    title: "Page not found",
    text: "The page you asked for isn’t here. It may have moved, or the link may be mistyped.",
    homeLink: "Go to the home page",
    contact: "Contact an adviser",
  },
});

/** What the forms' script says in the browser (a separate export: only the forms' code loads it). */
export const formMessages = localized({
  /** Read by screen readers before a field's message (the same words as ui.forms.errorPrefix). */
  errorPrefix: "Error: ",
  sending: "Sending...",
  keptDraft: "We kept what you typed earlier.",
  clearForm: "Clear the form",
  notSentToast: "Your enquiry was not sent. Everything you typed is still in the form.",
  mailAppOpening:
    "Your e-mail app should open with your enquiry ready to send to {address}. If it does not, write to us at that address.",
  keptAfterFailure:
    "Everything you typed is still in the form. Try again, or send it to us another way:",
  tryAgain: "Try again",
  sendOnWhatsapp: "Send on WhatsApp",
  sendByMail: "Send by e-mail",
  opensInNewTab: " (opens in a new tab)",
  offline: "You seem to be offline, so your enquiry was not sent.",
  network:
    "We could not reach our server, so your enquiry was not sent. Your connection may have dropped.",
  timeout: "Our server took too long to answer, so your enquiry may not have arrived.",
  server: "Our server had a problem and could not take your enquiry (error {status}).",
  tooLong:
    "Our server turned your enquiry down because it is too long (error 413). Please shorten your message.",
  rejected: "Our server turned your enquiry down (error {status}).",
});
