/**
 * What each lead becomes for the agency's own tools (a CRM, an automation tool): one typed
 * message per event, POSTed as JSON following Standard Webhooks (https://www.standardwebhooks.com).
 *
 * To add a kind of lead: add its types to WebhookPayloads, a builder beside the others that
 * calls webhookMessage(), and publish() its messages (server/webhooks/index.ts).
 */
import type { Enquiry } from "../enquiries/store";
import type { Booking } from "../booking/store";

/** The language the lead wrote in (the site's locales). */
export type LeadLang = "en" | "ar" | "zh";

const langs: readonly LeadLang[] = ["en", "ar", "zh"];

/** A stored `lang` (absent: English) as a webhook says it. */
export const leadLang = (lang: string | undefined): LeadLang =>
  langs.includes(lang as LeadLang) ? (lang as LeadLang) : "en";

/** enquiry.received: an enquiry as stored, whichever form it came from. */
export interface EnquiryData {
  /** The enquiry's id (also in the advisers' e-mail). */
  id: string;
  /** "enquiry": the enquiry form (every field); "consultation": the about page's short form. */
  form: "enquiry" | "consultation";
  /** ISO, UTC: when the server accepted it. */
  receivedAt: string;
  lang: LeadLang;
  name: string;
  email: string;
  /** null where the form does not ask (the consultation form). */
  phone: string | null;
  country: string | null;
  /** The Study Interest's English value, whatever the language of the form. */
  interest: string | null;
  /** "" when none was written. */
  message: string;
  /** The staff page's campaign it came from (its `campaign:`, e.g. "uk-september-2027"); null: none. */
  campaign: string | null;
}

/** booking.created / booking.moved / booking.cancelled: one version of a consultation booking. */
export interface BookingData {
  /** The booking's id: the same in all its messages. */
  id: string;
  /** 0 when booked, one more at each move or cancellation: the latest version has the highest. */
  sequence: number;
  state: "booked" | "cancelled";
  /** "video", "phone" or "office". */
  mode: string;
  /** ISO instants, UTC. */
  start: string;
  end: string;
  /** The student's IANA time zone, e.g. "Africa/Lagos". */
  zone: string;
  lang: LeadLang;
  name: string;
  email: string;
  phone: string;
  country: string;
  interest: string;
  message: string;
  /** Who cancelled it; null unless cancelled. */
  cancelledBy: "student" | "staff" | null;
  /** ISO: when it was first booked. */
  createdAt: string;
  /** The staff page's campaign it was booked from; null: none. The same in every version. */
  campaign: string | null;
}

/** registration.created / .promoted / .cancelled: a place at one of the agency's events. */
export interface RegistrationData {
  /** The registration's id. */
  id: string;
  event: {
    slug: string;
    title: string;
    /** ISO instant, UTC. */
    start: string;
  };
  name: string;
  email: string;
  country: string;
  interest: string;
  lang: LeadLang;
  /** "waiting": on the waiting list (promoted: now "confirmed"). */
  status: "confirmed" | "waiting";
  /** 1 for the first in line; null when confirmed. */
  waitingPlace: number | null;
}

/** Each message type and the data it carries. */
export interface WebhookPayloads {
  "enquiry.received": EnquiryData;
  "booking.created": BookingData;
  "booking.moved": BookingData;
  "booking.cancelled": BookingData;
  "registration.created": RegistrationData;
  "registration.promoted": RegistrationData;
  "registration.cancelled": RegistrationData;
  "person.erased": PersonErasedData;
}

/**
 * person.erased: the agency erased everything it held about an address (npm run privacy --
 * erase, the desk); the receiving tool finds the person by it and erases them too. The one
 * message that carries the address after an erasure: its stored copy is stripped of it as
 * soon as it is delivered (server/privacy/erase.ts).
 */
export interface PersonErasedData {
  /** The address, lower case. */
  email: string;
  /** The request's id (the same in a resend). */
  request: string;
  erasedAt: string;
  /** The language the student asked in (from the acknowledgement's link), if they did. */
  lang?: string;
}

export type WebhookType = keyof WebhookPayloads;

/** The JSON body of a message, as the receiver reads it. */
export type WebhookBody = {
  [K in WebhookType]: {
    type: K;
    /** ISO, UTC: when the event happened (the same at every attempt; webhook-timestamp is the attempt's). */
    timestamp: string;
    data: WebhookPayloads[K];
  };
}[WebhookType];

/** One message to deliver: its body and its webhook-id, the receiver's key for deduplication. */
export interface WebhookMessage {
  /** webhook-id: deterministic, so a resend (after a crash, a timeout) carries the same one. */
  id: string;
  body: WebhookBody;
}

/**
 * A message about one version of a lead. Its id is `msg_` + the lead's id + `_` + the type
 * (+ `.` + the version, for leads that change): one id per event, whoever builds it and when,
 * so a message published again (at every start) is the same message and is sent once.
 */
export function webhookMessage<K extends WebhookType>(
  type: K,
  lead: { id: string; version?: number },
  timestamp: string,
  data: WebhookPayloads[K],
): WebhookMessage {
  const version = lead.version === undefined ? "" : `.${lead.version}`;
  return {
    id: `msg_${lead.id}_${type}${version}`,
    body: { type, timestamp, data } as WebhookBody,
  };
}

/** enquiry.received, for an enquiry as stored. */
export function enquiryMessage(enquiry: Enquiry): WebhookMessage {
  const field = (name: string) => enquiry[name] || null;
  return webhookMessage("enquiry.received", enquiry, enquiry.receivedAt, {
    id: enquiry.id,
    form: enquiry.form,
    receivedAt: enquiry.receivedAt,
    lang: leadLang(enquiry.lang),
    name: enquiry.fullName || enquiry.name || "",
    email: enquiry.email ?? "",
    phone: field("phone"),
    country: field("country"),
    interest: field("interest"),
    message: enquiry.message ?? "",
    campaign: enquiry.campaign ?? null,
  });
}

/** booking.created, .moved or .cancelled, for one stored version of a booking. */
export function bookingMessage(booking: Booking): WebhookMessage {
  const type =
    booking.state === "cancelled"
      ? "booking.cancelled"
      : booking.sequence === 0
        ? "booking.created"
        : "booking.moved";
  return webhookMessage(type, { id: booking.id, version: booking.sequence }, booking.updatedAt, {
    id: booking.id,
    sequence: booking.sequence,
    state: booking.state,
    mode: booking.mode,
    start: booking.start,
    end: booking.end,
    zone: booking.zone,
    lang: leadLang(booking.lang),
    name: booking.fullName,
    email: booking.email,
    phone: booking.phone,
    country: booking.country,
    interest: booking.interest,
    message: booking.message,
    cancelledBy: booking.state === "cancelled" ? (booking.cancelledBy ?? "student") : null,
    createdAt: booking.createdAt,
    campaign: booking.campaign ?? null,
  });
}

/**
 * registration.created, .promoted or .cancelled, for the event registrations: `version` is the
 * registration's own change counter (0 when created, one more at each change), `at` when the
 * change was stored.
 */
export function registrationMessage(
  type: "registration.created" | "registration.promoted" | "registration.cancelled",
  registration: RegistrationData,
  { version, at }: { version: number; at: string },
): WebhookMessage {
  return webhookMessage(type, { id: registration.id, version }, at, registration);
}
