/**
 * The shape of `content/searchSynonyms.yaml`: words site search takes as one, a list per
 * language (each language's own words, so not translated: a list is written in its language).
 */
import { z } from "zod";
import { text } from "./common";

const groupSchema = z
  .object({
    words: z
      .array(text(60))
      .min(2, "at least two words: each finds the pages that use any of them")
      .meta({
        title: "Words",
        description:
          "Two or more words or short phrases that mean the same to a student, e.g. 雅思 and IELTS, 一月 and 1月, fees and costs: searching for any of them finds the pages that use any of them.",
      }),
  })
  .strict();

const list = (language: string) =>
  z
    .array(groupSchema)
    .default([])
    .meta({
      title: language,
      description: `Words searched for in ${language} that the pages put otherwise: written as students type them in ${language}, names (IELTS) as they are.`,
    });

export const searchSynonymsFileSchema = z
  .object({ en: list("English"), ar: list("Arabic"), zh: list("Chinese") })
  .strict();

export type SearchSynonymsFile = z.infer<typeof searchSynonymsFileSchema>;
