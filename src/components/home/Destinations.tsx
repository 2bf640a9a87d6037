import { destinationsSection } from "../../../content/home";
import { destinations } from "../../../content/destinations";
import { Section } from "../Section";

/** Home #destinations: the ten study destinations and why students choose each. */
export function Destinations() {
  return (
    <Section id="destinations" title={destinationsSection.title} intro={destinationsSection.intro}>
      <ul className="destination-grid">
        {destinations.map((d) => (
          <li className="destination" key={d.name}>
            <span className="destination-flag" aria-hidden="true">
              {d.flag}
            </span>
            <h3>{d.name}</h3>
            <p>{d.why}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
