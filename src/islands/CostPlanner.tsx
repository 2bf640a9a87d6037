import { useMemo, useRef } from "react";
import { CostResult, costSummary } from "../components/tools/CostResult";
import { costModel, type CostAnswers, type CostModel } from "../components/tools/costModel";
import { RadioGroup } from "../components/tools/RadioGroup";
import { fill } from "../lib/template";
import { useQueryState, type QuerySchema } from "./useQueryState";

export interface CostPlannerProps {
  /**
   * The figures and words: by default the page language's, bundled with the island's code (as
   * props they were 1.5 kB of JSON that pushed the Arabic page past its first round trip).
   */
  model?: CostModel;
}

type PlannerState = Record<keyof CostAnswers, string>;

function schemaFor(model: CostModel): QuerySchema<PlannerState> {
  const { defaults, questions, maxMonths } = model;
  const initial: PlannerState = { ...defaults, months: String(defaults.months) };
  return {
    initial,
    clean: (raw) => {
      const valid: Partial<PlannerState> = {};
      for (const q of questions) {
        const value = raw[q.id];
        if (value && q.choices.some((c) => c.value === value))
          valid[q.id as keyof PlannerState] = value;
      }
      const months = Number(raw.months);
      if (Number.isInteger(months) && months >= 1 && months <= maxMonths)
        valid.months = String(months);
      return valid;
    },
    // A new route starts from its usual length, unless the length is chosen at the same time.
    apply: (state, changes) => {
      const route = model.figures.routes.find((r) => r.id === changes.route);
      const months = route && !changes.months ? { months: String(route.months) } : {};
      return { ...state, ...changes, ...months };
    },
  };
}

const ID = "planner";

/** The cost planner: answers on the left, the plan on the right, both kept in the URL. */
export function CostPlanner({ model = costModel }: CostPlannerProps) {
  const form = useRef<HTMLFormElement>(null);
  const schema = useMemo(() => schemaFor(model), [model]);
  const [state, update] = useQueryState(schema, form);
  const answers = { ...state, months: Number(state.months) } as CostAnswers;
  const { copy } = model;
  const months = Array.from({ length: model.maxMonths }, (_, i) => i + 1);

  return (
    <div className="tool">
      <form
        ref={form}
        className="tool-form card"
        aria-labelledby={`${ID}-form-title`}
        onSubmit={(event) => event.preventDefault()}
      >
        <h2 id={`${ID}-form-title`}>{copy.formTitle}</h2>
        {model.questions.slice(0, 3).map((q) => (
          <RadioGroup
            key={q.id}
            idPrefix={ID}
            question={q}
            value={state[q.id as keyof PlannerState]}
            onChange={(v) => update({ [q.id]: v })}
          />
        ))}
        <div className="field">
          <label htmlFor={`${ID}-months`}>{copy.monthsLabel}</label>
          <p className="field-hint" id={`${ID}-months-hint`}>
            {copy.monthsHint}
          </p>
          <select
            id={`${ID}-months`}
            name="months"
            aria-describedby={`${ID}-months-hint`}
            value={state.months}
            onChange={(event) => update({ months: event.target.value })}
          >
            {months.map((n) => (
              <option key={n} value={n}>
                {n === 1 ? copy.monthsOptionOne : fill(copy.monthsOption, { months: n })}
              </option>
            ))}
          </select>
        </div>
        {model.questions.slice(3).map((q) => (
          <RadioGroup
            key={q.id}
            idPrefix={ID}
            question={q}
            value={state[q.id as keyof PlannerState]}
            onChange={(v) => update({ [q.id]: v })}
          />
        ))}
      </form>
      <section className="tool-result card" aria-labelledby={`${ID}-plan-title`}>
        <CostResult
          model={model}
          answers={answers}
          idPrefix={ID}
          level="h2"
          lead={
            <p className="tool-summary" aria-live="polite">
              {costSummary(model, answers)}
            </p>
          }
        />
      </section>
    </div>
  );
}
