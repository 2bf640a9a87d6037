/**
 * The shape of `content/retention.yaml`: how long each kind of record about a student is kept,
 * counted from the moment each kind names (its `from`, fixed here: the law's question is "how
 * long after what", and the job that deletes reads the same moment).
 */
import { z } from "zod";

const period = (title: string, from: string) =>
  z
    .object({
      keep: z.number().int().min(1).max(120).meta({ title: "How many" }),
      unit: z.enum(["days", "months"]).meta({ title: "Days or months" }),
    })
    .strict()
    .meta({ title, description: `Kept for this long after ${from}, then deleted.` });

/** Each kind and the moment its period runs from, as the notice and the job say it. */
export const RETENTION_FROM = {
  enquiries: "the enquiry's last activity (received, or last worked on by an adviser)",
  bookings: "the consultation",
  registrations: "the event",
  deliveries: "the e-mail or webhook was delivered or given up",
  auditLog: "the entry was written",
} as const;

export type RetentionKind = keyof typeof RETENTION_FROM;

export const retentionFileSchema = z
  .object({
    enquiries: period("Enquiries", RETENTION_FROM.enquiries),
    bookings: period("Consultation bookings", RETENTION_FROM.bookings),
    registrations: period("Event registrations", RETENTION_FROM.registrations),
    deliveries: period("Records of e-mails and webhooks sent", RETENTION_FROM.deliveries),
    auditLog: period("The desk's audit log", RETENTION_FROM.auditLog),
  })
  .strict();

export type Retention = z.infer<typeof retentionFileSchema>;
export type RetentionPeriod = Retention[RetentionKind];
