import { destinationsSection } from "../../content/home";
import { destinations } from "../../content/destinations";
import { Section } from "../Section";
import { Flag } from "../Flag";

/** Home #destinations: the ten study destinations and why students choose each. */
export function Destinations() {
  return (
    <Section id="destinations" title={destinationsSection.title} intro={destinationsSection.intro}>
      <ul className="destination-grid">
        {destinations.map((d) => (
          <li className="destination" key={d.name}>
            <Flag code={d.countryCode} className="destination-flag" />
            <h3>{d.name}</h3>
            <p>{d.why}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
