import { fill } from "../../lib/template";
import { ui } from "../../content/ui";
import { network, mapLocations } from "../../content/home";
import { Section } from "../Section";
import { useAssets } from "../Assets";
import { MAP_SIZE } from "../../lib/worldMap";
import { Flag } from "../Flag";

/** "Our Global Network": two partner-network blocks and the build-time world map. */
export function GlobalNetwork() {
  const { worldMap } = useAssets();
  const names = mapLocations.map((l) => l.name);
  return (
    <Section id="network" title={network.title} intro={network.intro} className="network">
      <div className="network-grid">
        <div className="network-blocks">
          {network.blocks.map((block) => (
            <article className="card network-block" key={block.title}>
              <h3>{block.title}</h3>
              <p>{block.description}</p>
              <ul className="ticks">
                {block.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </article>
          ))}
        </div>
        <figure className="network-map">
          <img
            src={worldMap}
            width={MAP_SIZE.width}
            height={MAP_SIZE.height}
            loading="lazy"
            decoding="async"
            alt={fill(ui.worldMapAlt, {
              places: names.slice(0, -1).join(", "),
              last: names.at(-1) ?? "",
            })}
          />
          <figcaption>
            <ul className="map-legend">
              {mapLocations.map((l) => (
                <li key={l.name}>
                  <Flag code={l.countryCode} /> {l.name}
                </li>
              ))}
            </ul>
          </figcaption>
        </figure>
      </div>
    </Section>
  );
}
