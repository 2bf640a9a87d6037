import type { StudyRoute } from "./types";

/**
 * The routes into UK study that both tools speak of. Tuition ranges are the agency's own
 * estimates (see estimateSource in content/costOfStudy.yaml for their date); the CAS states the
 * real fee.
 */
export const studyRoutes: StudyRoute[] = [
  {
    id: "foundation",
    name: "Foundation year",
    summary:
      "A one-year programme that takes you from school qualifications to the first year of a UK bachelor's degree.",
    entry: [
      "A secondary school or high school diploma, usually with good grades in subjects related to your degree",
      "IELTS Academic 4.5 to 5.5 overall, depending on the university",
      "Aged 17 or over when the course starts",
    ],
    intakes: ["September", "January"],
    months: 9,
    programme: { label: "Foundation programmes", href: "/foundation-programmes" },
    interest: "Foundation Courses",
    tuition: { min: 15000, max: 26000 },
    tuitionPer: "course",
  },
  {
    id: "bachelors",
    name: "Bachelor's degree",
    summary:
      "A three-year degree (four in Scotland or with a placement year) that you can enter directly with A levels, the IB or an equivalent.",
    entry: [
      "A levels, the International Baccalaureate or an equivalent such as a recognised foundation year",
      "IELTS Academic 6.0 overall for most courses (6.5 or 7.0 for law, health and education)",
      "A personal statement and a reference, sent through UCAS",
    ],
    intakes: ["September", "January"],
    months: 36,
    programme: { label: "Undergraduate programmes", href: "/undergraduate-programmes" },
    interest: "Undergraduate Degrees",
    tuition: { min: 17000, max: 32000 },
    tuitionPer: "year",
  },
  {
    id: "pre-masters",
    name: "Pre-masters",
    summary:
      "One or two terms of academic English and subject study that lead on to a named master's degree.",
    entry: [
      "A bachelor's degree (or a three-year diploma) in any subject",
      "IELTS Academic 5.0 to 5.5 overall, with no part below 4.5 or 5.0",
      "A master's place to progress to, which we help you choose",
    ],
    intakes: ["September", "January", "May"],
    months: 6,
    programme: { label: "Postgraduate programmes", href: "/postgraduate-programmes" },
    interest: "Pre-Masters",
    tuition: { min: 9000, max: 20000 },
    tuitionPer: "course",
  },
  {
    id: "taught-masters",
    name: "Taught master's",
    summary:
      "A twelve-month MSc, MA, MBA or LLM of taught modules and a dissertation, the most common UK postgraduate degree.",
    entry: [
      "A bachelor's degree, usually a 2:2 or above (a 2:1 for the most selective courses)",
      "IELTS Academic 6.5 overall, with no part below 6.0 for most courses",
      "A personal statement, a CV and one or two references",
    ],
    intakes: ["September", "January"],
    months: 12,
    programme: { label: "Postgraduate programmes", href: "/postgraduate-programmes" },
    interest: "Taught Masters",
    tuition: { min: 18000, max: 38000 },
    tuitionPer: "year",
  },
  {
    id: "mres",
    name: "Master's by research (MRes)",
    summary:
      "A one-year master's built around an extended research project: the usual step between a bachelor's degree and a PhD.",
    entry: [
      "A bachelor's degree in a related subject, usually a 2:1 or above",
      "IELTS Academic 6.5 overall, with no part below 6.0",
      "A short research proposal or statement of research interests",
    ],
    intakes: ["September", "January"],
    months: 12,
    programme: { label: "Postgraduate programmes", href: "/postgraduate-programmes" },
    interest: "Masters in Research",
    tuition: { min: 18000, max: 30000 },
    tuitionPer: "year",
  },
  {
    id: "phd",
    name: "PhD",
    summary:
      "Three to four years of original research with a supervisor, funded by you, your government or a studentship.",
    entry: [
      "A master's degree in a related subject (some universities accept an excellent bachelor's)",
      "IELTS Academic 6.5 to 7.0 overall",
      "A research proposal and a supervisor who agrees to take you on",
    ],
    intakes: ["September", "January", "May"],
    months: 36,
    programme: { label: "Postgraduate programmes", href: "/postgraduate-programmes" },
    interest: "PhD Degrees",
    tuition: { min: 19000, max: 30000 },
    tuitionPer: "year",
  },
  {
    id: "short-course",
    name: "Short course",
    summary:
      "A course of a few days to a few months for working professionals, often with CPD credits.",
    entry: [
      "No formal qualification for most courses; some ask for work experience",
      "English good enough to follow the course: IELTS 5.5 or an interview for most",
    ],
    intakes: ["September", "January", "May"],
    months: 3,
    programme: { label: "Short programmes", href: "/short-programmes" },
    interest: "Executive Education",
    tuition: { min: 1500, max: 6000 },
    tuitionPer: "course",
    planNote:
      "Whether a short course needs a Student visa depends on the course and its length: an adviser will tell you. This plan counts the Student visa costs in case it does.",
  },
];
