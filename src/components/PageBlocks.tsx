/**
 * The blocks of a page staff compose (src/content/schema/pages.ts), each drawn by the site's own
 * components and classes. Reads content only through modules the editor's preview has as plain
 * modules, so the preview draws the same blocks (src/cms/pagePreview.tsx). A new block: its
 * schema there, its case here, nothing else (the editor's widget and the preview follow).
 */
import { categories } from "../content/programmes";
import { guides } from "../content/guides";
import { destinations } from "../content/destinations";
import { testimonials } from "../content/testimonials";
import { events } from "../events/content";
import { eventPath } from "../lib/events";
import { readingTime } from "../lib/intlWords";
import { readMarkdownBody } from "../content/guideMarkdown";
import type { PageAction, PageBlock, StaffPage } from "../content/schema/pages";
import type { Image } from "../content/schema/common";
import { GuideBlocks } from "./GuideBlocks";
import { PageHero } from "./PageHero";
import { Picture } from "./Picture";
import { Illustration } from "./Illustration";
import { Section } from "./Section";
import { SourceNote } from "./tools/SourceNote";

/** Where a call to action leads, the page's campaign in its address. */
export function actionHref(action: PageAction, campaign?: string) {
  const query = campaign ? `?campaign=${encodeURIComponent(campaign)}` : "";
  return action.to === "booking" ? `/book${query}` : `/contact${query}#contact-form`;
}

function ActionLink({ action, campaign }: { action: PageAction; campaign?: string }) {
  return (
    <a className="button button-accent" href={actionHref(action, campaign)}>
      {action.label}
    </a>
  );
}

type CardsBlock = Extract<PageBlock, { type: "cards" }>;

interface Card {
  key: string;
  title: string;
  href: string;
  text: string;
  image?: Image;
  meta?: string;
}

/** The cards of a cards block, in the order of its lists: each from the content it names. */
function Cards({ block }: { block: CardsBlock }) {
  const cards: Card[] = [
    ...(block.programmes ?? []).flatMap((id) => {
      const c = categories.find((x) => x.id === id);
      return c
        ? [{ key: `p-${id}`, image: c.image, title: c.name, href: c.path, text: c.tagline }]
        : [];
    }),
    ...(block.guides ?? []).flatMap((slug) => {
      const g = guides.find((x) => x.slug === slug);
      return g
        ? [
            {
              key: `g-${slug}`,
              image: g.image,
              title: g.title,
              href: `/guides/${g.slug}`,
              text: g.summary,
              meta: readingTime(g.minutes),
            },
          ]
        : [];
    }),
    ...(block.events ?? []).flatMap((slug) => {
      const e = events[slug];
      return e
        ? [{ key: `e-${slug}`, title: e.title, href: eventPath(e.slug), text: e.summary }]
        : [];
    }),
    ...(block.destinations ?? []).flatMap((code) => {
      const d = destinations.find((x) => x.countryCode === code);
      return d ? [{ key: `d-${code}`, title: d.name, href: "/#destinations", text: d.why }] : [];
    }),
  ];
  const stories = (block.stories ?? []).flatMap((id) => testimonials.filter((t) => t.id === id));
  return (
    <>
      {cards.length > 0 && (
        <ul className="card-grid guide-cards">
          {cards.map((card) => (
            <li className="card guide-card" key={card.key}>
              {card.image && <Illustration image={card.image} className="card-image" cover />}
              <h3>
                <a className="card-link" href={card.href}>
                  {card.title}
                </a>
              </h3>
              <p>{card.text}</p>
              {card.meta && <p className="card-meta">{card.meta}</p>}
            </li>
          ))}
        </ul>
      )}
      {stories.length > 0 && (
        <ul className="card-grid">
          {stories.map((t) => (
            <li className="card" key={t.id}>
              <figure>
                <blockquote>
                  <p>{t.quote}</p>
                </blockquote>
                <figcaption>
                  {t.name}, {t.program}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** One block below the page's heading band. */
function Block({ block, page }: { block: PageBlock; page: StaffPage }) {
  switch (block.type) {
    case "hero":
      return null;
    case "text":
      return (
        <Section id={block.id} title={block.heading}>
          <div className="prose">
            <GuideBlocks blocks={readMarkdownBody(block.body, `${page.slug} ${block.id}`)} />
          </div>
        </Section>
      );
    case "cards":
      return (
        <Section id={block.id} title={block.heading} intro={block.intro} className="section-tint">
          <Cards block={block} />
        </Section>
      );
    case "facts":
      return (
        <Section id={block.id} title={block.heading}>
          <dl className="meta-cards">
            {block.items.map((item, i) => (
              <div className="card meta-card" key={i}>
                <dt>{item.label}</dt>
                <dd>
                  {item.value}
                  <br />
                  <SourceNote source={item.source} />
                </dd>
              </div>
            ))}
          </dl>
        </Section>
      );
    case "faq":
      return (
        <Section id={block.id} title={block.heading}>
          <div className="prose">
            {block.items.map((item, i) => (
              <details key={i}>
                <summary>{item.question}</summary>
                <p>{item.answer}</p>
              </details>
            ))}
          </div>
        </Section>
      );
    case "action":
      return (
        <Section id={block.id} title={block.heading} intro={block.text} className="section-tint">
          <ActionLink action={block} campaign={page.campaign} />
        </Section>
      );
    case "image":
      return (
        <div className="section" id={block.id}>
          <figure className="container">
            <Picture image={block.image} sizes="(min-width: 72em) 72em, 100vw" />
            {block.caption && <figcaption>{block.caption}</figcaption>}
          </figure>
        </div>
      );
  }
}

/** A page staff compose: its hero (or its title and description as one), then its blocks. */
export function PageBlocks({ page }: { page: StaffPage }) {
  const hero = page.blocks.find((b) => b.type === "hero");
  return (
    <>
      {hero ? (
        <PageHero
          title={hero.heading}
          lead={hero.text}
          media={
            hero.image && (
              <Illustration
                image={hero.image}
                className="page-hero-image"
                sizes="(min-width: 48em) 28em, 100vw"
                firstScreen
              />
            )
          }
        >
          {hero.action && <ActionLink action={hero.action} campaign={page.campaign} />}
        </PageHero>
      ) : (
        <PageHero title={page.title} lead={page.description} />
      )}
      {page.blocks.map((block) => (
        <Block key={block.id} block={block} page={page} />
      ))}
    </>
  );
}
