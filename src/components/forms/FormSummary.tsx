import {
  fieldIds,
  fieldsFor,
  summaryTitle,
  type FieldErrors,
  type AnyFormKind,
} from "../../lib/enquiry";

interface Props {
  formId: string;
  kind: AnyFormKind;
  /** Messages by field name; none: the (hidden) slot the browser enhancement fills. */
  errors?: FieldErrors;
}

/** The error summary above the fields: links to every invalid field, in form order. */
export function FormSummary({ formId, kind, errors = {} }: Props) {
  const invalid = fieldsFor(kind).filter((f) => errors[f.name]);
  const titleId = `${formId}-summary-title`;
  if (!invalid.length) return <div className="form-summary" tabIndex={-1} hidden />;
  return (
    <div className="form-summary" tabIndex={-1} role="group" aria-labelledby={titleId}>
      <h3 className="form-summary-title" id={titleId}>
        {summaryTitle(invalid.length)}
      </h3>
      <ul className="form-summary-list">
        {invalid.map((f) => (
          <li key={f.name}>
            <a href={`#${fieldIds(formId, f.name).id}`}>{errors[f.name]}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
