import { guidesSection } from "../../content/home";
import { guides } from "../../content/guides";
import { readingTime } from "../../lib/intlWords";
import { Picture } from "../Picture";
import { Section } from "../Section";

/** Home #blog: a card per guide page. */
export function GuidesSection() {
  return (
    <Section
      id="blog"
      title={guidesSection.title}
      intro={guidesSection.intro}
      className="section-tint"
    >
      <ul className="card-grid guide-cards">
        {guides.map((guide) => (
          <li className="card guide-card" key={guide.slug}>
            <Picture image={guide.image} className="card-image" />
            <h3>
              <a className="card-link" href={`/guides/${guide.slug}`}>
                {guide.title}
              </a>
            </h3>
            <p>{guide.summary}</p>
            <p className="card-meta">{readingTime(guide.minutes)}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
