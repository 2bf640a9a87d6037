import type { ProgrammeCategory } from "./types";
import { site } from "./site";

const entryPoints = site.intakes.join(" / ");
const intakeList = `${site.intakes.slice(0, -1).join(", ")} or ${site.intakes[site.intakes.length - 1]}`;

/** Programme category pages, in menu order. */
export const categories: ProgrammeCategory[] = [
  {
    id: "foundation",
    path: "/foundation-programmes",
    name: "Foundation Programmes",
    tagline: "A one-year bridge from school to a UK degree",
    description:
      "An international foundation year prepares you for the first year of a UK bachelor's degree when your school qualifications or English scores are not yet at direct-entry level. You study academic English, study skills and the core subjects of your chosen field, and on passing at the required grade you progress onto a linked degree. We help you choose a foundation that leads to the degree you actually want, at a university you would be happy to graduate from.",
    image: {
      src: "/images/programmes/foundation.svg",
      alt: "Illustration of a staircase of books leading up to a graduation cap",
      width: 560,
      height: 420,
    },
    meta: [
      { label: "Duration", value: "Up to 4 years including the foundation year" },
      { label: "Entry points", value: entryPoints },
      {
        label: "Typical entry",
        value: "Completed secondary school and an English test such as IELTS",
      },
      { label: "Progression", value: "Onto a linked degree on meeting the required grades" },
    ],
    highlights: [
      {
        icon: "book",
        title: "Academic English built in",
        description:
          "English for academic purposes runs alongside your subject modules, so your language improves as you learn to write essays and reports.",
      },
      {
        icon: "graduation",
        title: "A clear route to your degree",
        description:
          "Each foundation is linked to named degrees, and we check the progression grades with the university before you apply.",
      },
      {
        icon: "calendar",
        title: "Three starts a year",
        description: `Start in ${intakeList}, depending on the university, so you do not have to wait a whole year.`,
      },
      {
        icon: "users",
        title: "Small classes and close support",
        description:
          "Foundation groups are usually smaller than first-year lectures, with personal tutors who know your name and your goals.",
      },
    ],
    groups: [
      {
        name: "",
        programs: [
          "International Foundation Year in Business and Management",
          "International Foundation Year in Economics and Finance",
          "International Foundation Year in Computer Science",
          "International Foundation Year in Engineering",
          "International Foundation Year in Life Sciences",
          "International Foundation Year in Health Sciences",
          "International Foundation Year in Law",
          "International Foundation Year in Social Sciences and Humanities",
          "International Foundation Year in Art, Design and Media",
        ],
      },
    ],
  },
  {
    id: "undergraduate",
    path: "/undergraduate-programmes",
    name: "Undergraduate Degrees",
    tagline: "Bachelor's degrees with real-world experience built in",
    description:
      "A UK bachelor's degree usually takes three years, and many courses add an optional placement year in industry. We help you compare courses module by module, meet the entry requirements, write a personal statement that sounds like you and apply through UCAS or directly to the university, then stay with you through your offer, visa and arrival.",
    image: {
      src: "/images/programmes/undergraduate.svg",
      alt: "Illustration of an open laptop and notebook on a desk in front of a university building",
      width: 560,
      height: 420,
    },
    meta: [
      { label: "Awards", value: "BSc (Hons) or LLB (Hons)" },
      { label: "Study mode", value: "Full-time with placement options" },
      { label: "Duration", value: "3 years, or 4 with a placement year" },
      { label: "Entry points", value: "September, with January starts on selected courses" },
    ],
    highlights: [
      {
        icon: "briefcase",
        title: "Placement years",
        description:
          "Many courses offer a paid year in industry between the second and final years, a strong start for your CV.",
      },
      {
        icon: "chat",
        title: "Personal statement coaching",
        description:
          "An adviser reads your drafts and helps you show why you want the subject, with examples only you can give.",
      },
      {
        icon: "scholarship",
        title: "Scholarships for international students",
        description:
          "We check the automatic and merit-based awards each university offers and tell you which ones you can apply for.",
      },
      {
        icon: "globe",
        title: "Work after you graduate",
        description:
          "Graduates of UK degrees can apply for the Graduate Route to stay and work after their studies, subject to current rules.",
      },
    ],
    groups: [
      {
        name: "",
        programs: [
          "BSc (Hons) Business Management",
          "BSc (Hons) Accounting and Finance",
          "BSc (Hons) Economics",
          "BSc (Hons) Marketing",
          "BSc (Hons) Computer Science",
          "BSc (Hons) Cyber Security",
          "BSc (Hons) Data Science and Artificial Intelligence",
          "BSc (Hons) Psychology",
          "BSc (Hons) Biomedical Science",
          "BSc (Hons) Public Health",
          "LLB (Hons) Law",
        ],
      },
    ],
  },
  {
    id: "postgraduate",
    path: "/postgraduate-programmes",
    name: "Postgraduate Degrees",
    tagline: "One focused year to move your career forward",
    description:
      "Most UK taught master's degrees last twelve months, so you return to work, or start it, sooner. Alongside the degrees listed here we advise on pre-masters programmes, research master's and PhD applications, including approaching supervisors and writing a research proposal.",
    image: {
      src: "/images/programmes/postgraduate.svg",
      alt: "Illustration of a graduation cap on a stack of bound research papers beside a rising bar chart",
      width: 560,
      height: 420,
    },
    meta: [
      { label: "Duration", value: "12 months, intensive" },
      { label: "Study mode", value: "Full-time and executive pathways" },
      { label: "Awards", value: "MBA, MSc or LLM" },
      { label: "Entry points", value: "September and January, with May starts on some courses" },
    ],
    highlights: [
      {
        icon: "clock",
        title: "A master's in one year",
        description:
          "Twelve months of teaching and a dissertation mean lower total fees and living costs than a longer programme.",
      },
      {
        icon: "search",
        title: "Pre-masters if you need it",
        description:
          "If your degree or English score is not quite at the required level, a pre-masters can lead straight onto your MSc.",
      },
      {
        icon: "book",
        title: "Research degrees too",
        description:
          "We help PhD and MRes applicants find research groups, contact supervisors and shape a convincing proposal.",
      },
      {
        icon: "briefcase",
        title: "Executive pathways",
        description:
          "Experienced professionals can choose executive MBA formats designed around work, with block teaching.",
      },
    ],
    groups: [
      {
        name: "",
        programs: [
          "MBA Master of Business Administration",
          "MSc Data Science",
          "MSc Finance and Investment",
          "MSc International Business Management",
          "MSc Computer Science",
          "MSc Public Health",
          "LLM International Commercial Law",
        ],
      },
    ],
  },
  {
    id: "shortCourses",
    path: "/short-programmes",
    name: "Short Courses and Executive Education",
    tagline: "Practical skills for working professionals",
    description:
      "Short courses let you gain a recognised certificate without stepping away from your job. Taught by university staff and industry practitioners, they run from a few days to a few weeks in the evening, at weekends or online. We help you choose a course that matches your goals and check how its CPD credits are recognised in your profession.",
    image: {
      src: "/images/programmes/shortCourses.svg",
      alt: "Illustration of a certificate with a rosette beside a clock and a laptop",
      width: 560,
      height: 420,
    },
    meta: [
      { label: "Format", value: "Evening, weekend or online" },
      { label: "Enrolment", value: "Rolling" },
      { label: "Award", value: "Certificates and CPD credits" },
      { label: "Length", value: "From two days to twelve weeks" },
    ],
    highlights: [
      {
        icon: "calendar",
        title: "Study around your job",
        description: "Evening, weekend and online formats mean you keep working while you learn.",
      },
      {
        icon: "check",
        title: "Recognised certificates",
        description:
          "Courses award a university or professional certificate and CPD credits you can record with your employer.",
      },
      {
        icon: "users",
        title: "Learn with peers",
        description:
          "Small cohorts of professionals from different sectors, with time set aside for discussion and case studies.",
      },
      {
        icon: "star",
        title: "A step towards a degree",
        description:
          "Some short courses can count towards a later postgraduate certificate or master's degree.",
      },
    ],
    groups: [
      {
        name: "Business and Leadership",
        programs: [
          "Leadership and Management Essentials",
          "Project Management Fundamentals",
          "Strategic Marketing for Managers",
          "Entrepreneurship and Small Business Growth",
        ],
      },
      {
        name: "Digital and Technology",
        programs: [
          "Data Analytics with Python",
          "Digital Marketing and Social Media",
          "Cyber Security for Managers",
          "Cloud Computing Foundations",
        ],
      },
      {
        name: "Health and Social Care",
        programs: [
          "Health and Social Care Management",
          "Mental Health Awareness in the Workplace",
          "Safeguarding Adults and Children",
          "Quality Improvement in Healthcare",
        ],
      },
      {
        name: "Finance and Accounting",
        programs: [
          "Finance for Non-Financial Managers",
          "Bookkeeping and Payroll Essentials",
          "Introduction to Financial Technology",
          "Budgeting and Forecasting",
        ],
      },
      {
        name: "Hospitality and Tourism",
        programs: [
          "Hospitality Operations Management",
          "Events Planning and Management",
          "Sustainable Tourism Management",
        ],
      },
    ],
  },
];
