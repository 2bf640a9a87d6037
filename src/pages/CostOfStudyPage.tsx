import { costCopy as copy } from "../content/costOfStudy";
import { PageHero } from "../components/PageHero";
import { Section } from "../components/Section";
import { costModel } from "../components/tools/costModel";
import { FigureTables } from "../components/tools/FigureTables";
import { WorkedExample } from "../components/tools/WorkedExample";
import { CostPlanner } from "../islands/CostPlanner";
import { ToolSection } from "../components/tools/ToolSection";
import { Island } from "../islands/Island";

/** /cost-of-study: the planner, then every figure it uses as tables and a worked example. */
export function CostOfStudyPage() {
  return (
    <>
      <PageHero eyebrow={copy.eyebrow} title={copy.title} lead={copy.lead} />
      <ToolSection id="planner" noScript={copy.noScript}>
        <Island name="CostPlanner" component={CostPlanner} props={{}} hydrate="interaction" />
      </ToolSection>
      <Section
        id="figures"
        title={copy.figuresTitle}
        intro={copy.figuresIntro}
        className="section-tint"
      >
        <FigureTables model={costModel} />
      </Section>
      <Section id="worked-example" title={copy.exampleTitle}>
        <WorkedExample model={costModel} />
      </Section>
      <Section id="estimates" title={copy.estimatesTitle} className="section-tint">
        <p className="prose-measure">{copy.estimatesText}</p>
        <p className="section-cta tool-ctas">
          <a className="button button-primary" href={copy.adviserCta.href}>
            {copy.adviserCta.label}
          </a>
          <a className="button button-outline" href={copy.finderCta.href}>
            {copy.finderCta.label}
          </a>
        </p>
      </Section>
    </>
  );
}
