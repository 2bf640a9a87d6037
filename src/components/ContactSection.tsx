import { ui } from "../content/ui";
import { contactSection } from "../content/home";
import { contactInfo } from "../content/site";
import { EnquiryForm } from "./forms/EnquiryForm";
import { Icon } from "./Icon";
import { Ltr } from "./Ltr";
import { isLatinRun } from "../lib/bidi";

interface Props {
  /** Id of the form, the target of links like /contact#contact-form. */
  formId: string;
}

/** The contact section (#contact): info blocks beside the enquiry form. */
export function ContactSection({ formId }: Props) {
  return (
    <section id="contact" className="section contact" aria-labelledby="contact-title">
      <div className="container contact-grid">
        <div className="contact-intro">
          <p className="eyebrow">{contactSection.subtitle}</p>
          <h2 id="contact-title">{contactSection.title}</h2>
          <p>{contactSection.description}</p>
          <ul className="contact-info">
            {contactInfo.map((block) => (
              <li key={block.label}>
                <span className="icon-badge">
                  <Icon name={block.icon} />
                </span>
                <div>
                  <h3>{block.label}</h3>
                  {block.lines.map((line) => (
                    <p key={line.text}>
                      {line.href ? (
                        // A number or an address reads left to right in any language's page.
                        <a
                          href={line.href}
                          dir={/^(tel|mailto):/.test(line.href) ? "ltr" : undefined}
                        >
                          {line.text}
                        </a>
                      ) : isLatinRun(line.text) ? (
                        // Written wholly in Latin letters (the address): one left-to-right run.
                        <Ltr>{line.text}</Ltr>
                      ) : (
                        line.text
                      )}
                    </p>
                  ))}
                </div>
              </li>
            ))}
          </ul>
        </div>
        <div className="card form-card">
          <EnquiryForm
            kind="enquiry"
            id={formId}
            label={contactSection.title}
            submitLabel={ui.forms.sendEnquiry}
          />
        </div>
      </div>
    </section>
  );
}
