import { ui } from "../content/ui";
import { about } from "../content/about";
import { categories } from "../content/programmes";
import { EnquiryForm } from "../components/forms/EnquiryForm";
import { PageHero } from "../components/PageHero";

/** /about: five text sections, the consultation form, services and course links. */
export function AboutPage() {
  return (
    <>
      <PageHero eyebrow={ui.eyebrows.about} title={about.title} lead={about.intro} />
      <div className="section">
        <div className="container about-layout">
          <div className="about-main">
            {about.sections.map((section) => (
              <section
                className="prose about-section"
                id={section.id}
                key={section.id}
                aria-labelledby={`${section.id}-title`}
              >
                <h2 id={`${section.id}-title`}>{section.title}</h2>
                {section.paragraphs.map((p) => (
                  <p key={p}>{p}</p>
                ))}
              </section>
            ))}
            <section className="card form-card" aria-labelledby="consultation-title">
              <h2 id="consultation-title">{about.form.title}</h2>
              <p>{about.form.description}</p>
              <p>
                {about.form.book.lead} <a href={about.form.book.href}>{about.form.book.label}</a>
              </p>
              <EnquiryForm
                kind="consultation"
                id="consultation-form"
                label={about.form.title}
                submitLabel={ui.forms.requestConsultation}
              />
            </section>
          </div>
          <aside className="about-aside">
            <section className="card" aria-labelledby="about-services-title">
              <h2 id="about-services-title">{about.servicesTitle}</h2>
              <ul className="ticks">
                {about.services.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
            </section>
            <nav className="card" aria-labelledby="about-courses-title">
              <h2 id="about-courses-title">{ui.aboutPage.coursesTitle}</h2>
              <ul className="link-list">
                {categories.map((c) => (
                  <li key={c.id}>
                    <a href={c.path}>{c.name}</a>
                  </li>
                ))}
              </ul>
            </nav>
          </aside>
        </div>
      </div>
    </>
  );
}
