import type { Question, RouteRule } from "./types";

/** The route finder's questions, in the order asked; ids and values appear in shared URLs. */
export const routeQuestions: Question[] = [
  {
    id: "goal",
    legend: "What do you want to study towards?",
    short: "Aim",
    choices: [
      { value: "bachelors", label: "A bachelor's degree" },
      { value: "masters", label: "A master's degree" },
      { value: "research", label: "Research: an MRes or a PhD" },
      { value: "short-course", label: "A short course for my career" },
    ],
  },
  {
    id: "qualification",
    legend: "Your highest qualification so far",
    short: "Highest qualification",
    hint: "Choose the one you have now or will have before you start.",
    choices: [
      { value: "secondary", label: "Secondary school or high school diploma" },
      { value: "a-levels", label: "A levels, the IB or equivalent" },
      { value: "bachelors", label: "Bachelor's degree" },
      { value: "masters", label: "Master's degree" },
    ],
  },
  {
    id: "english",
    legend: "Your English level",
    short: "English (IELTS)",
    hint: "Your IELTS Academic overall band, or its equivalent in another test.",
    choices: [
      { value: "none", label: "Not taken a test yet" },
      { value: "5.0", label: "5.0 or below" },
      { value: "5.5", label: "5.5" },
      { value: "6.0", label: "6.0" },
      { value: "6.5", label: "6.5 or above" },
    ],
  },
  {
    id: "start",
    legend: "When do you want to start?",
    short: "Start",
    choices: [
      { value: "september", label: "September" },
      { value: "january", label: "January" },
      { value: "may", label: "May" },
      { value: "unsure", label: "Not sure yet" },
    ],
  },
];

/** The decision table, read top to bottom: the first row whose answers all match decides. */
export const routeRules: RouteRule[] = [
  {
    when: { goal: ["short-course"] },
    routes: ["short-course"],
    why: "Short courses are open to working professionals whatever their qualifications: what counts is that the course fits your work.",
  },
  {
    when: { goal: ["bachelors"], qualification: ["secondary"] },
    routes: ["foundation"],
    why: "UK universities do not admit students straight from a secondary school diploma onto most degrees: a foundation year brings you to first-year level and usually guarantees a place.",
  },
  {
    when: { goal: ["bachelors"] },
    routes: ["bachelors"],
    why: "Your qualification is what UK universities ask for direct entry. If your English is below the course's level, a pre-sessional English course before the degree can close the gap.",
  },
  {
    when: { goal: ["masters"], qualification: ["secondary"] },
    routes: ["foundation"],
    why: "A master's needs a bachelor's degree first; from a secondary school diploma, the foundation year is where that journey starts.",
  },
  {
    when: { goal: ["masters"], qualification: ["a-levels"] },
    routes: ["bachelors"],
    why: "A master's needs a bachelor's degree first, and your A levels or equivalent let you start one directly.",
  },
  {
    when: { goal: ["masters"], qualification: ["bachelors", "masters"], english: ["6.5"] },
    routes: ["taught-masters"],
    why: "Your degree and an IELTS of 6.5 meet the usual entry level of a UK taught master's.",
  },
  {
    when: { goal: ["masters"], qualification: ["bachelors", "masters"], english: ["none", "6.0"] },
    routes: ["taught-masters", "pre-masters"],
    why: "Your degree is the right level. Most master's ask for IELTS 6.5: reach it and you can enter directly; if you do not, a pre-masters leads on to the degree.",
  },
  {
    when: { goal: ["masters"], qualification: ["bachelors", "masters"], english: ["5.0", "5.5"] },
    routes: ["pre-masters"],
    why: "Your degree is the right level, and a pre-masters accepts your English score while bringing it up to master's level.",
  },
  {
    when: { goal: ["research"], qualification: ["secondary"] },
    routes: ["foundation"],
    why: "Research degrees come after a bachelor's degree; from a secondary school diploma, the foundation year is the first step.",
  },
  {
    when: { goal: ["research"], qualification: ["a-levels"] },
    routes: ["bachelors"],
    why: "Research degrees come after a bachelor's degree, and your A levels or equivalent let you start one directly.",
  },
  {
    when: { goal: ["research"], qualification: ["masters"] },
    routes: ["phd"],
    why: "A master's degree is the usual entry level for a PhD; your English needs to reach the university's level (often IELTS 6.5 to 7.0) before you start.",
  },
  {
    when: { goal: ["research"], qualification: ["bachelors"], english: ["none", "6.0", "6.5"] },
    routes: ["mres"],
    why: "With a bachelor's degree, an MRes is the usual way into research and towards a PhD; most ask for IELTS 6.5.",
  },
  {
    when: { goal: ["research"], qualification: ["bachelors"], english: ["5.0", "5.5"] },
    routes: ["pre-masters", "mres"],
    why: "An MRes needs IELTS 6.5 or so: a pre-masters can bring your English up to that level and lead on to the MRes.",
  },
];

/** Words of the route finder page and tool. */
export const routeFinderCopy = {
  title: "Find your route into a UK university",
  /** The page's meta description. */
  description:
    "Four questions on your qualification, English level, goal and start date: see which route into a UK university fits you, what it asks for and when it starts.",
  eyebrow: "Route finder",
  lead: "Answer four questions and see which route fits you, why, what it asks for and when it starts. Share or bookmark the page: the link keeps your answers.",
  toolTitle: "Your answers",
  resultTitle: "Your route",
  pending: "Answer the questions to see the route that fits you.",
  /** Read out when the answer changes; {routes} is filled in. */
  summary: "Suggested for you: {routes}.",
  routesJoiner: " or ",
  noScript:
    "Your browser is not running JavaScript, so your route will not appear here: the decision table and the routes below give every answer.",
  suggestion: "Suggested",
  alternative: "Or",
  entryTitle: "Typical entry requirements",
  intakeTitle: "Next intake",
  intakeAny: "Intakes in",
  /** The intake months as a reader reads them (routes name them by their English key). */
  intakeMonths: { September: "September", January: "January", May: "May" },
  intakeNote:
    "Intakes vary by university and course: an adviser confirms the dates for the ones you choose.",
  programmeLink: "See the programmes",
  enquiryLink: "Ask an adviser about this route",
  costLink: "Plan what it will cost",
  bookLink: "Book a free consultation",
  tableTitle: "Every answer at a glance",
  tableIntro:
    "The route finder reads this table from the top: the first row that matches your answers decides. The start you choose changes only the intake.",
  routeColumn: "Route",
  anyAnswer: "Any",
  routesTitle: "The routes",
  routesIntro:
    "What each route is, what it usually asks for and when it starts. Entry requirements vary by university: these are typical.",
  /** The message started on the enquiry form from a route card below the table. */
  routeMessage:
    "Hello, I read about the {route} route on your website. Could an adviser tell me whether it suits me, and what the next steps are?",
  /** The enquiry message started from the student's answers; {answers} and {routes} are filled in. */
  enquiryMessage:
    "Hello, I used the route finder on your website. My answers: {answers}. It suggested: {routes}. Could an adviser help me with the next steps?",
};
