import { site, mailto, whatsappLink } from "../../content/site";
import { Icon } from "./Icon";

/** Floating quick-contact buttons on every page: WhatsApp, call, e-mail. */
export function QuickContact() {
  const links = [
    { icon: "whatsapp", label: "Chat on WhatsApp", href: whatsappLink() },
    { icon: "phone", label: `Call ${site.phone.display}`, href: `tel:${site.phone.tel}` },
    { icon: "mail", label: `E-mail ${site.admissionsEmail}`, href: mailto(site.admissionsEmail) },
  ] as const;
  return (
    <aside className="quick-contact" aria-label="Quick contact">
      <ul>
        {links.map((l) => (
          <li key={l.icon}>
            <a className={`quick-${l.icon}`} href={l.href} aria-label={l.label} title={l.label}>
              <Icon name={l.icon} />
            </a>
          </li>
        ))}
      </ul>
    </aside>
  );
}
