/** The shape of `content/destinations.yaml`: study destinations (home #destinations and the footer). */
import { z } from "zod";
import { text } from "./common";

/** A country's ISO 3166-1 alpha-2 code; its flag is drawn beside its name. */
export const countryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, "two capital letters (ISO 3166-1), e.g. GB")
  .meta({
    title: "Country code",
    description:
      "Two capital letters (ISO 3166-1 alpha-2), e.g. GB: its flag is drawn beside the name.",
  });

export const destinationSchema = z
  .object({
    name: text(60).meta({ title: "Country", description: "As shown, e.g. United Kingdom." }),
    countryCode,
    why: text(200).meta({
      title: "Why students choose it",
      description: "One sentence, up to 200 characters.",
    }),
  })
  .strict();

export const destinationsFileSchema = z
  .object({ destinations: z.array(destinationSchema).min(1) })
  .strict();

export type Destination = z.infer<typeof destinationSchema>;
