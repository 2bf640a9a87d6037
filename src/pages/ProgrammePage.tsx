import { fill } from "../lib/template";
import { ui } from "../content/ui";
import type { ProgrammeCategory } from "../content/types";
import { InlineSvg } from "../components/InlineSvg";
import { PageHero } from "../components/PageHero";
import { HighlightCards } from "../components/HighlightCards";
import { Island } from "../islands/Island";
import { ProgrammeSearch } from "../islands/ProgrammeSearch";

interface Props {
  category: ProgrammeCategory;
}

/** A programme category: hero, highlights intro, meta cards, highlight cards, searchable list. */
export function ProgrammePage({ category }: Props) {
  const count = category.groups.reduce((n, g) => n + g.programs.length, 0);
  return (
    <>
      <PageHero
        eyebrow={ui.eyebrows.programmes}
        title={category.name}
        lead={category.tagline}
        // Drawn in the page: the first screen's LCP is then its text, not a request.
        media={<InlineSvg image={category.image} className="page-hero-image" />}
      >
        <a className="button button-accent" href="/contact#contact-form">
          {ui.programmePage.askAbout}
        </a>
      </PageHero>
      <section className="section" aria-labelledby="highlights-title">
        <div className="container">
          <div className="section-head">
            <p className="eyebrow">{ui.programmePage.highlightsEyebrow}</p>
            <h2 id="highlights-title">{ui.programmePage.highlightsTitle}</h2>
            <p className="section-intro">{category.description}</p>
          </div>
          <dl className="meta-cards">
            {category.meta.map((m) => (
              <div className="card meta-card" key={m.label}>
                <dt>{m.label}</dt>
                <dd>{m.value}</dd>
              </div>
            ))}
          </dl>
          <HighlightCards items={category.highlights} />
        </div>
      </section>
      <section id="programmes" className="section section-tint" aria-labelledby="programmes-title">
        <div className="container">
          <div className="section-head">
            <h2 id="programmes-title">{fill(ui.programmeCount, { count })}</h2>
            <p className="section-intro">{ui.programmePage.searchHint}</p>
          </div>
          <Island
            name="ProgrammeSearch"
            component={ProgrammeSearch}
            props={{
              category: category.name,
              groups: category.groups,
              emptyMessage: ui.search.programmesEmpty,
            }}
            hydrate="visible"
          />
        </div>
      </section>
    </>
  );
}
