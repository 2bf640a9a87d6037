import { site, mailto, whatsappLink } from "../../content/site";
import { ui } from "../../content/ui";
import { fill } from "../lib/template";
import { Icon } from "./Icon";

/** Floating quick-contact buttons on every page: WhatsApp, call, e-mail. */
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
