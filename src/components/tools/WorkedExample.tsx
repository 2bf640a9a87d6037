import { workedExample } from "../../content/costOfStudy";
import { fill } from "../../lib/template";
import type { CostModel } from "./costModel";
import { CostResult } from "./CostResult";

/** The planner's sum for one case, written out: the same figures, readable without JavaScript. */
export function WorkedExample({ model }: { model: CostModel }) {
  const label = (question: string, value: string) =>
    model.questions.find((q) => q.id === question)?.choices.find((c) => c.value === value)?.label ??
    value;
  const currency = model.currencies.find((c) => c.code === workedExample.currency);
  return (
    <>
      <p className="section-intro">
        {fill(model.copy.exampleIntro, {
          route: label("route", workedExample.route),
          place: label("place", workedExample.place),
          home: label("home", workedExample.home).toLowerCase(),
          months: workedExample.months,
          currency: currency?.name.toLowerCase() ?? workedExample.currency,
        })}
      </p>
      <div className="card worked-example">
        <CostResult
          model={model}
          answers={workedExample}
          idPrefix="example"
          level="h3"
          title={model.copy.exampleResultTitle}
        />
      </div>
    </>
  );
}
