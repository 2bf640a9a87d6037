import type { Testimonial } from "./types";

/** Student success stories (home #testimonials), in carousel order. */
export const testimonials: Testimonial[] = [
  {
    id: "amara-okafor",
    name: "Amara Okafor",
    program: "MSc Data Science, University of Birmingham",
    quote:
      "My degree was in economics, so I was not sure I could get onto a data science master's. My adviser pointed me to courses that accept quantitative graduates, helped me rewrite my personal statement around my statistics projects, and checked my bank statements line by line before I applied for my visa. I got my offer in three weeks.",
    image: {
      src: "/images/people/amara-okafor.svg",
      width: 160,
      height: 160,
      alt: "Portrait of Amara Okafor",
    },
  },
  {
    id: "daniel-reyes",
    name: "Daniel Reyes",
    program: "PhD Clinical Psychology, University of Aberdeen",
    quote:
      "Applying for a PhD from overseas felt impossible until my adviser showed me how to approach potential supervisors and what a UK research proposal should look like. She read three drafts of my proposal and helped me prepare for my interview over video call. I now work in a research group I had only read about before.",
    image: {
      src: "/images/people/daniel-reyes.svg",
      width: 160,
      height: 160,
      alt: "Portrait of Daniel Reyes",
    },
  },
  {
    id: "mei-lin-tan",
    name: "Mei Lin Tan",
    program: "Pre-Masters Finance, Aston University",
    quote:
      "My IELTS score was half a band short for direct entry, so my adviser suggested a pre-masters that leads straight onto the MSc Finance. They also found me a room in halls close to campus and sent me a checklist for my first week. Everything was ready when I landed.",
  },
];
