import type { RouteModel } from "./routeModel";

/** The route finder's rules as the table it reads, top row first. */
export function DecisionTable({ model }: { model: RouteModel }) {
  const { copy } = model;
  const asked = model.questions.filter((q) => model.rules.some((r) => q.id in r.when));
  const routeName = (id: string) => model.routes.find((r) => r.id === id)?.name ?? id;
  return (
    <div className="table-scroll">
      <table className="tool-table decision-table">
        <thead>
          <tr>
            {asked.map((q) => (
              <th scope="col" key={q.id}>
                {q.short}
              </th>
            ))}
            <th scope="col">{copy.routeColumn}</th>
          </tr>
        </thead>
        <tbody>
          {model.rules.map((rule, i) => (
            <tr key={i}>
              {asked.map((q) => (
                <td key={q.id} className={rule.when[q.id] ? undefined : "any"}>
                  {rule.when[q.id]
                    ? q.choices
                        .filter((c) => rule.when[q.id]?.includes(c.value))
                        .map((c) => c.label)
                        .join(", ")
                    : copy.anyAnswer}
                </td>
              ))}
              <td>
                {rule.routes.map((id, j) => (
                  <span key={id}>
                    {j > 0 && copy.routesJoiner}
                    <a href={`#route-${id}`}>{routeName(id)}</a>
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
