import type { FieldSpec } from "../../lib/enquiry";

interface Props {
  formId: string;
  field: FieldSpec;
  /** Choices of a select field. */
  options: string[];
  /** The disabled first choice of a select field. */
  placeholder: string;
}

/** One labelled form field with its hint and a slot for its error message. */
export function Field({ formId, field, options, placeholder }: Props) {
  const id = `${formId}-${field.name}`;
  const hintId = field.hint ? `${id}-hint` : undefined;
  const common = {
    id,
    name: field.name,
    required: field.required,
    autoComplete: field.autoComplete,
    "aria-describedby": hintId,
  };
  return (
    <div className={`field field-${field.type}`}>
      <label htmlFor={id}>
        {field.label}
        {field.required ? (
          <span className="required"> (required)</span>
        ) : (
          <span className="optional"> (optional)</span>
        )}
      </label>
      {field.hint && (
        <p className="field-hint" id={hintId}>
          {field.hint}
        </p>
      )}
      {field.type === "select" ? (
        <select {...common} defaultValue="">
          <option value="" disabled>
            {placeholder}
          </option>
          {options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      ) : field.type === "textarea" ? (
        <textarea {...common} rows={5} maxLength={field.maxLength} />
      ) : (
        <input {...common} type={field.type} maxLength={field.maxLength} />
      )}
      <p className="field-error" id={`${id}-error`} hidden />
    </div>
  );
}
