import type { Question } from "../../content/types";

interface Props {
  /** Prefix of the element ids (explicit: useId differs between page and island trees). */
  idPrefix: string;
  question: Question;
  /** The checked choice; none when not answered yet. */
  value: string | undefined;
  onChange: (value: string) => void;
}

/** A question as a fieldset of radio buttons: arrow keys move between choices natively. */
export function RadioGroup({ idPrefix, question, value, onChange }: Props) {
  const id = `${idPrefix}-${question.id}`;
  return (
    <fieldset className="radio-group" aria-describedby={question.hint ? `${id}-hint` : undefined}>
      <legend>{question.legend}</legend>
      {question.hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {question.hint}
        </p>
      )}
      <div className="radio-choices">
        {question.choices.map((choice) => (
          <div className="radio-choice" key={choice.value}>
            <input
              type="radio"
              id={`${id}-${choice.value}`}
              name={question.id}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
            />
            <label htmlFor={`${id}-${choice.value}`}>{choice.label}</label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
