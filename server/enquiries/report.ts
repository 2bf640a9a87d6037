import { csvCell } from "../service/csv";
import { fieldsFor, formKinds } from "../../src/lib/enquiry";
import { mailKinds, type DeliveryRecord, type MailKind } from "../outbox/outbox";
import type { Enquiry } from "./store";

/** An enquiry with the latest delivery record of each of its e-mails (none yet: pending). */
export interface ReportRow {
  enquiry: Enquiry;
  delivery: Partial<Record<MailKind, DeliveryRecord>>;
}

/**
 * The stored enquiries (oldest first), each with its delivery state: `records`, the enquiries
 * outbox's latest records (latestRecords).
 */
export function readReport(
  enquiries: readonly Enquiry[],
  records: ReadonlyMap<string, DeliveryRecord>,
): ReportRow[] {
  const rows = new Map<string, ReportRow>();
  for (const enquiry of enquiries) rows.set(enquiry.id, { enquiry, delivery: {} });
  for (const record of records.values()) {
    const row = rows.get(record.id);
    if (row && isMailKind(record.mail)) row.delivery[record.mail] = record;
  }
  return [...rows.values()];
}

const isMailKind = (mail: string): mail is MailKind =>
  (mailKinds as readonly string[]).includes(mail);

/** A failed or flagged e-mail: staff always see these. */
export const needsAttention = (row: ReportRow) =>
  mailKinds.some((m) => ["failed", "flagged"].includes(row.delivery[m]?.state ?? ""));

export const stateOf = (row: ReportRow, mail: MailKind) => {
  const record = row.delivery[mail];
  if (!record) return "pending";
  const detail = record.state === "sent" ? record.reply : record.reason;
  const tries = record.attempts ? ` after ${record.attempts} tries` : "";
  return `${record.state}${record.state === "failed" ? tries : ""}${detail ? `: ${detail}` : ""}`;
};

const mailNames: Record<MailKind, string> = { notify: "notification", ack: "acknowledgement" };

/** The rows as a short text listing, newest first. */
export function formatReport(rows: ReportRow[]) {
  return rows
    .slice()
    .reverse()
    .map((row) => {
      const e = row.enquiry;
      const what = [e.interest, e.country].filter(Boolean).join(", ");
      const from = e.campaign ? `  campaign ${e.campaign}` : "";
      const lines = [
        `${e.receivedAt.slice(0, 16).replace("T", " ")} UTC  ${e.form}  ${e.fullName || e.name} <${e.email}>${what ? `  ${what}` : ""}${from}  (${e.id})`,
        ...mailKinds.map((m) => `    ${mailNames[m]}: ${stateOf(row, m)}`),
      ];
      return lines.join("\n");
    })
    .join("\n");
}

/** RFC 4180 CSV, UTF-8 with a BOM (so Excel reads it as UTF-8), every enquiry with its state. */
export function toCsv(rows: ReportRow[]) {
  const names = [...new Set(formKinds.flatMap((k) => fieldsFor(k).map((f) => f.name)))];
  // The campaign last: the columns a spreadsheet already reads keep their places.
  const header = [
    "id",
    "receivedAt",
    "form",
    ...names,
    "notification",
    "acknowledgement",
    "campaign",
  ];
  const lines = [
    header,
    ...rows.map((row) => [
      row.enquiry.id,
      row.enquiry.receivedAt,
      row.enquiry.form,
      ...names.map((n) => row.enquiry[n] ?? ""),
      stateOf(row, "notify"),
      stateOf(row, "ack"),
      row.enquiry.campaign ?? "",
    ]),
  ];
  return `\uFEFF${lines.map((cells) => cells.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
