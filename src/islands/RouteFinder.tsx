import { useMemo, useRef } from "react";
import { RadioGroup } from "../components/tools/RadioGroup";
import { RouteCard } from "../components/tools/RouteCard";
import { routeModel, type RouteModel } from "../components/tools/routeModel";
import {
  describeAnswers,
  enquiryHref,
  findRoute,
  nextIntake,
  validAnswers,
  type Answers,
} from "../lib/routeFinder";
import { fill } from "../lib/template";
import { useQueryState, type QuerySchema } from "./useQueryState";

export interface RouteFinderProps {
  /** The questions, rules and routes: by default the page language's, bundled with the island's code. */
  model?: RouteModel;
}

const ID = "finder";

function schemaFor(model: RouteModel): QuerySchema<Answers> {
  return {
    initial: Object.fromEntries(model.questions.map((q) => [q.id, undefined])),
    clean: (raw) => validAnswers(model.questions, raw),
  };
}

/** The route finder: four questions, and the routes that fit, kept in the URL. */
export function RouteFinder({ model = routeModel }: RouteFinderProps) {
  const form = useRef<HTMLFormElement>(null);
  const schema = useMemo(() => schemaFor(model), [model]);
  const [answers, update] = useQueryState(schema, form);
  const { copy } = model;
  const outcome = findRoute(model.rules, answers);
  const routes =
    outcome.kind === "decided"
      ? outcome.rule.routes.flatMap((id) => model.routes.filter((r) => r.id === id))
      : [];
  const names = routes.map((r) => r.name).join(copy.routesJoiner);
  const message = fill(copy.enquiryMessage, {
    answers: describeAnswers(model.questions, answers),
    routes: names,
  });

  return (
    <div className="tool">
      <form
        ref={form}
        className="tool-form card"
        aria-labelledby={`${ID}-form-title`}
        onSubmit={(event) => event.preventDefault()}
      >
        <h2 id={`${ID}-form-title`}>{copy.toolTitle}</h2>
        {model.questions.map((q) => (
          <RadioGroup
            key={q.id}
            idPrefix={ID}
            question={q}
            value={answers[q.id]}
            onChange={(value) => update({ [q.id]: value })}
          />
        ))}
      </form>
      <section className="tool-result" aria-labelledby={`${ID}-result-title`}>
        <h2 id={`${ID}-result-title`}>{copy.resultTitle}</h2>
        <p className="tool-summary" aria-live="polite">
          {outcome.kind === "decided" ? fill(copy.summary, { routes: names }) : copy.pending}
        </p>
        {outcome.kind === "decided" && (
          <>
            <p>{outcome.rule.why}</p>
            {routes.map((route, i) => (
              <RouteCard
                key={route.id}
                id={`${ID}-route-${route.id}`}
                route={route}
                copy={copy}
                label={i === 0 ? copy.suggestion : copy.alternative}
                intake={nextIntake(route.intakes, answers.start)}
                enquiryHref={enquiryHref(route.interest, message)}
                level="h3"
              />
            ))}
            <p className="tool-note">{copy.intakeNote}</p>
          </>
        )}
      </section>
    </div>
  );
}
