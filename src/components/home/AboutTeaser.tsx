import { ui } from "../../content/ui";
import { aboutTeaser } from "../../content/home";
import { site } from "../../content/site";
import { Section } from "../Section";

/** Home #about: who we are, with the rating, students admitted and year founded. */
export function AboutTeaser() {
  const stats = [
    { value: `${site.rating.score}/${site.rating.outOf}`, label: ui.aboutTeaser.rating },
    { value: `${site.rating.students}+`, label: ui.aboutTeaser.admitted },
    { value: String(site.established), label: ui.aboutTeaser.opened },
  ];
  return (
    <Section id="about" title={aboutTeaser.title} className="about-teaser">
      <div className="split">
        <div className="prose">
          {aboutTeaser.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
          <a className="button button-outline" href={aboutTeaser.cta.href}>
            {aboutTeaser.cta.label}
          </a>
        </div>
        <dl className="stats">
          {stats.map((s) => (
            <div className="stat" key={s.label}>
              <dt>{s.label}</dt>
              <dd>{s.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </Section>
  );
}
