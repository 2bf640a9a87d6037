/** The words of the frame every page shares: header, footer, quick-contact buttons, 404 page. */
export const ui = {
  skipLink: "Skip to main content",
  header: {
    menu: "Menu",
    closeMenu: "Close menu",
    mainNav: "Main",
    /** The language switcher's name for screen readers. */
    languages: "Languages",
  },
  footer: {
    quickLinks: "Quick Links",
    destinations: "Study Destinations",
    programmes: "Programmes",
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
    chatLabel: "Chat on WhatsApp",
    callLabel: "Call {number}",
    mailLabel: "E-mail {address}",
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
    home: "Go to the home page",
    contact: "Contact an adviser",
  },
};
