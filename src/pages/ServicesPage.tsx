import { ui } from "../content/ui";
import { services } from "../content/services";
import { Icon } from "../components/Icon";
import { PageHero } from "../components/PageHero";

/** /student-services: what the advisers help with, free of charge. */
export function ServicesPage() {
  const { introCard, consultation } = services;
  return (
    <>
      <PageHero eyebrow={ui.eyebrows.services} title={services.title} lead={services.intro}>
        <ul className="chips" aria-label={ui.servicesPage.chips}>
          {services.chips.map((chip) => (
            <li className="chip" key={chip}>
              {chip}
            </li>
          ))}
        </ul>
      </PageHero>
      <div className="section">
        <div className="container services-layout">
          <div className="services-main">
            <section className="card intro-card" aria-labelledby="intro-card-title">
              <h2 id="intro-card-title">{introCard.title}</h2>
              <p>{introCard.text}</p>
              <dl className="stats">
                {introCard.stats.map((s) => (
                  <div className="stat" key={s.label}>
                    <dt>{s.label}</dt>
                    <dd>{s.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
            <section aria-labelledby="service-cards-title">
              <h2 id="service-cards-title">{ui.servicesPage.cardsTitle}</h2>
              <ul className="card-grid service-cards">
                {services.cards.map((card) => (
                  <li className="card service-card" key={card.title}>
                    <span className="icon-badge">
                      <Icon name={card.icon} />
                    </span>
                    <h3>{card.title}</h3>
                    <p>{card.description}</p>
                    <ul className="ticks">
                      {card.points.map((p) => (
                        <li key={p}>{p}</li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            </section>
            <section className="card" aria-labelledby="support-items-title">
              <h2 id="support-items-title">{services.supportTitle}</h2>
              <ul className="ticks support-items">
                {services.supportItems.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </section>
          </div>
          <aside className="services-aside" aria-labelledby="categories-title">
            <div className="card">
              <h2 id="categories-title">{services.categoriesTitle}</h2>
              <ul className="category-counts">
                {services.categories.map((c) => (
                  <li key={c.name}>
                    <span>{c.name}</span>
                    <span className="count">{c.count}</span>
                  </li>
                ))}
              </ul>
            </div>
            <div className="card consultation-card">
              <h2>{consultation.title}</h2>
              <p>{consultation.text}</p>
              <a className="button button-primary" href={consultation.cta.href}>
                {consultation.cta.label}
              </a>
            </div>
          </aside>
        </div>
      </div>
    </>
  );
}
