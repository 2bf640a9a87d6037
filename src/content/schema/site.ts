/**
 * The shape of `content/site.yaml`: the agency's name, contacts and address, and the intake the
 * site promotes. src/content/site.ts adds what is worked out from them (the address as printed,
 * the office hours from content/booking.yaml).
 */
import { z } from "zod";
import { intakeMonth, MONTHS } from "../../lib/intake";
import { iconNames, isoDate, text } from "./common";

const email = z.email("an e-mail address, e.g. hello@example.com").meta({ title: "E-mail" });

const phoneSchema = z
  .object({
    display: z
      .string()
      .regex(/^\+\d[\d ]{6,20}$/, 'international form with spaces, e.g. "+44 20 7946 0321"')
      .meta({
        title: "As shown",
        description: 'International form: students dial from abroad, e.g. "+44 20 7946 0321".',
      }),
    tel: z
      .string()
      .regex(/^\+\d{7,16}$/, 'the same number without spaces, e.g. "+442079460321"')
      .meta({ title: "To dial", description: 'Without spaces, e.g. "+442079460321".' }),
  })
  .strict();

export const siteFileSchema = z
  .object({
    name: text(60).meta({ title: "Agency's name", description: "Shown in English everywhere." }),
    shortName: text(12).meta({
      title: "Short name",
      description: "Under the app icon on a phone's home screen: 12 characters or fewer.",
    }),
    tagline: text(120).meta({ title: "Tagline" }),
    description: text(300).meta({
      title: "Description",
      description: "For search engines and the footer: one or two sentences.",
    }),
    url: z.url({ protocol: /^https$/ }).meta({
      title: "Site address",
      description: "The public address, e.g. https://www.eastgate-education.example.",
    }),
    locale: z
      .string()
      .regex(/^[a-z]{2}_[A-Z]{2}$/, 'language and region, e.g. "en_GB"')
      .meta({ title: "Language and region", description: 'As Open Graph writes it: "en_GB".' }),
    established: z.number().int().min(1900).max(2100).meta({ title: "Founded (year)" }),
    areaServed: text(60).meta({ title: "Area served", description: 'E.g. "Worldwide".' }),
    rating: z
      .object({
        score: z.number().min(0).max(5).meta({ title: "Average score" }),
        outOf: z.number().int().min(1).max(10).meta({ title: "Out of" }),
        students: z.number().int().min(0).meta({ title: "Students who rated us" }),
      })
      .strict()
      .meta({ title: "Students' rating" }),
    replyTime: text(60).meta({
      title: "How soon we reply",
      description: 'Fills {replyTime}, e.g. "within one business day".',
    }),
    intakes: z
      .array(z.enum(MONTHS as [string, ...string[]]))
      .min(1)
      .meta({
        title: "Intake months",
        description: "The months UK courses start that we advise for, in the year's order.",
      }),
    promotedIntake: z
      .string()
      .regex(/^[A-Z][a-z]+ \d{4}$/, 'a month and a year, e.g. "September 2027"')
      .refine((value) => intakeMonth(value), 'a month in English and a year, e.g. "September 2027"')
      .meta({
        title: "The intake we promote",
        description:
          'E.g. "September 2027": the hero, the ticker, the first guide, its structured data and social card name it, in every language. Change it when applications for it close.',
      }),
    promotedIntakeApplyBy: isoDate().meta({
      title: "Apply by",
      description:
        'The last day to apply for that intake by our own advice (YYYY-MM-DD). Past it the build warns that "applications are open now" is no longer true.',
    }),
    office: z
      .object({
        street: z
          .array(text(60).meta({ title: "Line" }))
          .min(1)
          .max(3)
          .meta({
            title: "Street lines",
            description: "As on an envelope, without the town and postcode.",
          }),
        locality: text(40).meta({ title: "Town or city" }),
        postalCode: text(12).meta({ title: "Postcode" }),
        country: text(40).meta({ title: "Country" }),
        countryCode: z
          .string()
          .regex(/^[A-Z]{2}$/, "two capital letters (ISO 3166-1), e.g. GB")
          .meta({ title: "Country code", description: "Two capital letters, e.g. GB." }),
      })
      .strict()
      .meta({ title: "Office address" }),
    email: email.meta({ title: "General e-mail" }),
    infoEmail: email.meta({ title: "Information e-mail" }),
    admissionsEmail: email.meta({
      title: "Admissions e-mail",
      description: "Where students write to an adviser.",
    }),
    careersEmail: email.meta({ title: "Careers e-mail" }),
    phone: phoneSchema.meta({ title: "Office phone" }),
    mobile: phoneSchema
      .extend({
        whatsapp: z
          .string()
          .regex(
            /^\d{7,16}$/,
            'the number in digits only, with its country code, e.g. "447700900456"',
          )
          .meta({
            title: "WhatsApp",
            description: "Digits only, with the country code and no +: how wa.me links name it.",
          }),
      })
      .strict()
      .meta({ title: "Mobile and WhatsApp" }),
    social: z
      .array(
        z
          .object({
            label: text(30).meta({
              title: "Network",
              description: 'Its own name, e.g. "LinkedIn".',
            }),
            href: z.url({ protocol: /^https$/ }).meta({ title: "Our page there (https://...)" }),
            icon: z.enum(iconNames).meta({ title: "Icon" }),
          })
          .strict(),
      )
      .meta({ title: "Social networks", description: "In the footer, in this order." }),
    ticker: z
      .array(text(90).meta({ title: "Line" }))
      .min(1)
      .meta({
        title: "Ticker",
        description:
          "The lines that scroll under the header. {intake} is the intake we promote, in each language.",
      }),
  })
  .strict()
  .superRefine((site, ctx) => {
    const month = site.promotedIntake.split(" ")[0];
    if (!site.intakes.includes(month))
      ctx.addIssue({
        code: "custom",
        path: ["promotedIntake"],
        message: `${month} is not one of the intake months (${site.intakes.join(", ")})`,
      });
    const starts = intakeMonth(site.promotedIntake);
    if (starts && site.promotedIntakeApplyBy >= `${starts}-01`)
      ctx.addIssue({
        code: "custom",
        path: ["promotedIntakeApplyBy"],
        message: `${site.promotedIntakeApplyBy} is not before the intake starts (${site.promotedIntake})`,
      });
  });

export type SiteSettings = z.output<typeof siteFileSchema>;
