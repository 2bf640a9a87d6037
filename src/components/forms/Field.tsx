import { ui } from "../../content/ui";
import { fieldIds, type FieldSpec } from "../../lib/enquiry";

interface Props {
  formId: string;
  field: FieldSpec;
  /** Choices of a select field. */
  options: { value: string; label: string }[];
  /** The disabled first choice of a select field. */
  placeholder: string;
  /** Value to show, e.g. what was posted when the server sends the form back. */
  value?: string;
  /** Message to show under the field (server-side validation without JavaScript). */
  error?: string;
}

/** One labelled form field with its hint and a slot for its error message. */
export function Field({ formId, field, options, placeholder, value, error }: Props) {
  const ids = fieldIds(formId, field.name);
  const describedBy = [field.hint && ids.hint, error && ids.error].filter(Boolean).join(" ");
  const common = {
    id: ids.id,
    name: field.name,
    required: field.required,
    autoComplete: field.autoComplete,
    "aria-describedby": describedBy || undefined,
    "aria-invalid": error ? true : undefined,
  };
  return (
    <div className={`field field-${field.type}`}>
      <label htmlFor={ids.id}>
        {field.label}
        {field.required ? (
          <span className="required">{ui.forms.required}</span>
        ) : (
          <span className="optional">{ui.forms.optional}</span>
        )}
      </label>
      {field.hint && (
        <p className="field-hint" id={ids.hint}>
          {field.hint}
        </p>
      )}
      {field.type === "select" ? (
        <select
          {...common}
          defaultValue={value && options.some((o) => o.value === value) ? value : ""}
        >
          <option value="" disabled>
            {placeholder}
          </option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : field.type === "textarea" ? (
        <textarea {...common} rows={5} maxLength={field.maxLength} defaultValue={value} />
      ) : (
        <input
          {...common}
          type={field.type}
          maxLength={field.maxLength}
          defaultValue={value}
          {...(field.type === "email" ? { spellCheck: false, autoCapitalize: "off" } : {})}
        />
      )}
      <p className="field-error" id={ids.error} hidden={!error}>
        {error && <ErrorText message={error} />}
      </p>
    </div>
  );
}

/** "Error:" is read out before the message; the styling already shows it to sighted visitors. */
export function ErrorText({ message }: { message: string }) {
  return (
    <>
      <span className="visually-hidden">{ui.forms.errorPrefix}</span>
      {message}
    </>
  );
}
