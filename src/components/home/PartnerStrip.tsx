import { ui } from "../../content/ui";
import { partners } from "../../content/home";
import type { Partner } from "../../content/types";

/** Partner universities as wordmarks; a hidden second copy lets the CSS loop run seamlessly. */
export function PartnerStrip() {
  const wordmarks = (copy: boolean) =>
    partners.map((p: Partner) => (
      <li className="partner" key={p.name} aria-hidden={copy || undefined}>
        <span className="partner-monogram" aria-hidden="true">
          {p.monogram}
        </span>
        <span className="partner-name">
          {p.name}
          <span className="partner-city">{p.city}</span>
        </span>
      </li>
    ));
  return (
    <section id="universities" className="partners" aria-labelledby="universities-title">
      <div className="container">
        <h2 id="universities-title" className="partners-title">
          {ui.home.partners}
        </h2>
      </div>
      <div className="partner-viewport">
        <ul className="partner-track">
          {wordmarks(false)}
          {wordmarks(true)}
        </ul>
      </div>
    </section>
  );
}
