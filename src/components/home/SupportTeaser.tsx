import { supportTeaser } from "../../content/home";
import { HighlightCards } from "../HighlightCards";
import { Section } from "../Section";

/** Home #support: a teaser of the student services. */
export function SupportTeaser() {
  return (
    <Section
      id="support"
      title={supportTeaser.title}
      intro={supportTeaser.intro}
      className="section-tint"
    >
      <HighlightCards items={supportTeaser.items} />
      <p className="section-cta">
        <a className="button button-primary" href={supportTeaser.cta.href}>
          {supportTeaser.cta.label}
        </a>
      </p>
    </Section>
  );
}
