import { promo } from "../../content/home";

/** The promo banner under the hero. */
export function PromoBanner() {
  return (
    <section className="promo" aria-labelledby={`${promo.id}-title`}>
      <div className="container promo-inner">
        <div>
          <p className="eyebrow">{promo.eyebrow}</p>
          <h2 id={`${promo.id}-title`}>{promo.title}</h2>
          <p>{promo.description}</p>
        </div>
        <a className="button button-accent" href={promo.cta.href}>
          {promo.cta.label}
        </a>
      </div>
    </section>
  );
}
