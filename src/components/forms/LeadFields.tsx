import { ui } from "../../content/ui";
import { studyInterests } from "../../content/home";
import {
  fieldsFor,
  HONEYPOT,
  interestPlaceholder,
  type AnyFormKind,
  type EnquiryValues,
  type FieldErrors,
} from "../../lib/enquiry";
import { Field } from "./Field";

/**
 * A form's fields for the student's details, as its kind lists them, with what was posted and
 * the server's messages (the Study Interest choices from src/content/home.ts, which the server
 * checks posts against); then the field people never see, which only bots fill in.
 */
export function LeadFields({
  formId,
  kind,
  values,
  errors,
}: {
  formId: string;
  kind: AnyFormKind;
  values: EnquiryValues;
  errors: FieldErrors;
}) {
  return (
    <>
      {fieldsFor(kind).map((field) => (
        <Field
          key={field.name}
          formId={formId}
          field={field}
          options={studyInterests}
          placeholder={interestPlaceholder()}
          value={values[field.name]}
          error={errors[field.name]}
        />
      ))}
      <div className="hp" aria-hidden="true">
        <label htmlFor={`${formId}-${HONEYPOT}`}>{ui.forms.honeypot}</label>
        <input
          id={`${formId}-${HONEYPOT}`}
          name={HONEYPOT}
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
    </>
  );
}
