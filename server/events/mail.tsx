import {
  registrationAnswers as answers,
  registrationMail as words,
} from "../../src/content/registration";
import { site } from "../../src/content/site";
import { events as translated } from "../../src/events/content";
import { EVENT_ZONE, type SiteEvent } from "../../src/events/load";
import { pageLocale } from "../../src/i18n/pageLocale";
import { isolateLtr } from "../../src/lib/bidi";
import { intlLocale } from "../../src/i18n/intl";
import { bothZones } from "../../src/lib/slots";
import { fill } from "../../src/lib/template";
import { ButtonLink, EmailLayout, Fields, Lines, P, Title } from "../outbox/Layout";
import { logoAttachment, renderEmail } from "../outbox/render";
import type { Message } from "../enquiries/mail";
import { calendarInvite } from "../reservations/invite";
import type { ScheduledEvent } from "./schedule";
import type { Registration } from "./store";

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/**
 * What a registration's e-mail may be, by its name in the outbox:
 * `reg.N` its own version N (confirmed, waiting, promoted, cancelled by them or with the event),
 * `moved.E` the event's version E (a new time), `day.E` / `hour.E` reminders (online events send
 * the join link in them), `link.HOUR` the manage link asked for again.
 */
export type RegistrationMail = "reg" | "moved" | "day" | "hour" | "link";

export function parseRegistrationMail(mail: string) {
  const dot = mail.indexOf(".");
  return { kind: mail.slice(0, dot) as RegistrationMail, tag: mail.slice(dot + 1) };
}

/** The e-mails a registration's latest version becomes, with the event as it stands. */
export function registrationLetters(
  r: Registration,
  scheduled: ScheduledEvent | undefined,
  now: number,
) {
  const letters: { mail: string; notBefore?: number; skip?: string }[] = [
    { mail: `reg.${r.sequence}` },
  ];
  if (!scheduled || r.state !== "confirmed" || scheduled.cancelled) return letters;
  const { event, sequence } = scheduled;
  const start = Date.parse(event.startsAt);
  const begun = now >= start ? "the event has begun" : undefined;
  if (sequence > r.eventSequence) letters.push({ mail: `moved.${sequence}`, skip: begun });
  const online = event.where === "online" && !!event.joinLink;
  // The join link goes a day before and an hour before, never earlier; someone who registers
  // within the last hour gets it at once, once.
  letters.push({
    mail: `day.${sequence}`,
    notBefore: start - DAY,
    skip:
      begun ?? (online && now >= start - HOUR ? "the hour's reminder carries the link" : undefined),
  });
  if (online) letters.push({ mail: `hour.${sequence}`, notBefore: start - HOUR, skip: begun });
  if (r.linkRequested) letters.push({ mail: `link.${r.linkRequested}` });
  return letters;
}

export interface RegistrationMailSettings {
  mailTo: string;
  mailFrom: string;
  logoFile?: string;
  manageUrl: string;
  eventUrl: string;
}

const domainOf = (address: string) => /@([^\s@>]+)>?\s*$/.exec(address)?.[1] ?? "localhost";
const nameOf = (address: string) => /^\s*"?([^"<]*?)"?\s*</.exec(address)?.[1] || site.name;
const bareAddress = (address: string) => /<([^>]+)>/.exec(address)?.[1] ?? address.trim();
const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();
const plain = (label: string, value: string) => `${label}: ${value}`;

/** The event's words in the language of the e-mail being made (its slug's translation), else as written. */
const wordsOf = (event: SiteEvent) => translated[event.slug] ?? event;

/** "Wednesday 9 December, 18:00 in Lagos (17:00 in London)", or London's time alone. */
export const eventWhen = (event: SiteEvent, zone = EVENT_ZONE) =>
  bothZones(event.startsAt, zone, EVENT_ZONE);

const languageName = (code: string) =>
  new Intl.DisplayNames([intlLocale()], { type: "language" }).of(code) ?? code;

/** The place in words: online, or the office's address. */
const whereOf = (event: SiteEvent) =>
  event.where === "online" ? answers.online : isolateLtr(site.address.lines.join(", "));

/** The invite a registration's e-mail carries: one UID for its life, SEQUENCE up with each change. */
export function registrationInvite(
  r: Registration,
  scheduled: ScheduledEvent,
  settings: { mailFrom: string; manageUrl: string; eventUrl: string },
  method: "REQUEST" | "CANCEL" | "PUBLISH",
) {
  const { event } = scheduled;
  const shown = wordsOf(event);
  return calendarInvite({
    uid: `registration-${r.id}@${domainOf(settings.mailFrom)}`,
    sequence: scheduled.sequence + r.sequence,
    method,
    stamp: new Date(r.updatedAt),
    start: new Date(event.startsAt),
    end: new Date(event.endsAt),
    summary: fill(words.inviteSummary, { event: shown.title, agency: site.name }),
    description: [
      shown.summary,
      "",
      `${answers.manage}: ${settings.manageUrl}`,
      settings.eventUrl,
    ].join("\n"),
    location: event.where === "online" ? settings.eventUrl : site.address.lines.join(", "),
    url: settings.eventUrl,
    cancelled: method === "CANCEL",
    organiser: { name: nameOf(settings.mailFrom), email: bareAddress(settings.mailFrom) },
    attendee: { name: r.fullName, email: r.email },
    product: "Events",
  });
}

/**
 * One e-mail of a registration, in the language of the work under way (src/i18n/scope.ts), or null when at sending time it no
 * longer applies: a newer version superseded it, the event began, was cancelled or moved again.
 */
export async function composeRegistrationMail(
  version: Registration,
  mail: string,
  current: Registration | undefined,
  scheduled: ScheduledEvent | undefined,
  place: number | undefined,
  settings: RegistrationMailSettings,
  now = Date.now(),
): Promise<Message | null> {
  const { kind, tag } = parseRegistrationMail(mail);
  const latest = current ?? version;
  if (!scheduled) return null;
  const { event } = scheduled;
  const start = Date.parse(event.startsAt);
  if (kind === "reg" && latest.sequence !== version.sequence) return null;
  if (kind !== "reg") {
    if (latest.state !== "confirmed" || scheduled.cancelled || now >= start) return null;
    if (kind !== "link" && Number(tag) !== scheduled.sequence) return null;
  }
  const r = kind === "reg" ? version : latest;
  const shown = wordsOf(event);
  const title = shown.title;
  const dear = fill(words.dear, { name: r.fullName.split(/\s+/)[0] });
  const promoted = !!r.promotedAt && r.state === "confirmed" && kind === "reg";
  const cancelled = r.state === "cancelled";
  const line = (text: string) => fill(text, { event: title, place: place ?? "" });
  const text: Record<RegistrationMail, { subject: string; line: string }> = {
    reg: cancelled
      ? r.cancelledBy === "event"
        ? { subject: words.eventCancelledSubject, line: words.eventCancelledLine }
        : { subject: words.youCancelledSubject, line: words.youCancelledLine }
      : r.state === "waiting"
        ? { subject: words.waitingSubject, line: words.waitingLine }
        : promoted
          ? { subject: words.promotedSubject, line: words.promotedLine }
          : { subject: words.confirmedSubject, line: words.confirmedLine },
    moved: { subject: words.movedSubject, line: words.movedLine },
    day: { subject: words.reminderDaySubject, line: words.reminderLine },
    hour: { subject: words.reminderHourSubject, line: words.reminderLine },
    link: { subject: words.linkSubject, line: words.linkLine },
  };
  const subject = line(text[kind].subject);
  const lines = [dear, line(text[kind].line)];
  const join =
    (kind === "day" || kind === "hour") && event.where === "online" ? event.joinLink : undefined;
  const details: [string, string][] = [
    [answers.when, eventWhen(event, r.zone)],
    [answers.length, fill(answers.minutes, { minutes: event.minutes })],
    [answers.heldIn, languageName(event.language)],
    [answers.where, whereOf(event)],
  ];
  // An invite for a place (REQUEST), its new time, or its removal (CANCEL: only if they held one).
  const invite =
    kind === "moved" ||
    (kind === "reg" && (r.state === "confirmed" || r.cancelledFrom === "confirmed"));
  const inviteMethod = cancelled ? "CANCEL" : "REQUEST";
  const attachments = logoAttachment(settings.logoFile);
  const links: [string, string][] = cancelled
    ? [[words.otherEvents, settings.eventUrl.replace(/\/[^/]+\/?$/, "")]]
    : [[answers.manage, settings.manageUrl]];
  const signOff = fill(words.signOff, { agency: site.name });
  return {
    from: settings.mailFrom,
    to: { name: oneLine(r.fullName), address: r.email },
    replyTo: settings.mailTo,
    subject,
    messageId: `<registration-${r.id}.${mail.replace(/[^\w.-]/g, "")}@${domainOf(settings.mailFrom)}>`,
    headers: { "Content-Language": pageLocale().lang },
    text: [
      ...lines.flatMap((l) => [l, ""]),
      ...(join ? [words.joinLine, join, ""] : []),
      ...details.map(([l, v]) => plain(l, v)),
      "",
      ...(cancelled ? [] : [words.manageLine]),
      ...links.map(([label, href]) => `${label}: ${href}`),
      "",
      signOff,
    ].join("\n"),
    html: await renderEmail(
      <EmailLayout title={subject} preview={lines[1]} logo={attachments.length > 0}>
        <Title>{subject}</Title>
        {lines.map((l) => (
          <P key={l}>{l}</P>
        ))}
        {join ? (
          <>
            <P>{words.joinLine}</P>
            <ButtonLink href={join}>{words.join}</ButtonLink>
          </>
        ) : null}
        <Fields rows={details} />
        {cancelled ? null : <P muted>{words.manageLine}</P>}
        {links.map(([label, href]) => (
          <ButtonLink key={href} href={href}>
            {label}
          </ButtonLink>
        ))}
        <P>
          <Lines text={signOff} />
        </P>
      </EmailLayout>,
    ),
    ...(invite
      ? {
          icalEvent: {
            method: inviteMethod,
            filename: cancelled ? "cancel.ics" : "invite.ics",
            content: registrationInvite(r, scheduled, settings, inviteMethod),
          },
        }
      : {}),
    attachments,
  };
}
