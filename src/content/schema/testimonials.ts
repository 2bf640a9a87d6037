/** The shape of `content/testimonials.yaml`: students' stories on the home page, in carousel order. */
import { z } from "zod";
import { imageSchema, slug, text } from "./common";

export const testimonialSchema = z
  .object({
    id: slug.meta({
      title: "Id",
      description:
        "Lower-case words joined by hyphens, e.g. the student's name: the key of the story's translations. Keep it once published.",
    }),
    name: text(60).meta({ title: "Student's name", description: "As they want it shown." }),
    program: text(120).meta({
      title: "Programme and university",
      description: 'E.g. "MSc Data Science, University of Birmingham". Shown in English.',
    }),
    quote: text(600).meta({ title: "Their words", description: "Up to 600 characters." }),
    image: imageSchema.optional().meta({
      title: "Portrait",
      description: "Optional: without one, the student's initials are shown.",
    }),
  })
  .strict();

export const testimonialsFileSchema = z
  .object({ testimonials: z.array(testimonialSchema).min(1) })
  .strict();

export type Testimonial = z.infer<typeof testimonialSchema>;
