import { routeFinderCopy as copy } from "../content/routeFinder";
import { PageHero } from "../components/PageHero";
import { Section } from "../components/Section";
import { DecisionTable } from "../components/tools/DecisionTable";
import { RouteCard } from "../components/tools/RouteCard";
import { routeModel } from "../components/tools/routeModel";
import { ToolSection } from "../components/tools/ToolSection";
import { Island } from "../islands/Island";
import { RouteFinder } from "../islands/RouteFinder";
import { enquiryHref } from "../lib/routeFinder";
import { fill } from "../lib/template";

/** /find-your-route: the route finder, then its decision table and every route, readable as they are. */
export function FindYourRoutePage() {
  return (
    <>
      <PageHero eyebrow={copy.eyebrow} title={copy.title} lead={copy.lead} />
      <ToolSection id="route-finder" noScript={copy.noScript}>
        <Island name="RouteFinder" component={RouteFinder} props={{}} hydrate="interaction" />
      </ToolSection>
      <Section
        id="decision-table"
        title={copy.tableTitle}
        intro={copy.tableIntro}
        className="section-tint"
      >
        <DecisionTable model={routeModel} />
      </Section>
      <Section id="routes" title={copy.routesTitle} intro={copy.routesIntro}>
        <div className="route-cards">
          {routeModel.routes.map((route) => (
            <RouteCard
              key={route.id}
              id={`route-${route.id}`}
              route={route}
              copy={copy}
              enquiryHref={enquiryHref(
                route.interest,
                fill(copy.routeMessage, { route: route.name }),
              )}
              level="h3"
            />
          ))}
        </div>
      </Section>
    </>
  );
}
