import type { Home, Place } from "../../lib/costOfStudy";
import { formatPoundRange, formatPounds } from "../../lib/money";
import { fill } from "../../lib/template";
import type { CostModel } from "./costModel";
import { SourceNote } from "./SourceNote";

/** Every figure of the planner as tables: official figures, tuition, living costs, rates. */
export function FigureTables({ model }: { model: CostModel }) {
  const { copy, figures } = model;
  const places = model.questions.find((q) => q.id === "place")?.choices ?? [];
  const homes = model.questions.find((q) => q.id === "home")?.choices ?? [];
  const rent = (place: string, home: string) => figures.rentPerMonth[place as Place][home as Home];
  const living = (place: string) => figures.livingPerMonth[place as Place];
  return (
    <>
      <h3 id="official-title">{copy.officialTitle}</h3>
      <div className="table-scroll">
        <table className="tool-table" aria-labelledby="official-title">
          <thead>
            <tr>
              <th scope="col">{copy.officialFigure}</th>
              <th scope="col">{copy.officialAmount}</th>
              <th scope="col">{copy.officialSource}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{copy.visaFeeRow}</th>
              <td>{formatPounds(figures.visaFee.amount)}</td>
              <td>
                <SourceNote source={figures.visaFee.source} />
              </td>
            </tr>
            <tr>
              <th scope="row">{copy.healthRow}</th>
              <td>{formatPounds(figures.healthSurcharge.perYear)}</td>
              <td>
                <SourceNote source={figures.healthSurcharge.source} />
              </td>
            </tr>
            {places.map((place) => (
              <tr key={place.value}>
                <th scope="row">{fill(copy.maintenanceRow, { place: place.label })}</th>
                <td>{formatPounds(figures.maintenance.perMonth[place.value as Place])}</td>
                <td>
                  <SourceNote source={figures.maintenance.source} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="tool-note">
        {fill(figures.healthSurcharge.rule, {
          perYear: formatPounds(figures.healthSurcharge.perYear),
          halfYearUpToMonths: figures.healthSurcharge.halfYearUpToMonths,
        })}{" "}
        {fill(copy.fundsCap, { maxMonths: figures.maintenance.maxMonths })}{" "}
        {figures.maintenance.rules.join(" ")}
      </p>

      <h3 id="tuition-title">{copy.tuitionTitle}</h3>
      <div className="table-scroll">
        <table className="tool-table" aria-labelledby="tuition-title">
          <thead>
            <tr>
              <th scope="col">{copy.routeColumn}</th>
              <th scope="col">{copy.tuitionColumn}</th>
            </tr>
          </thead>
          <tbody>
            {figures.routes.map((r) => (
              <tr key={r.id}>
                <th scope="row">{r.name}</th>
                <td>
                  {formatPoundRange(r.tuition)}{" "}
                  {r.tuitionPer === "year" ? copy.perYear : copy.perCourse}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="tool-note">{copy.tuitionNote}</p>

      <h3 id="living-title">{copy.livingTitle}</h3>
      <div className="table-scroll">
        <table className="tool-table" aria-labelledby="living-title">
          <thead>
            <tr>
              <th scope="col">{copy.costColumn}</th>
              {places.map((p) => (
                <th scope="col" key={p.value}>
                  {p.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {homes.map((h) => (
              <tr key={h.value}>
                <th scope="row">{h.label}</th>
                {places.map((p) => (
                  <td key={p.value}>{formatPoundRange(rent(p.value, h.value))}</td>
                ))}
              </tr>
            ))}
            <tr>
              <th scope="row">{copy.livingColumn}</th>
              {places.map((p) => (
                <td key={p.value}>{formatPoundRange(living(p.value))}</td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>

      <h3 id="rates-title">{copy.ratesTitle}</h3>
      <p>{copy.ratesIntro}</p>
      <div className="table-scroll">
        <table className="tool-table" aria-labelledby="rates-title">
          <thead>
            <tr>
              <th scope="col">{copy.currencyColumn}</th>
              <th scope="col">{copy.rateColumn}</th>
            </tr>
          </thead>
          <tbody>
            {model.currencies.map((c) => (
              <tr key={c.code}>
                <th scope="row">
                  {c.name} ({c.code})
                </th>
                <td>
                  {c.symbol}
                  {c.perPound}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="tool-note">
        <SourceNote source={model.estimateSource} />
      </p>
    </>
  );
}
