import type { Guide } from "./types";
import { site } from "./site";

const intake = site.promotedIntake;

/** Guide pages under /guides/<slug> (home #blog), in display order. */
export const guides: Guide[] = [
  {
    slug: "january-2026-intake",
    title: `Applying for the ${intake} intake: a timeline`,
    summary: `What to do and when if you want to start a UK course in ${intake}, from shortlisting to your visa and arrival.`,
    image: { src: "/images/guides/january-2026-intake.svg", alt: "", width: 400, height: 240 },
    minutes: 6,
    published: "2026-11-22",
    updated: "2026-11-22",
    sections: [
      {
        id: "why-january",
        title: "Why start in January?",
        paragraphs: [
          "A January start suits students who missed the September deadlines, are waiting for results or need a few more months to save or improve their English. Many UK universities now run January intakes for foundation, undergraduate and especially postgraduate courses.",
          "The choice of courses is narrower than in September, and some programmes finish their first year in the summer, so check the course structure and your expected graduation date before you commit.",
        ],
      },
      {
        id: "key-deadlines",
        title: "Key deadlines",
        paragraphs: [
          "Most universities close international applications for January in late October or early November, and popular courses can close earlier once they are full. Treat early November as your latest safe date to submit, and aim for October.",
          "After you hold an unconditional offer you will usually need to pay a deposit and send any remaining documents before the university issues your Confirmation of Acceptance for Studies (CAS). Universities set their own CAS deadlines, often in November or early December.",
        ],
      },
      {
        id: "documents-to-prepare",
        title: "Documents to prepare now",
        paragraphs: [
          "Gather your transcripts and certificates (with certified translations if they are not in English), your passport, an English language test result such as IELTS Academic, a personal statement and one or two references. Postgraduate applicants may also need a CV.",
          "If your English test is not booked yet, book it straight away: results can take up to two weeks, and some universities need them before they will make an offer.",
        ],
      },
      {
        id: "visa-and-travel",
        title: "Visa and travel",
        paragraphs: [
          "Once you have your CAS you can apply for your Student visa. From outside the UK you can apply up to six months before your course starts, and the standard processing time is a few weeks, so December can be busy. Check the current processing times on GOV.UK.",
          "Book flights only after your visa is approved, and arrange accommodation early: January arrivals have fewer room choices than September students.",
        ],
      },
      {
        id: "how-we-help",
        title: "How we can help",
        paragraphs: [
          `${site.name} advisers can check which of your shortlisted courses still have January places, review your documents and track your application until your CAS arrives. Send us your details and we will reply ${site.replyTime}.`,
        ],
      },
    ],
  },
  {
    slug: "scholarships-for-international-students",
    title: "Scholarships for international students in the UK",
    summary:
      "Where to find UK scholarships and tuition discounts as an international student, how to check eligibility, and how to make a strong application.",
    image: {
      src: "/images/guides/scholarships-for-international-students.svg",
      alt: "",
      width: 400,
      height: 240,
    },
    minutes: 7,
    published: "2026-11-22",
    updated: "2026-11-22",
    sections: [
      {
        id: "types-of-funding",
        title: "Types of funding",
        paragraphs: [
          "Funding for international students comes in three broad forms: university scholarships and discounts, government-funded schemes, and awards from charities, employers or your own government. Most cover part of your tuition fee rather than the full cost, so plan to combine sources.",
          "Many universities also offer automatic reductions, for example for paying your fees early, for alumni, or for students from particular countries. These do not need a separate application, but they are easy to miss.",
        ],
      },
      {
        id: "university-scholarships",
        title: "University scholarships",
        paragraphs: [
          "Most UK universities publish a list of international scholarships on their funding pages. Some are awarded automatically based on your grades; others ask for a short essay explaining your goals and how you would contribute.",
          "Deadlines are often earlier than the course application deadline, and some scholarships are only open to students who already hold an offer. Apply for your course early so you can be considered.",
        ],
      },
      {
        id: "government-schemes",
        title: "Government and external schemes",
        paragraphs: [
          "The UK government's Chevening Scholarships fund one-year master's degrees for future leaders, and Commonwealth Scholarships support students from eligible Commonwealth countries. Both are competitive and usually close many months before the course starts.",
          "Check too whether your own government, a professional body or a foundation in your home country funds study abroad. Eligibility and closing dates change every year, so always confirm the details on the scheme's official website.",
        ],
      },
      {
        id: "writing-a-strong-application",
        title: "Writing a strong application",
        paragraphs: [
          "Answer the question the panel asks, not the one you wish it had asked. Give concrete examples of what you have done, explain why this course at this university, and say what you plan to do afterwards.",
          "Ask someone you trust to read your draft, keep to the word limit and submit a few days before the deadline in case the portal is busy.",
        ],
      },
      {
        id: "funding-and-your-visa",
        title: "Funding and your visa",
        paragraphs: [
          "If a scholarship pays your fees or living costs, you will normally need an official letter from the sponsor for your Student visa application. Keep it safe alongside your CAS.",
          `Our advisers can search for awards you are eligible for and give feedback on your scholarship essays, free of charge. Contact ${site.name} to get started.`,
        ],
      },
    ],
  },
  {
    slug: "uk-student-visa",
    title: "The UK Student visa, step by step",
    summary:
      "How the UK Student visa works: your CAS, English requirements, proof of funds, the application itself, and working after you graduate.",
    image: { src: "/images/guides/uk-student-visa.svg", alt: "", width: 400, height: 240 },
    minutes: 8,
    published: "2026-11-22",
    updated: "2026-11-22",
    sections: [
      {
        id: "who-needs-a-visa",
        title: "Who needs a Student visa",
        paragraphs: [
          "If you are not a British or Irish citizen and do not already have settled status or another suitable immigration status, you will normally need a Student visa to study a course in the UK that lasts longer than six months.",
          "Shorter courses may be possible as a visitor, but the rules differ. Check which route applies to you on GOV.UK before you book anything.",
        ],
      },
      {
        id: "your-cas",
        title: "Your CAS",
        paragraphs: [
          "Your university issues a Confirmation of Acceptance for Studies (CAS) once you have accepted an unconditional offer and met its conditions, which often include paying a deposit. The CAS is a reference number with your course details, and you need it to apply.",
          "Check every detail on your CAS, including your name, passport number and course dates. If anything is wrong, ask the university to correct it before you apply.",
        ],
      },
      {
        id: "english-and-money",
        title: "English language and maintenance funds",
        paragraphs: [
          "You must show English at the level your course requires, usually through a Secure English Language Test such as IELTS for UKVI, or an assessment made by your university for degree-level study. Your university will tell you which it accepts.",
          "You must also show that you can pay your outstanding tuition fees and living costs, known as maintenance funds. The money normally has to be held for a set period before you apply, and the monthly amount is higher for study in London. Check the current figures and rules on GOV.UK, as they change.",
        ],
      },
      {
        id: "making-the-application",
        title: "Making the application",
        paragraphs: [
          "You apply online, pay the visa fee and the Immigration Health Surcharge, and then prove your identity, either with an app or at a visa application centre. Students from some countries also need a tuberculosis test certificate, and some science and engineering courses require ATAS clearance.",
          "Fees, processing times and document lists are set by the Home Office and change from time to time: check the current figures on GOV.UK when you apply. Your visa is issued as an eVisa, which you access through a UK Visas and Immigration account.",
        ],
      },
      {
        id: "after-you-graduate",
        title: "Working during and after your studies",
        paragraphs: [
          "Student visa holders can usually work part-time during term and full-time in official vacations, within limits set by their course level. Your CAS and visa confirm what applies to you.",
          "When you complete a UK degree you may be able to apply for the Graduate Route, which lets you stay and work without a sponsor for a limited period. The government has announced changes to its length, so check the current rules on GOV.UK as you approach graduation.",
        ],
      },
    ],
  },
];
