import type { SendMailOptions } from "nodemailer/lib/mailer";
import { enquiryMail } from "../content/enquiryMail";
import { fieldsFor } from "../src/lib/enquiry";
import type { MailKind } from "./outbox";
import type { Enquiry } from "./store";

/** Sender, agency inbox and the domain Message-IDs are made in. */
export interface MailSettings {
  mailTo: string;
  mailFrom: string;
}

export type Message = SendMailOptions;

/** The e-mail of this kind for an enquiry: the agency's notification or the student's acknowledgement. */
export function composeMail(enquiry: Enquiry, mail: MailKind, settings: MailSettings): Message {
  return mail === "notify" ? notification(enquiry, settings) : acknowledgement(enquiry, settings);
}

/** The same enquiry and kind always get the same Message-ID, so a resend shows as the same message. */
export function messageId(enquiry: Enquiry, mail: MailKind, settings: MailSettings) {
  const domain = /@([^\s@>]+)>?\s*$/.exec(settings.mailFrom)?.[1] ?? "localhost";
  return `<enquiry-${enquiry.id}.${mail}@${domain}>`;
}

/** What an adviser triages by: form, name, study interest and country. */
export function triageSubject(enquiry: Enquiry) {
  const name = enquiry.fullName || enquiry.name;
  const parts = [enquiry.interest, enquiry.country].filter(Boolean);
  return oneLine(
    `${enquiryMail.formName[enquiry.form]}: ${name}${parts.length ? ` (${parts.join(", ")})` : ""}`,
  );
}

/** The enquiry's received time as the London office reads it. */
export function londonTime(iso: string) {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    dateStyle: "full",
    timeStyle: "short",
  }).format(new Date(iso));
}

export function escapeHtml(text: string) {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}

/** Label and value of each field the student filled in. */
function filledFields(enquiry: Enquiry) {
  return fieldsFor(enquiry.form)
    .map((f) => [f.label, enquiry[f.name] ?? ""] as const)
    .filter(([, value]) => value);
}

function notification(enquiry: Enquiry, settings: MailSettings): Message {
  const text = enquiryMail.notification;
  const received = `${londonTime(enquiry.receivedAt)} (London time)`;
  const rows: (readonly [string, string])[] = [
    ...filledFields(enquiry),
    [text.received, received],
    [text.id, enquiry.id],
  ];
  return {
    from: settings.mailFrom,
    to: settings.mailTo,
    replyTo: { name: oneLine(enquiry.fullName || enquiry.name || ""), address: enquiry.email },
    subject: triageSubject(enquiry),
    messageId: messageId(enquiry, "notify", settings),
    text: [text.intro, "", ...rows.map(([label, value]) => plainField(label, value))].join("\n"),
    html: page(
      `<p>${escapeHtml(text.intro)}</p>${table(rows)}`,
      escapeHtml(triageSubject(enquiry)),
    ),
  };
}

function acknowledgement(enquiry: Enquiry, settings: MailSettings): Message {
  const text = enquiryMail.acknowledgement;
  const name = (enquiry.fullName || enquiry.name || "").split(/\s+/)[0];
  const fields = filledFields(enquiry);
  const paragraphs = [text.greeting(name), text.thanks, text.next];
  const contact = [text.reach, text.phone, text.whatsapp, "", text.hours, ...text.officeHours];
  return {
    from: settings.mailFrom,
    to: { name: oneLine(enquiry.fullName || enquiry.name || ""), address: enquiry.email },
    replyTo: settings.mailTo,
    subject: text.subject,
    messageId: messageId(enquiry, "ack", settings),
    text: [
      ...paragraphs.flatMap((p) => [p, ""]),
      text.copy,
      "",
      ...fields.map(([label, value]) => plainField(label, value)),
      "",
      ...contact,
      "",
      text.signOff,
      "",
      text.notYou,
    ].join("\n"),
    html: page(
      [
        ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
        `<p>${escapeHtml(text.copy)}</p>`,
        table(fields),
        `<p>${contact.filter(Boolean).map(escapeHtml).join("<br>")}</p>`,
        `<p>${escapeHtml(text.signOff).replace(/\n/g, "<br>")}</p>`,
        `<p><small>${escapeHtml(text.notYou)}</small></p>`,
      ].join(""),
      escapeHtml(text.subject),
    ),
  };
}

const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

const plainField = (label: string, value: string) =>
  value.includes("\n") ? `${label}:\n${value}` : `${label}: ${value}`;

function table(rows: readonly (readonly [string, string])[]) {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td>${escapeHtml(value).replace(/\n/g, "<br>")}</td></tr>`,
    )
    .join("");
  return `<table cellpadding="4">${cells}</table>`;
}

const page = (body: string, title: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;
