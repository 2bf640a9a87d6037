import { site, mailto, whatsappLink } from "../content/site";
import { ui } from "../content/ui";
import { fill } from "../lib/template";
import { Icon } from "./Icon";

/**
 * One corner button on every page that opens the three ways to reach us: WhatsApp, call, e-mail.
 * A native disclosure, so it opens with JavaScript off; src/client/quickContact.ts adds Escape,
 * a click outside and focus leaving to close it.
 */
export function QuickContact() {
  const links = [
    { icon: "whatsapp", label: ui.quickContact.chatLabel, href: whatsappLink() },
    {
      icon: "phone",
      label: fill(ui.quickContact.callLabel, { number: site.phone.display }),
      href: `tel:${site.phone.tel}`,
    },
    {
      icon: "mail",
      label: fill(ui.quickContact.mailLabel, { address: site.admissionsEmail }),
      href: mailto(site.admissionsEmail),
    },
  ] as const;
  return (
    <aside className="quick-contact" aria-label={ui.quickContact.name}>
      <details data-quick-contact>
        <summary aria-controls="quick-contact-links" title={ui.quickContact.toggle}>
          <Icon name="chat" className="quick-contact-open" />
          <Icon name="x" className="quick-contact-close" />
          <span className="visually-hidden">{ui.quickContact.toggle}</span>
        </summary>
        <ul id="quick-contact-links">
          {links.map((l) => (
            <li key={l.icon}>
              <a className={`quick-${l.icon}`} href={l.href} aria-label={l.label} title={l.label}>
                <Icon name={l.icon} />
              </a>
            </li>
          ))}
        </ul>
      </details>
    </aside>
  );
}
