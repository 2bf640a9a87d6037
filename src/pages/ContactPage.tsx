import { fill } from "../lib/template";
import { ui } from "../content/ui";
import { site, mapsLink } from "../content/site";
import { ContactSection } from "../components/ContactSection";
import { PageHero } from "../components/PageHero";
import { OfficeMap } from "../components/OfficeMap";

/** /contact: hero with the office map facade, then the contact section and form. */
export function ContactPage() {
  return (
    <>
      <PageHero
        eyebrow={ui.eyebrows.contact}
        title={ui.contactPage.formTitle}
        lead={fill(ui.contactPage.lead, { replyTime: site.replyTime })}
      >
        <OfficeMap
          query={site.address.mapQuery}
          address={site.address.lines.join(", ")}
          openHref={mapsLink}
        />
      </PageHero>
      <ContactSection formId="contact-form" />
    </>
  );
}
