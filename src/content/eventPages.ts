import { localized } from "../i18n/scope";
/**
 * The words of the events pages (/events, its filters and archive, each event's page, the home
 * page's teaser) and of their registration form. The events themselves are in content/events.yaml.
 */
export const eventCopy = localized({
  /** The list's title, its description and the line under it. */
  title: "Events and webinars",
  description:
    "Free webinars, workshops, open days and university visits with Eastgate advisers: online or at our London office. Register with your e-mail address.",
  lead: "Free webinars, workshops and open days with our advisers, online or at our London office. Register with your e-mail address; online events' links come by e-mail.",
  eyebrow: "Events",
  /** A filter page's title: "Webinars", "Events held in Arabic". */
  heldInTitle: "Events held in {language}",
  pastTitle: "Past events",
  pastDescription: "Events and webinars Eastgate Education has held, newest first.",
  pastLead: "The events we have held, newest first. Each page stays, with what it was about.",
  /** The kinds of event, one and many (filters, titles). */
  kinds: {
    webinar: { one: "Webinar", many: "Webinars" },
    "open-day": { one: "Open day", many: "Open days" },
    "university-visit": { one: "University visit", many: "University visits" },
    workshop: { one: "Workshop", many: "Workshops" },
  },
  /** The languages an event can be held in, as a reader of this page names them. */
  languages: { en: "English", ar: "Arabic", zh: "Chinese" },
  filters: {
    /** The filters' accessible name. */
    label: "Filter events",
    kind: "Kind",
    allKinds: "All kinds",
    language: "Held in",
    anyLanguage: "Any language",
  },
  /** "Held in Arabic": on the card and the page, in every language. */
  heldIn: "Held in {language}",
  /** On an event page whose language is not the page's. */
  heldInNote: "This event is held in {language}.",
  online: "Online",
  atOffice: "At our London office",
  /** "100 places": the static capacity, before the live count. */
  places: "{count} places",
  /** An event of one place. */
  onePlace: "1 place",
  placesLeft: "{count} places left",
  onePlaceLeft: "1 place left",
  full: "Full: join the waiting list",
  closed: "Registration closed",
  cancelledShort: "Cancelled",
  pastShort: "Taken place",
  /** A visitor's own zone, under the London time: "Your time: Thursday 10 December, 00:45 (Kathmandu time)". */
  yourTime: "Your time: {when}",
  noneUpcoming:
    "No events are planned just now. New ones are added every month: ask an adviser what is coming.",
  noneMatch: "No upcoming events match this filter.",
  showAll: "Show all events",
  pastLink: "Past events",
  upcomingLink: "Upcoming events",
  nonePast: "No past events yet.",
  /** The event page's facts. */
  facts: {
    label: "About this event",
    when: "When",
    length: "Length",
    minutes: "{minutes} minutes",
    language: "Language",
    where: "Where",
    host: "Host",
    places: "Places",
  },
  onlineNote: "Online: the link to join is e-mailed to you the day before and an hour before.",
  tookPlace: "This event has taken place.",
  cancelled: "This event has been cancelled.",
  cancelledNote: "Everyone registered has been told by e-mail. See our other events:",
  closedNote: "Registration for this event has closed.",
  registerTitle: "Register",
  registerLead: "Free. We e-mail you a confirmation and, for an online event, the link to join.",
  submit: "Register",
  formNote: "We use your details only for this event and to answer you.",
  /** No events server on this copy of the site: register by e-mail. */
  byEmailTitle: "Register by e-mail",
  byEmailText:
    "Online registration is not available on this copy of our site. Send us an e-mail with your name and country and we will register you.",
  byEmailAction: "E-mail {address}",
  /** The pre-filled e-mail's subject and first line: "Registration: Personal statement workshop". */
  emailSubject: "Registration: {title}",
  emailBody: "Hello, please register me for {title} ({when}).",
  moreEvents: "More events",
  /** The home page's section. */
  teaserTitle: "Coming up",
  teaserIntro: "Free webinars and open days with our advisers: register with your e-mail address.",
  teaserLink: "All events",
});

/** What the registration form's script says (only the forms' code and the events script load it). */
export const registrationMessages = localized({
  confirmedTitle: "You're registered",
  confirmed: "We've e-mailed you the details and an invite at {email}.",
  waitingTitle: "You're on the waiting list",
  waiting:
    "The event is full; you're number {place} on the waiting list. We'll e-mail you at {email} if a place frees up.",
  waitingNoPlace:
    "The event is full; you're on the waiting list. We'll e-mail you at {email} if a place frees up.",
  /** The form's title in the e-mail or WhatsApp message sent instead, when sending failed. */
  subject: "Registration: {title}",
});
