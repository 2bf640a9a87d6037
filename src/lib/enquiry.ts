/**
 * The enquiry forms' fields and rules, shared by the server-rendered markup, the browser
 * enhancement and the server that receives them: one set of rules, one set of messages.
 */
import { formWords } from "../content/forms";
import { fill } from "./template";
import { isolateLtr } from "./bidi";
import { perLocaleList } from "../i18n/scope";

/** The example phone number and address of hints and messages, isolated for right-to-left text. */
const examples = () => ({
  phone: isolateLtr(formWords.examples.phone),
  email: isolateLtr(formWords.examples.email),
});

export type FormKind = "enquiry" | "consultation";

export const formKinds: readonly FormKind[] = ["enquiry", "consultation"];

export const isFormKind = (value: unknown): value is FormKind =>
  formKinds.includes(value as FormKind);

/**
 * The forms the browser enhances: the two enquiry forms, the booking form and an event's
 * registration form (each of the last two posts to its own endpoint).
 */
export type AnyFormKind = FormKind | "booking" | "registration";

export const isAnyFormKind = (value: unknown): value is AnyFormKind =>
  value === "booking" || value === "registration" || isFormKind(value);

export interface FieldSpec {
  /** The name the field is posted under. */
  name: string;
  label: string;
  type: "text" | "email" | "tel" | "select" | "textarea";
  required: boolean;
  autoComplete: string;
  maxLength: number;
  /** Shown under the label. */
  hint?: string;
}

/** The hidden field that says which language the form was sent from (a locale code). */
export const LANG_FIELD = "lang";

/** Bots fill every field; people never see this one. */
export const HONEYPOT = "website";

/** The hidden field that says which form was sent; also the key of request-level errors. */
export const FORM_FIELD = "form";

export const enquiryFields: FieldSpec[] = perLocaleList(() => [
  {
    name: "fullName",
    label: formWords.labels.fullName,
    type: "text",
    required: true,
    autoComplete: "name",
    maxLength: 100,
  },
  {
    name: "email",
    label: formWords.labels.emailAddress,
    type: "email",
    required: true,
    autoComplete: "email",
    maxLength: 254,
  },
  {
    name: "phone",
    label: formWords.labels.phoneNumber,
    type: "tel",
    required: true,
    autoComplete: "tel",
    maxLength: 30,
    hint: fill(formWords.phoneHint, examples()),
  },
  {
    name: "country",
    label: formWords.labels.country,
    type: "text",
    required: true,
    autoComplete: "country-name",
    maxLength: 60,
  },
  {
    name: "interest",
    label: formWords.labels.studyInterest,
    type: "select",
    required: true,
    autoComplete: "off",
    maxLength: 100,
  },
  {
    name: "message",
    label: formWords.labels.message,
    type: "textarea",
    required: false,
    autoComplete: "off",
    maxLength: 2000,
  },
]);

export const consultationFields: FieldSpec[] = perLocaleList(() => [
  {
    name: "name",
    label: formWords.labels.name,
    type: "text",
    required: true,
    autoComplete: "name",
    maxLength: 100,
  },
  {
    name: "email",
    label: formWords.labels.emailShort,
    type: "email",
    required: true,
    autoComplete: "email",
    maxLength: 254,
  },
  {
    name: "message",
    label: formWords.labels.message,
    type: "textarea",
    required: true,
    autoComplete: "off",
    maxLength: 2000,
  },
]);

const enquiryField = (name: string) => {
  const field = enquiryFields.find((f) => f.name === name);
  if (!field) throw new Error(`No enquiry field ${name}`);
  return field;
};

/**
 * An event's registration: who and where from, and optionally what they would like to study
 * (the enquiry form's Study Interest choices), so the advisers can follow up.
 */
export const registrationFields: FieldSpec[] = perLocaleList(() => [
  enquiryField("fullName"),
  enquiryField("email"),
  enquiryField("country"),
  { ...enquiryField("interest"), required: false },
]);

/** The booking form asks what the enquiry form asks. */
export const fieldsFor = (kind: AnyFormKind) =>
  kind === "consultation"
    ? consultationFields
    : kind === "registration"
      ? registrationFields
      : enquiryFields;

/** The Study Interest list's first, empty choice. */
export const interestPlaceholder = () => formWords.interestPlaceholder;

// Deliberately simple: one @, a dot in the domain, no spaces. The adviser replies by e-mail.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Digits with optional +, spaces, dashes, dots and brackets; 7 to 15 digits in all (E.164).
const PHONE = /^\+?[\d\s().-]+$/;
// C0 and C1 controls and DEL: invisible, and able to break the e-mails and CSV the enquiry becomes.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// A message may keep its line breaks and tabs.
// eslint-disable-next-line no-control-regex
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

export type FieldErrors = Record<string, string>;

export type EnquiryValues = Record<string, string>;

/**
 * A posted value as it is checked and stored: trimmed, with CRLF line breaks (which form
 * submission adds to textareas) counted as the single LF the visitor typed.
 */
export const normaliseValue = (value: string | null | undefined) =>
  (value ?? "").replace(/\r\n?/g, "\n").trim();

/** The known fields of a form, normalised; anything else that was posted is dropped. */
export function enquiryValues(
  kind: AnyFormKind,
  get: (name: string) => string | null | undefined,
): EnquiryValues {
  return Object.fromEntries(fieldsFor(kind).map((f) => [f.name, normaliseValue(get(f.name))]));
}

/** The message for one field's value, or undefined when it is acceptable. */
export function fieldError(
  field: FieldSpec,
  raw: string | null | undefined,
  interests: readonly string[],
): string | undefined {
  const value = normaliseValue(raw);
  const label = field.label.toLowerCase();
  if (!value) {
    if (!field.required) return undefined;
    return fill(field.type === "select" ? formWords.notChosen : formWords.missing, { label });
  }
  if ((field.type === "textarea" ? CONTROL_IN_TEXT : CONTROL).test(value))
    return fill(formWords.controls, { label });
  if (value.length > field.maxLength)
    return fill(formWords.tooLong, { label, max: field.maxLength });
  if (field.type === "email" && !EMAIL.test(value)) return fill(formWords.emailWrong, examples());
  if (field.type === "tel" && !isPhone(value)) return fill(formWords.badPhone, examples());
  if (field.type === "select" && !interests.includes(value))
    return fill(formWords.notInList, { label });
  return undefined;
}

/** Errors by field name for the posted values; empty when the submission is acceptable. */
export function validateEnquiry(
  kind: AnyFormKind,
  values: Record<string, string | null | undefined>,
  interests: readonly string[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fieldsFor(kind)) {
    const message = fieldError(field, values[field.name], interests);
    if (message) errors[field.name] = message;
  }
  return errors;
}

function isPhone(value: string) {
  const digits = value.replace(/\D/g, "").length;
  return PHONE.test(value) && digits >= 7 && digits <= 15;
}

/** Subject line of an enquiry sent another way (e-mail, WhatsApp). */
export const enquirySubject = (kind: AnyFormKind) => formWords.anotherWay.subjects[kind];

/** The enquiry as plain text, for a pre-filled e-mail or WhatsApp message. */
export function enquiryText(kind: AnyFormKind, values: Record<string, string | null | undefined>) {
  const lines = fieldsFor(kind)
    .map((f) => [f.label, normaliseValue(values[f.name])] as const)
    .filter(([, value]) => value)
    .map(([label, value]) => (value.includes("\n") ? `${label}:\n${value}` : `${label}: ${value}`));
  return [formWords.anotherWay.openings[kind], "", ...lines].join("\n");
}

/** A mailto: link with subject and body filled in (RFC 6068: CRLF line breaks, %20 spaces). */
export const mailtoWithBody = (address: string, subject: string, body: string) =>
  `mailto:${address}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(
    body.replace(/\r?\n/g, "\r\n"),
  )}`;

/** What a visitor over the rate limit is told (429), beside the retry / WhatsApp / e-mail choices. */
export function rateLimitMessage(retryAfterS: number) {
  const wait =
    retryAfterS <= 60
      ? formWords.aMinute
      : fill(formWords.minutes, { minutes: Math.ceil(retryAfterS / 60) });
  return fill(formWords.rateLimited, { wait });
}

/** Heading of the error summary above an invalid form. */
export const summaryTitle = (count: number) =>
  count === 1 ? formWords.fixOne : fill(formWords.fixMany, { count });

/** Ids of a field's parts, shared by the server markup and the browser enhancement. */
export const fieldIds = (formId: string, name: string) => {
  const id = `${formId}-${name}`;
  return { id, hint: `${id}-hint`, error: `${id}-error` };
};
