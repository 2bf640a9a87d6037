import type { SendMailOptions } from "nodemailer/lib/mailer";
import { enquiryMail } from "../../src/content/enquiryMail";
import { studyInterests } from "../../src/content/home";
import { fieldsFor } from "../../src/lib/enquiry";
import { fill } from "../../src/lib/template";
import { isLatinRun, isolateLtr } from "../../src/lib/bidi";
import { site } from "../../src/content/site";
import { advisersName } from "../../src/i18n/locales";
import { pageLocale } from "../../src/i18n/pageLocale";
import { campaignRows } from "../service/campaign";
import type { MailKind } from "../outbox/outbox";
import type { Enquiry } from "./store";
import { EmailLayout, Fields, Lines, P, Title } from "../outbox/Layout";
import { logoAttachment, renderEmail } from "../outbox/render";

/** Sender, agency inbox and the domain Message-IDs are made in. */
export interface MailSettings {
  mailTo: string;
  mailFrom: string;
  /** The logo attached to each e-mail (the built site's app icon). */
  logoFile?: string;
  /**
   * The acknowledgement's signed link to ask for a copy or erasure of one's data, with the
   * line above it (server/privacy/requestPage.ts); absent: no such line.
   */
  privacy?: { line: string; url: string };
}

export type Message = SendMailOptions;

/** The e-mail of this kind for an enquiry: the agency's notification or the student's acknowledgement. */
export function composeMail(
  enquiry: Enquiry,
  mail: MailKind,
  settings: MailSettings,
): Promise<Message> {
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

/** Label and value of each field the student filled in. */
function filledFields(enquiry: Enquiry) {
  return fieldsFor(enquiry.form)
    .map((f) => [f.label, shown(f.name, enquiry[f.name] ?? "")] as const)
    .filter(([, value]) => value);
}

async function notification(enquiry: Enquiry, settings: MailSettings): Promise<Message> {
  const text = enquiryMail.notification;
  const received = `${londonTime(enquiry.receivedAt)} (London time)`;
  const rows: (readonly [string, string])[] = [
    ...filledFields(enquiry),
    ...campaignRows(enquiry.campaign),
    [text.language, advisersName(enquiry.lang)],
    [text.received, received],
    [text.id, enquiry.id],
  ];
  const attachments = logoAttachment(settings.logoFile);
  return {
    from: settings.mailFrom,
    to: settings.mailTo,
    replyTo: { name: oneLine(enquiry.fullName || enquiry.name || ""), address: enquiry.email },
    subject: triageSubject(enquiry),
    messageId: messageId(enquiry, "notify", settings),
    text: [text.intro, "", ...rows.map(([label, value]) => plainField(label, value))].join("\n"),
    html: await renderEmail(
      <EmailLayout
        title={triageSubject(enquiry)}
        preview={text.intro}
        logo={attachments.length > 0}
      >
        <Title>{triageSubject(enquiry)}</Title>
        <P>{text.intro}</P>
        <Fields rows={rows} />
      </EmailLayout>,
    ),
    attachments,
  };
}

async function acknowledgement(enquiry: Enquiry, settings: MailSettings): Promise<Message> {
  const text = enquiryMail.acknowledgement;
  const name = (enquiry.fullName || enquiry.name || "").split(/\s+/)[0];
  const fields = filledFields(enquiry);
  const paragraphs = [
    name ? fill(text.greeting, { name }) : text.greetingNoName,
    text.thanks,
    text.next,
  ];
  const contact = [
    text.reach,
    fill(text.phone, { phone: isolateLtr(site.phone.display) }),
    fill(text.whatsapp, {
      whatsapp: isolateLtr(site.mobile.display),
      link: isolateLtr(`https://wa.me/${site.mobile.whatsapp}`),
    }),
    "",
    text.hours,
    ...text.officeHours,
  ];
  const attachments = logoAttachment(settings.logoFile);
  return {
    from: settings.mailFrom,
    to: { name: oneLine(enquiry.fullName || enquiry.name || ""), address: enquiry.email },
    replyTo: settings.mailTo,
    subject: text.subject,
    messageId: messageId(enquiry, "ack", settings),
    headers: { "Content-Language": pageLocale().lang },
    text: [
      ...paragraphs.flatMap((p) => [p, ""]),
      text.copy,
      "",
      // What the student typed in Latin letters (an address, a number) reads left to right.
      ...fields.map(([label, value]) =>
        plainField(label, isLatinRun(value) ? isolateLtr(value) : value),
      ),
      "",
      ...contact,
      "",
      text.signOff,
      "",
      ...(settings.privacy ? [settings.privacy.line, settings.privacy.url, ""] : []),
      text.notYou,
    ].join("\n"),
    html: await renderEmail(
      <EmailLayout title={text.subject} preview={text.thanks} logo={attachments.length > 0}>
        <Title>{text.subject}</Title>
        {paragraphs.map((p) => (
          <P key={p}>{p}</P>
        ))}
        <P>{text.copy}</P>
        <Fields rows={fields} />
        <P>
          <Lines text={text.signOff} />
        </P>
        {settings.privacy && (
          <P muted>
            {settings.privacy.line} <a href={settings.privacy.url}>{settings.privacy.url}</a>
          </P>
        )}
        <P muted>{text.notYou}</P>
      </EmailLayout>,
    ),
    attachments,
  };
}

/** A Study Interest is stored as its English value; it is shown by its label in the e-mail's language. */
const shown = (name: string, value: string) =>
  name === "interest" ? (studyInterests.find((i) => i.value === value)?.label ?? value) : value;

const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

const plainField = (label: string, value: string) =>
  value.includes("\n") ? `${label}:\n${value}` : `${label}: ${value}`;
