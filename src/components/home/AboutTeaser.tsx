import { aboutTeaser } from "../../../content/home";
import { site } from "../../../content/site";
import { Section } from "../Section";

/** Home #about: who we are, with the rating, students admitted and year founded. */
export function AboutTeaser() {
  const stats = [
    { value: `${site.rating.score}/${site.rating.outOf}`, label: "average rating from students" },
    { value: `${site.rating.students}+`, label: "students admitted in the past year" },
    { value: String(site.established), label: "the year we opened our doors" },
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
