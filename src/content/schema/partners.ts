/** The shape of `content/partners.yaml`: the partner universities on the home page, in order. */
import { z } from "zod";
import { text } from "./common";

export const partnerSchema = z
  .object({
    name: text(80).meta({
      title: "University",
      description: "Its name as the university writes it: shown in English in every language.",
    }),
    monogram: z
      .string()
      .regex(/^[A-Z][A-Za-z]{1,3}$/, "two to four letters, starting with a capital, e.g. UoB")
      .meta({
        title: "Monogram",
        description: "Two to four letters drawn in the emblem, e.g. UoB (no copied logos).",
      }),
    city: text(60).meta({ title: "City", description: "Shown under the name, in English." }),
  })
  .strict();

export const partnersFileSchema = z.object({ partners: z.array(partnerSchema).min(1) }).strict();

export type Partner = z.infer<typeof partnerSchema>;
