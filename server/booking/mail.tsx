import {
  bookingAnswers,
  bookingCopy,
  bookingMail as words,
  booking as rules,
} from "../../src/content/booking";
import { advisersName } from "../../src/i18n/locales";
import { pageLocale } from "../../src/i18n/pageLocale";
import { fill } from "../../src/lib/template";
import { isolateLtr } from "../../src/lib/bidi";
import { Filled } from "../../src/components/Filled";
import { site } from "../../src/content/site";
import { modeById } from "../../src/lib/bookingRules";
import { bothZones, slotLabel, zoneCity, zoneName } from "../../src/lib/slots";
import { zoneWords } from "../../src/content/formats";
import { ButtonLink, EmailLayout, Fields, Lines, P, Title } from "../outbox/Layout";
import { logoAttachment, renderEmail } from "../outbox/render";
import { campaignRows } from "../service/campaign";
import type { Message } from "../enquiries/mail";
import { inviteFor } from "./invite";
import type { Booking } from "./store";

export interface BookingMailSettings {
  mailTo: string;
  mailFrom: string;
  logoFile?: string;
  /** The booking's manage link (absolute URL; the same for each of its versions). */
  manageUrl: string;
}

/** Which e-mails a booking's current version becomes. */
export type BookingMail = "student" | "adviser" | "reminder" | "link";

const DAY = 24 * 60 * 60 * 1000;

/** `student.2` -> ["student", 2]; `link.2026-11-24T15:00:00.000Z` -> ["link", ...]. */
export function parseMailName(mail: string) {
  const dot = mail.indexOf(".");
  return { kind: mail.slice(0, dot) as BookingMail, tag: mail.slice(dot + 1) };
}

/**
 * The e-mails of a booking version: the student's and the advisers' (booked, moved or
 * cancelled), a reminder a day before (when booked more than a day ahead) and, when asked for
 * by booking again, the manage link.
 */
export function bookingLetters(booking: Booking, now: number) {
  const n = booking.sequence;
  const letters: { mail: string; notBefore?: number; skip?: string }[] = [
    { mail: `adviser.${n}` },
    { mail: `student.${n}` },
  ];
  const start = Date.parse(booking.start);
  if (booking.state === "booked" && start - Date.parse(booking.updatedAt) > DAY)
    letters.push({
      mail: `reminder.${n}`,
      notBefore: start - DAY,
      skip: now > start ? "the consultation has begun" : undefined,
    });
  if (booking.linkRequested && booking.state === "booked")
    letters.push({ mail: `link.${booking.linkRequested}` });
  return letters;
}

const domainOf = (address: string) => /@([^\s@>]+)>?\s*$/.exec(address)?.[1] ?? "localhost";
const nameOf = (address: string) => /^\s*"?([^"<]*?)"?\s*</.exec(address)?.[1] || site.name;
const bareAddress = (address: string) => /<([^>]+)>/.exec(address)?.[1] ?? address.trim();

/**
 * One e-mail of a booking version, or null when it no longer applies: a newer version
 * superseded it (moved again, cancelled), or the consultation has begun (a late reminder).
 */
export async function composeBookingMail(
  version: Booking,
  mail: string,
  current: Booking | undefined,
  settings: BookingMailSettings,
  now = Date.now(),
): Promise<Message | null> {
  const { kind } = parseMailName(mail);
  const latest = current ?? version;
  if (kind === "link") {
    if (latest.state !== "booked" || Date.parse(latest.end) < now) return null;
  } else if (latest.sequence !== version.sequence) {
    return null;
  }
  if (kind === "reminder" && (latest.state !== "booked" || Date.parse(latest.start) < now))
    return null;
  const b = kind === "link" ? latest : version;
  const { manageUrl } = settings;
  const mode = modeById(b.mode);
  const attachments = logoAttachment(settings.logoFile);
  const logo = attachments.length > 0;
  const whenStudent = bothZones(b.start, b.zone, rules.zone);
  const london = slotLabel(b.start, rules.zone);
  const whenLondon = fill(zoneWords.office, { ...london, city: zoneCity(rules.zone) });
  const messageId = `<booking-${b.id}.${mail.replace(/[^\w.-]/g, "")}@${domainOf(settings.mailFrom)}>`;
  const first = b.fullName.split(/\s+/)[0];
  const cancelled = b.state === "cancelled";
  const moved = !cancelled && b.sequence > 0;
  const icalEvent = () => ({
    method: cancelled ? "CANCEL" : "REQUEST",
    filename: cancelled ? "cancel.ics" : "invite.ics",
    content: inviteFor(b, {
      organiser: { name: nameOf(settings.mailFrom), email: bareAddress(settings.mailFrom) },
      domain: domainOf(settings.mailFrom),
      manageUrl,
    }),
  });
  const details: [string, string][] = [
    [bookingAnswers.when, kind === "adviser" ? whenLondon : whenStudent],
    ...(kind === "adviser" || b.zone === rules.zone
      ? []
      : ([[words.londonTime, whenLondon]] as [string, string][])),
    [bookingAnswers.how, `${mode?.name ?? b.mode}: ${mode?.description ?? ""}`],
    [bookingAnswers.length, fill(bookingAnswers.minutes, { minutes: rules.slotMinutes })],
  ];

  if (kind === "adviser") {
    const what = cancelled ? "Cancelled" : moved ? "Moved" : "Booked";
    const subject = `${what} consultation: ${oneLine(b.fullName)} (${mode?.name ?? b.mode}, ${whenLondon})`;
    const rows: [string, string][] = [
      ...details,
      ["Student's time zone", `${zoneName(b.zone, b.start)} [${b.zone}]`],
      ["Language", advisersName(b.lang)],
      ["Name", b.fullName],
      ["E-mail", b.email],
      ["Phone", b.phone],
      ["Country", b.country],
      ["Study interest", b.interest],
      ...(b.message ? ([["Message", b.message]] as [string, string][]) : []),
      ...(cancelled ? ([["Cancelled by", b.cancelledBy ?? "student"]] as [string, string][]) : []),
      ...campaignRows(b.campaign),
      ["Booking id", b.id],
    ];
    const intro = cancelled
      ? "This consultation was cancelled; the place is free again."
      : moved
        ? "The student moved this consultation. The invite below replaces the earlier one."
        : "A student booked a consultation. Reply to this e-mail to write to them.";
    return {
      from: settings.mailFrom,
      to: settings.mailTo,
      replyTo: { name: oneLine(b.fullName), address: b.email },
      subject,
      messageId,
      text: [intro, "", ...rows.map(([l, v]) => plain(l, v))].join("\n"),
      html: await renderEmail(
        <EmailLayout title={subject} preview={intro} logo={logo}>
          <Title>{subject}</Title>
          <P>{intro}</P>
          <Fields rows={rows} />
        </EmailLayout>,
      ),
      icalEvent: icalEvent(),
      attachments,
    };
  }

  const to = { name: oneLine(b.fullName), address: b.email };
  const agency = site.name;
  const dear = fill(words.dear, { name: first });
  const texts: Record<Exclude<BookingMail, "adviser">, { subject: string; lines: string[] }> = {
    student: cancelled
      ? {
          subject: fill(words.cancelledSubject, { agency }),
          lines: [
            dear,
            fill(b.cancelledBy === "staff" ? words.cancelledByStaffLine : words.cancelledLine, {
              when: whenStudent,
            }),
            words.cancelledNext,
          ],
        }
      : {
          subject: fill(moved ? words.movedSubject : words.bookedSubject, { when: whenStudent }),
          lines: [dear, moved ? words.movedLine : fill(words.bookedLine, { agency })],
        },
    reminder: {
      subject: fill(words.reminderSubject, { agency }),
      lines: [dear, words.reminderLine],
    },
    link: {
      subject: fill(words.linkSubject, { agency }),
      lines: [dear, words.linkLine],
    },
  };
  const { subject, lines } = texts[kind];
  const links = cancelled ? [] : ([[bookingCopy.manage, manageUrl]] as const);
  const numbers = { phone: site.phone.display, whatsapp: site.mobile.display };
  const contact = fill(words.contact, {
    phone: isolateLtr(numbers.phone),
    whatsapp: isolateLtr(numbers.whatsapp),
  });
  const signOff = fill(words.signOff, { agency });
  return {
    from: settings.mailFrom,
    to,
    replyTo: settings.mailTo,
    subject,
    messageId,
    headers: { "Content-Language": pageLocale().lang },
    text: [
      ...lines.flatMap((l) => [l, ""]),
      ...(kind === "link" && cancelled ? [] : details.map(([l, v]) => plain(l, v))),
      "",
      ...links.map(([label, href]) => `${label}: ${href}`),
      "",
      contact,
      "",
      signOff,
    ].join("\n"),
    html: await renderEmail(
      <EmailLayout title={subject} preview={lines[1] ?? subject} logo={logo}>
        <Title>{subject}</Title>
        {lines.map((l) => (
          <P key={l}>{l}</P>
        ))}
        <Fields rows={details} />
        {links.map(([label, href]) => (
          <ButtonLink key={href} href={href}>
            {label}
          </ButtonLink>
        ))}
        <P>
          <Filled
            text={words.contact}
            values={{
              phone: <span dir="ltr">{numbers.phone}</span>,
              whatsapp: <span dir="ltr">{numbers.whatsapp}</span>,
            }}
          />
        </P>
        <P>
          <Lines text={signOff} />
        </P>
      </EmailLayout>,
    ),
    ...(kind === "student" ? { icalEvent: icalEvent() } : {}),
    attachments,
  };
}

const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

const plain = (label: string, value: string) =>
  value.includes("\n") ? `${label}:\n${value}` : `${label}: ${value}`;
