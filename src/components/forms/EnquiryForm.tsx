import { courseCards } from "../../../content/home";
import { site, mailto } from "../../../content/site";
import { enquiryEndpoint } from "../../config";
import { fieldsFor, HONEYPOT, INTEREST_PLACEHOLDER, type FormKind } from "../../lib/enquiry";
import { Field } from "./Field";

interface Props {
  kind: FormKind;
  /** Element id, the #anchor links land on. */
  id: string;
  /** Accessible name of the form. */
  label: string;
  submitLabel: string;
}

/**
 * An enquiry form that works as plain HTML (POST to the configured endpoint, or a pre-filled
 * e-mail when none is configured); src/client/forms.ts adds inline messages, drafts and toasts.
 */
export function EnquiryForm({ kind, id, label, submitLabel }: Props) {
  const endpoint = enquiryEndpoint;
  const options = courseCards.map((c) => c.title);
  return (
    <form
      id={id}
      className="enquiry-form"
      aria-label={label}
      method="post"
      action={endpoint || mailto(site.admissionsEmail)}
      encType={endpoint ? "application/x-www-form-urlencoded" : "text/plain"}
      data-enquiry={kind}
      data-mailto={site.admissionsEmail}
    >
      <input type="hidden" name="form" value={kind} />
      <div className="form-summary" tabIndex={-1} hidden />
      {fieldsFor(kind).map((field) => (
        <Field
          key={field.name}
          formId={id}
          field={field}
          options={options}
          placeholder={INTEREST_PLACEHOLDER}
        />
      ))}
      <div className="hp" aria-hidden="true">
        <label htmlFor={`${id}-${HONEYPOT}`}>Leave this field empty</label>
        <input
          id={`${id}-${HONEYPOT}`}
          name={HONEYPOT}
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
      <div className="form-actions">
        <button type="submit" className="button button-primary">
          {submitLabel}
        </button>
        <p className="form-note">
          {endpoint
            ? `An adviser replies ${site.replyTime}. We use your details only to answer you.`
            : `Sending opens your e-mail app with your enquiry ready to send to ${site.admissionsEmail}.`}
        </p>
      </div>
      <div className="form-failure" hidden />
    </form>
  );
}
