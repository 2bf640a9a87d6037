import { formatAsOf } from "../lib/asOf";
import { readingTime } from "../lib/intlWords";
import { fill } from "../lib/template";
import { ui } from "../content/ui";
import type { Guide } from "../content/types";
import { GuideBlocks } from "../components/GuideBlocks";
import { PageHero } from "../components/PageHero";

interface Props {
  guide: Guide;
}

/** A guide page: the article with a contents list and a way to ask an adviser. */
export function GuidePage({ guide }: Props) {
  return (
    <>
      <PageHero
        eyebrow={fill(ui.guidePage.eyebrow, {
          readingTime: readingTime(guide.minutes),
          date: formatAsOf(guide.updated),
        })}
        title={guide.title}
        lead={guide.summary}
      />
      <div className="section">
        <div className="container guide-layout">
          <nav className="card guide-toc" aria-labelledby="toc-title">
            <h2 id="toc-title">{ui.guidePage.contents}</h2>
            <ol>
              {guide.sections.map((s) => (
                <li key={s.id}>
                  <a href={`#${s.id}`}>{s.title}</a>
                </li>
              ))}
            </ol>
          </nav>
          <article className="prose guide-body">
            {guide.sections.map((s) => (
              <section id={s.id} key={s.id} aria-labelledby={`${s.id}-title`}>
                <h2 id={`${s.id}-title`}>{s.title}</h2>
                <GuideBlocks blocks={s.paragraphs} />
              </section>
            ))}
            <aside className="card guide-cta" aria-label={ui.common.askAdviser}>
              <p>{ui.guidePage.ctaText}</p>
              <a className="button button-primary" href="/contact#contact-form">
                {ui.common.askAdviser}
              </a>
              <a className="button button-outline" href="/#blog">
                {ui.guidePage.moreGuides}
              </a>
            </aside>
          </article>
        </div>
      </div>
    </>
  );
}
