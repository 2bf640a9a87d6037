import { careers } from "../../content/home";
import { Section } from "../Section";

/** Home #careers: working with us. */
export function Careers() {
  return (
    <Section id="careers" title={careers.title} className="careers">
      <div className="prose">
        {careers.paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
        <a className="button button-outline" href={careers.cta.href}>
          {careers.cta.label}
        </a>
      </div>
    </Section>
  );
}
