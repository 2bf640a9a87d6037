import { categories } from "../content/programmes";
import { privacy, PRIVACY_PATH } from "../content/privacy";
import { toolLinks } from "../content/navigation";
import { destinations } from "../content/destinations";
import { quickLinks, site, mailto } from "../content/site";
import { ui } from "../content/ui";
import { pages } from "../content/pages";
import { staffPagePath } from "../content/schema/pages";
import { fill } from "../lib/template";
import { Icon } from "./Icon";
import { Logo } from "./Logo";
import { Ltr } from "./Ltr";

/** Site footer: identity, contacts, three link columns, social links, office hours. */
export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section className="footer-brand" aria-labelledby="footer-brand">
          <h2 id="footer-brand" className="brand">
            <Logo />
            <span className="brand-name">{site.name}</span>
          </h2>
          <p>{site.description}</p>
          <address>
            {site.address.lines.map((line) => (
              <span key={line}>
                <Ltr>{line}</Ltr>
              </span>
            ))}
          </address>
          {/* Numbers and addresses read left to right in any language's page. */}
          <ul className="footer-contacts">
            <li>
              <a href={mailto(site.email)} dir="ltr">
                {site.email}
              </a>
            </li>
            <li>
              {ui.footer.ukPhone}{" "}
              <a href={`tel:${site.phone.tel}`} dir="ltr">
                {site.phone.display}
              </a>
            </li>
            <li>
              {ui.footer.mobile}{" "}
              <a href={`tel:${site.mobile.tel}`} dir="ltr">
                {site.mobile.display}
              </a>
            </li>
            <li>
              {ui.footer.information}{" "}
              <a href={mailto(site.infoEmail)} dir="ltr">
                {site.infoEmail}
              </a>
            </li>
            <li>
              {ui.footer.admissions}{" "}
              <a href={mailto(site.admissionsEmail)} dir="ltr">
                {site.admissionsEmail}
              </a>
            </li>
          </ul>
        </section>
        <FooterColumn
          id="footer-quick-links"
          title={ui.footer.quickLinks}
          links={[
            ...quickLinks,
            // Staff pages marked for the menu, in this language where they are published in it.
            ...pages.filter((p) => p.menu).map((p) => ({ label: p.title, href: staffPagePath(p) })),
          ]}
        />
        <FooterColumn
          id="footer-study-destinations"
          title={ui.footer.destinations}
          links={destinations.map((d) => ({ label: d.name, href: "/#destinations" }))}
        />
        <FooterColumn
          id="footer-programmes"
          title={ui.footer.programmes}
          links={[
            ...categories.map((c) => ({ label: c.name, href: c.path })),
            ...toolLinks.map(({ label, href }) => ({ label, href })),
          ]}
        />
        <section aria-labelledby="footer-hours">
          <h2 id="footer-hours">{ui.footer.officeHours}</h2>
          <dl className="hours">
            {site.officeHours.map((o) => (
              <div key={o.days}>
                <dt>{o.days}</dt>
                <dd>{o.hours}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
      <div className="container footer-bottom">
        <ul className="social" aria-label={ui.footer.followUs}>
          {site.social.map((s) => (
            <li key={s.label}>
              <a
                href={s.href}
                rel="noopener"
                aria-label={fill(ui.footer.socialLink, { name: site.name, network: s.label })}
              >
                <Icon name={s.icon} />
              </a>
            </li>
          ))}
        </ul>
        <p>{fill(ui.footer.copyright, { from: site.established, name: site.name })}</p>
        <p>
          <a href={PRIVACY_PATH}>{privacy.title}</a>
        </p>
      </div>
    </footer>
  );
}

/** A column of links; its id is fixed, not made from its title (which may be in any script). */
function FooterColumn({
  id,
  title,
  links,
}: {
  id: string;
  title: string;
  links: { label: string; href: string }[];
}) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="footer-links">
        {links.map((l) => (
          <li key={l.label}>
            <a href={l.href}>{l.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
