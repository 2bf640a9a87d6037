/**
 * The shape of `content/privacy.yaml`: the words of the privacy notice at /privacy and the line
 * under every form that links it. How long each kind is kept comes from content/retention.yaml.
 */
import { z } from "zod";
import { text } from "./common";
import { textSectionSchema } from "./about";
import { RETENTION_FROM, type RetentionKind } from "./retention";

const FACTS =
  "{agency}, {officeAddress}, {email} and {phone} are filled in from the site's settings; a link is written [words](https://…) or [words](mailto:…).";

const ADDRESS = "{address} is the student's own e-mail address; {agency} the agency's name.";

const sectionSchema = textSectionSchema(FACTS);

const kinds = Object.fromEntries(
  Object.entries(RETENTION_FROM).map(([kind, from]) => [
    kind,
    text(160).meta({ title: kind, description: `What it is, and that it counts from ${from}.` }),
  ]),
) as Record<RetentionKind, ReturnType<typeof text>>;

export const privacySchema = z
  .object({
    title: text(80).meta({ title: "Page title" }),
    intro: text(400).meta({ title: "Introduction", description: FACTS }),
    updated: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "a date written YYYY-MM-DD")
      .meta({
        title: "Last updated",
        description:
          "The day the notice last changed what it says (YYYY-MM-DD): change it with the words. Each lead records the version it was sent under.",
      }),
    updatedLabel: text(60).meta({ title: "Last updated line", description: "{date} is the date." }),
    sections: z.array(sectionSchema).min(1).meta({ title: "Sections" }),
    retention: z
      .object({
        title: text(80).meta({ title: "Heading" }),
        intro: text(400).meta({ title: "Introduction" }),
        kinds: z.object(kinds).strict().meta({
          title: "Kinds of record",
          description:
            "Each kind's name in the table; its period is the one in Retention (privacy), shown beside it.",
        }),
      })
      .strict()
      .meta({ title: "How long we keep it" }),
    request: z
      .object({
        mailLine: text(160).meta({
          title: "Line in the acknowledgement e-mail",
          description: "Above the link to the page below, at the end of the e-mail a student gets.",
        }),
        title: text(80).meta({ title: "Page title" }),
        intro: text(300).meta({ title: "Introduction", description: ADDRESS }),
        copy: text(80).meta({ title: "Choice: a copy" }),
        erase: text(80).meta({ title: "Choice: erasure" }),
        send: text(40).meta({ title: "Button" }),
        note: text(300).meta({ title: "Line under the choices" }),
        done: text(300).meta({ title: "Once sent", description: ADDRESS }),
        bad: text(300).meta({ title: "A link that is not valid" }),
      })
      .strict()
      .meta({
        title: "A student's request",
        description:
          "The page the acknowledgement e-mail's link opens: the student asks for a copy of their details or for their erasure; staff confirm it before anything is done.",
      }),
    formNote: text(200).meta({
      title: "Line under every form",
      description:
        "{agency} is filled in; {notice} is the link to this page, with the words below.",
    }),
    noticeLink: text(40).meta({ title: "The link's words in that line" }),
  })
  .strict();

export const privacyFileSchema = z.object({ privacy: privacySchema }).strict();

export type PrivacyNotice = z.infer<typeof privacySchema>;
