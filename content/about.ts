import type { TextSection } from "./types";
import { site } from "./site";

const rating = `${site.rating.score}/${site.rating.outOf}`;

/** Content of the /about page. */
export interface AboutContent {
  title: string;
  intro: string;
  sections: TextSection[];
  servicesTitle: string;
  services: string[];
  form: { title: string; description: string; book: { lead: string; label: string; href: string } };
}

export const about: AboutContent = {
  title: `About ${site.name}`,
  intro: `Since ${site.established}, ${site.name} has helped international students choose, apply for and settle into universities in the UK and beyond, with honest advice that costs them nothing.`,
  sections: [
    {
      id: "who-we-are",
      title: "Who We Are",
      paragraphs: [
        `${site.name} is an independent education advisory team based in East London. We were founded in ${site.established} by former university admissions staff and international graduates who had been through the process themselves and knew how much difference good advice makes.`,
        "Between us we speak several languages and have studied in half a dozen countries. That mix helps us understand the questions students and their families ask, whether they are about grading systems, funding or what a British winter is really like.",
      ],
    },
    {
      id: "our-vision",
      title: "Our Vision",
      paragraphs: [
        "We want every capable student to be able to study abroad with clear, accurate information, regardless of where they live or whether their family has done it before.",
        "That means explaining entry requirements, costs and visa rules in plain language, and helping students choose a course for what it will teach them and where it will lead, not just for its name.",
      ],
    },
    {
      id: "student-centred-approach",
      title: "Student-Centred Approach",
      paragraphs: [
        "Every student is matched with one named adviser who follows their application from the first conversation to arrival day. You will not have to explain your situation twice.",
        `We start with your grades, budget and goals and only then look at courses. If a university is not a good fit, we will say so and suggest alternatives. Write to us and we will reply ${site.replyTime}.`,
      ],
    },
    {
      id: "proven-success-stories",
      title: "Proven Success Stories",
      paragraphs: [
        `In the past year we helped more than ${site.rating.students} students secure university places, from foundation years to PhDs, and they rate our support ${rating}.`,
        "Recent students have gone on to study data science at Birmingham, clinical psychology at Aberdeen and, after a pre-masters, finance at Aston. Many come back to tell new students about their first year, which is the best reference we could ask for.",
      ],
    },
    {
      id: "our-commitment",
      title: "Our Commitment",
      paragraphs: [
        "Our advice is free to students. We will never ask you to pay us to submit an application, and we will always be open about which universities we work with directly.",
        "We keep your documents and personal details confidential, we check our guidance against official sources such as GOV.UK and UCAS, and we stay in touch after you arrive in case anything goes wrong.",
      ],
    },
  ],
  servicesTitle: "How we can help",
  services: [
    "Course and university shortlisting",
    "UCAS and direct applications",
    "Scholarship and funding guidance",
    "Student visa document checks",
    "Accommodation and arrival planning",
    "Pre-departure briefings",
  ],
  form: {
    title: "Book a free consultation",
    description: `Tell us what you would like to study and when you hope to start. An adviser will reply ${site.replyTime} to arrange a call, a video meeting or a visit to our office.`,
    /** For a student who would rather pick a time now. */
    book: {
      lead: "Rather pick a time yourself?",
      label: "Book a consultation online",
      href: "/book",
    },
  },
};
