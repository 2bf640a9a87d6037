/**
 * The enquiry forms' fields and rules, shared by the server-rendered markup, the browser
 * enhancement and the server that receives them: one set of rules, one set of messages.
 */

export type FormKind = "enquiry" | "consultation";

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

/** Bots fill every field; people never see this one. */
export const HONEYPOT = "website";

export const enquiryFields: FieldSpec[] = [
  {
    name: "fullName",
    label: "Full Name",
    type: "text",
    required: true,
    autoComplete: "name",
    maxLength: 100,
  },
  {
    name: "email",
    label: "Email Address",
    type: "email",
    required: true,
    autoComplete: "email",
    maxLength: 254,
  },
  {
    name: "phone",
    label: "Phone Number",
    type: "tel",
    required: true,
    autoComplete: "tel",
    maxLength: 30,
    hint: "With your country code, e.g. +44 7700 900123",
  },
  {
    name: "country",
    label: "Country",
    type: "text",
    required: true,
    autoComplete: "country-name",
    maxLength: 60,
  },
  {
    name: "interest",
    label: "Study Interest",
    type: "select",
    required: true,
    autoComplete: "off",
    maxLength: 100,
  },
  {
    name: "message",
    label: "Message",
    type: "textarea",
    required: false,
    autoComplete: "off",
    maxLength: 2000,
  },
];

export const consultationFields: FieldSpec[] = [
  {
    name: "name",
    label: "Name",
    type: "text",
    required: true,
    autoComplete: "name",
    maxLength: 100,
  },
  {
    name: "email",
    label: "Email",
    type: "email",
    required: true,
    autoComplete: "email",
    maxLength: 254,
  },
  {
    name: "message",
    label: "Message",
    type: "textarea",
    required: true,
    autoComplete: "off",
    maxLength: 2000,
  },
];

export const fieldsFor = (kind: FormKind) =>
  kind === "enquiry" ? enquiryFields : consultationFields;

export const INTEREST_PLACEHOLDER = "Select programme type";

// Deliberately simple: one @, a dot in the domain, no spaces. The adviser replies by e-mail.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Digits with optional +, spaces, dashes, dots and brackets; 7 to 15 digits in all (E.164).
const PHONE = /^\+?[\d\s().-]+$/;

export type FieldErrors = Record<string, string>;

/** Errors by field name for the posted values; empty when the submission is acceptable. */
export function validateEnquiry(
  kind: FormKind,
  values: Record<string, string | undefined>,
  interests: readonly string[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fieldsFor(kind)) {
    const value = (values[field.name] ?? "").trim();
    const label = field.label.toLowerCase();
    if (!value) {
      if (field.required)
        errors[field.name] =
          field.type === "select" ? `Please choose your ${label}.` : `Please enter your ${label}.`;
      continue;
    }
    if (value.length > field.maxLength)
      errors[field.name] = `Please keep your ${label} to ${field.maxLength} characters or fewer.`;
    else if (field.type === "email" && !EMAIL.test(value))
      errors[field.name] = "Please enter an e-mail address like name@example.com.";
    else if (field.type === "tel" && !isPhone(value))
      errors[field.name] = "Please enter a phone number of 7 to 15 digits, e.g. +44 7700 900123.";
    else if (field.type === "select" && !interests.includes(value))
      errors[field.name] = `Please choose your ${label} from the list.`;
  }
  return errors;
}

function isPhone(value: string) {
  const digits = value.replace(/\D/g, "").length;
  return PHONE.test(value) && digits >= 7 && digits <= 15;
}
