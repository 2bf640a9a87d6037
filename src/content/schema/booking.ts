/**
 * The shape of `content/booking.yaml`: when advisers take consultations and how. The booking
 * page, the server's free times and the e-mails all read these rules; the rule that needs
 * today's date (bank holidays listed past the booking horizon) is src/build/validateBooking.ts.
 */
import { z } from "zod";
import { isTimeZone } from "../../lib/slots";
import { isoDate, text } from "./common";

const DAYS = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;

const time = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, '24-hour "HH:MM", e.g. "09:00" or "18:00"');

const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));

const date = isoDate("is not a date on the calendar written YYYY-MM-DD");

export const officeDaySchema = z
  .object({
    days: text(40).meta({
      title: "Days, as shown",
      description: 'E.g. "Monday to Friday": shown in the footer, the booking page and e-mails.',
    }),
    dayOfWeek: z
      .array(z.enum(DAYS))
      .min(1)
      .meta({ title: "Which days", description: "The same days, for the booking calendar." }),
    opens: time.optional().meta({
      title: "Opens",
      description: 'London time, 24-hour "HH:MM". Leave both times empty on a closed day.',
    }),
    closes: time.optional().meta({ title: "Closes", description: 'London time, e.g. "18:00".' }),
  })
  .strict()
  .superRefine((day, ctx) => {
    if (!day.opens !== !day.closes)
      ctx.addIssue({
        code: "custom",
        path: [day.opens ? "closes" : "opens"],
        message: "give both the opening and the closing time, or neither (closed)",
      });
    else if (day.opens && day.closes && minutes(day.closes) <= minutes(day.opens))
      ctx.addIssue({
        code: "custom",
        path: ["closes"],
        message: `${day.closes} is not after the opening time ${day.opens}`,
      });
  });

export const consultationModeSchema = z
  .object({
    id: z.enum(["video", "phone", "office"]).meta({
      title: "Kind",
      description: "Which kind of consultation: the e-mails and invites depend on it.",
    }),
    name: text(40).meta({ title: "Name", description: 'As shown, e.g. "Video call".' }),
    description: text(200).meta({
      title: "How it happens",
      description:
        "One sentence, shown beside the choice and in the e-mails. {officeAddress} is filled in from the site's settings.",
    }),
    capacity: z.number().int().min(1).max(20).meta({
      title: "Advisers at once",
      description: "How many advisers take this kind of consultation at the same time.",
    }),
  })
  .strict();

export const closedDateSchema = z
  .object({
    date: date.meta({ title: "Date", description: "YYYY-MM-DD" }),
    reason: text(80).meta({
      title: "Why",
      description: 'E.g. "Good Friday": for the next editor; no student sees it.',
    }),
  })
  .strict();

export const bookingFileSchema = z
  .object({
    zone: z
      .string()
      .max(60)
      .refine(isTimeZone, "is not an IANA time zone, e.g. Europe/London")
      .meta({
        title: "The office's time zone",
        description: "Hours and closed dates are in this zone (an IANA name, e.g. Europe/London).",
      }),
    slotMinutes: z.number().int().min(5).max(240).meta({
      title: "Consultation length (minutes)",
    }),
    bufferMinutes: z.number().int().min(0).max(120).meta({
      title: "Break after each (minutes)",
      description:
        "Between two consultations of one adviser. Length plus break must divide each day's open hours.",
    }),
    minNoticeHours: z.number().int().min(0).max(168).meta({
      title: "Notice (hours)",
      description: "No booking closer than this to its start.",
    }),
    horizonDays: z.number().int().min(1).max(90).meta({
      title: "Days ahead",
      description: "Times are offered this many days ahead.",
    }),
    officeHours: z.array(officeDaySchema).min(1).meta({
      title: "Office hours",
      description:
        "London time; consultations are offered within them. Every day of the week once, closed days without times.",
    }),
    modes: z.array(consultationModeSchema).min(1).meta({
      title: "Ways to talk",
      description: "The choices on the booking page.",
    }),
    bankHolidays: z
      .object({
        source: z.url({ protocol: /^https$/ }).meta({ title: "Source (address)" }),
        sourceName: text(120).meta({ title: "Source (name)" }),
        checked: date.meta({
          title: "Checked on",
          description: "The day the list was last compared with the source, YYYY-MM-DD.",
        }),
        dates: z.array(closedDateSchema).min(1).meta({
          title: "Dates",
          description:
            "England and Wales bank holidays: the office is closed. Add the next year's before the last one comes near (the build warns 60 days ahead).",
        }),
      })
      .strict()
      .meta({ title: "Bank holidays" }),
    agencyClosed: z.array(closedDateSchema).default([]).meta({
      title: "Other closed days",
      description: "Training days, an office move...: no consultations on these dates.",
    }),
  })
  .strict()
  .superRefine((rules, ctx) => {
    const step = rules.slotMinutes + rules.bufferMinutes;
    const seen = new Map<string, number>();
    for (const [i, day] of rules.officeHours.entries()) {
      for (const name of day.dayOfWeek) {
        if (seen.has(name))
          ctx.addIssue({
            code: "custom",
            path: ["officeHours", i, "dayOfWeek"],
            message: `${name} is also in line ${seen.get(name)! + 1} of the office hours: list each day once`,
          });
        seen.set(name, i);
      }
      if (!day.opens || !day.closes) continue;
      const open = minutes(day.closes) - minutes(day.opens);
      if (open > 0 && open % step !== 0)
        ctx.addIssue({
          code: "custom",
          path: ["officeHours", i, "closes"],
          message: `the ${open} open minutes (${day.opens} to ${day.closes}) do not divide into whole consultations of ${rules.slotMinutes} minutes plus ${rules.bufferMinutes} minutes' break (${step} minutes each)`,
        });
    }
    const missing = DAYS.filter((d) => !seen.has(d));
    if (missing.length)
      ctx.addIssue({
        code: "custom",
        path: ["officeHours"],
        message: `${missing.join(", ")} ${missing.length > 1 ? "are" : "is"} missing: list every day, a closed one without times`,
      });
    const ids = new Set<string>();
    for (const [i, mode] of rules.modes.entries()) {
      if (ids.has(mode.id))
        ctx.addIssue({
          code: "custom",
          path: ["modes", i, "id"],
          message: `${mode.id} is listed twice`,
        });
      ids.add(mode.id);
    }
  });

export type OfficeDay = z.output<typeof officeDaySchema> & {
  /** The hours as shown, e.g. "9:00 AM to 6:00 PM" or "Closed" (from opens and closes). */
  hours: string;
};
