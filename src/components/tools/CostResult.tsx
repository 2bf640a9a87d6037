import type { ReactNode } from "react";
import type { CostModel, CostAnswers } from "./costModel";
import { planCost } from "../../lib/costOfStudy";
import { fill } from "../../lib/template";
import {
  formatConverted,
  formatConvertedRange,
  formatPoundRange,
  formatPounds,
  type Range,
} from "../../lib/money";
import { SourceNote } from "./SourceNote";

interface Props {
  model: CostModel;
  answers: CostAnswers;
  /** Prefix of the element ids. */
  idPrefix: string;
  /** Heading level of the plan's sections. */
  level: "h2" | "h3";
  /** The plan's heading; "Your first year" by default. */
  title?: string;
  /** Shown under the plan's heading (the island's live summary). */
  lead?: ReactNode;
}

/** A plan worked out from the answers: the first year's costs, then the money to show. */
export function CostResult({ model, answers, idPrefix, level: Heading, title, lead }: Props) {
  const { copy, figures } = model;
  const plan = planCost(answers, figures);
  const route = figures.routes.find((r) => r.id === answers.route);
  const currency = model.currencies.find((c) => c.code === answers.currency) ?? model.currencies[0];
  const row = (label: string, pounds: Range, key: string) => (
    <tr key={key}>
      <th scope="row">{label}</th>
      <td>
        <span className="pounds">{formatPoundRange(pounds)}</span>
        <span className="converted">{formatConvertedRange(pounds, currency)}</span>
      </td>
    </tr>
  );
  const one = (n: number): Range => ({ min: n, max: n });
  return (
    <>
      <Heading id={`${idPrefix}-plan-title`}>{title ?? copy.planTitle}</Heading>
      {lead}
      <table className="tool-table plan-table" aria-labelledby={`${idPrefix}-plan-title`}>
        <thead>
          <tr>
            <th scope="col">{copy.itemColumn}</th>
            <th scope="col">{fill(copy.amountColumn, { code: currency.code })}</th>
          </tr>
        </thead>
        <tbody>
          {row(
            route?.tuitionPer === "course" ? copy.tuitionCourse : copy.tuitionYear,
            plan.tuition,
            "tuition",
          )}
          {row(fill(copy.rent, { months: plan.months }), plan.rent, "rent")}
          {row(fill(copy.living, { months: plan.months }), plan.living, "living")}
          {row(copy.visaFee, one(plan.visaFee), "visa")}
          {row(
            fill(copy.healthSurcharge, { months: answers.months }),
            one(plan.healthSurcharge),
            "ihs",
          )}
        </tbody>
        <tfoot>{row(copy.total, plan.total, "total")}</tfoot>
      </table>
      <p className="tool-note">{copy.tuitionNote}</p>
      {route?.planNote && <p className="tool-note">{route.planNote}</p>}
      <p className="tool-note">
        {fill(figures.healthSurcharge.rule, {
          perYear: formatPounds(figures.healthSurcharge.perYear),
          halfYearUpToMonths: figures.healthSurcharge.halfYearUpToMonths,
        })}{" "}
        {figures.healthSurcharge.note}
      </p>

      <div className="funds-box">
        <Heading id={`${idPrefix}-funds-title`}>{copy.fundsTitle}</Heading>
        <p>{copy.fundsIntro}</p>
        <dl className="funds">
          <div>
            <dt>
              {fill(copy.fundsLiving, {
                perMonth: formatPounds(plan.funds.perMonth),
                months: plan.funds.months,
              })}
            </dt>
            <dd>
              {formatPounds(plan.funds.living)}{" "}
              <span className="converted">({formatConverted(plan.funds.living, currency)})</span>
            </dd>
          </div>
          <div>
            <dt>{copy.fundsTuition}</dt>
            <dd>{formatPoundRange(plan.tuition)}</dd>
          </div>
          <div className="funds-total">
            <dt>{copy.fundsTotal}</dt>
            <dd>
              {formatPoundRange(plan.funds.withTuition)}{" "}
              <span className="converted">
                ({formatConvertedRange(plan.funds.withTuition, currency)})
              </span>
            </dd>
          </div>
        </dl>
        <p className="tool-note">
          {fill(copy.fundsCap, { maxMonths: figures.maintenance.maxMonths })}{" "}
          {figures.maintenance.rules.join(" ")}
        </p>
      </div>

      <div className="sources">
        <p className="sources-title">{copy.sourcesTitle}</p>
        <ul>
          {[
            figures.maintenance.source,
            figures.visaFee.source,
            figures.healthSurcharge.source,
            model.estimateSource,
          ].map((source) => (
            <li key={source.title}>
              <SourceNote source={source} />
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

/** The one sentence the live region reads out when the plan changes. */
export function costSummary(model: CostModel, answers: CostAnswers) {
  const plan = planCost(answers, model.figures);
  const currency = model.currencies.find((c) => c.code === answers.currency) ?? model.currencies[0];
  return fill(model.copy.summary, {
    total: formatPoundRange(plan.total),
    converted: formatConvertedRange(plan.total, currency),
    funds: formatPoundRange(plan.funds.withTuition),
  });
}
