import { perLocale } from "../../src/i18n/scope";
import { about } from "../../src/content/about";
import { contactSection } from "../../src/content/home";
import { formWords } from "../../src/content/forms";
import { site, whatsappLink } from "../../src/content/site";
import { ui } from "../../src/content/ui";
import { Filled } from "../../src/components/Filled";
import { EnquiryForm } from "../../src/components/forms/EnquiryForm";
import {
  enquirySubject,
  enquiryText,
  mailtoWithBody,
  type EnquiryValues,
  type FieldErrors,
  type FormKind,
} from "../../src/lib/enquiry";
import { fill } from "../../src/lib/template";
import { localePath, pageLocale } from "../../src/i18n/pageLocale";

import { render, type PageAssets } from "../http/page";

const words = perLocale(() => formWords.answers);

/** The forms as their pages show them: where each lives and what it is called. */
const forms: Record<FormKind, { id: string; page: string; label: string; submit: string }> =
  perLocale(() => ({
    enquiry: {
      id: "contact-form",
      page: "/contact#contact-form",
      label: contactSection.title,
      submit: ui.forms.sendEnquiry,
    },
    consultation: {
      id: "consultation-form",
      page: "/about#consultation-form",
      label: about.form.title,
      submit: ui.forms.requestConsultation,
    },
  }));

/** 200 for a form posted without JavaScript: the enquiry is stored. */
export function thankYouPage(assets: PageAssets, kind: FormKind, values: EnquiryValues) {
  const first = (values.fullName || values.name || "").split(/\s+/)[0];
  return render(
    assets,
    words.thanksTitle,
    forms[kind].page.split("#")[0],
    <section className="section">
      <div className="container enquiry-result">
        <p className="eyebrow">{words.received[kind]}</p>
        <h1>
          {first ? (
            <Filled text={words.thanksHeading} values={{ name: <bdi>{first}</bdi> }} />
          ) : (
            words.thanksHeadingNoName
          )}
        </h1>
        <p className="lead">
          <Filled
            text={words.thanksLead[kind]}
            values={{ replyTime: site.replyTime, email: <bdi dir="ltr">{values.email}</bdi> }}
          />
        </p>
        <div className="enquiry-result-actions">
          <a className="button button-primary" href={localePath(pageLocale(), "/")}>
            {words.backHome}
          </a>
          <a className="button button-outline" href={localePath(pageLocale(), "/#courses")}>
            {words.exploreCourses}
          </a>
        </div>
      </div>
    </section>,
  );
}

/** 400 for a form posted without JavaScript: the form again, with its values and messages. */
export function fixPage(
  assets: PageAssets,
  kind: FormKind,
  values: EnquiryValues,
  errors: FieldErrors,
  endpoint: string,
) {
  const form = forms[kind];
  return render(
    assets,
    words.fixTitle,
    form.page.split("#")[0],
    <section className="section">
      <div className="container enquiry-result">
        <h1>{words.fixTitle}</h1>
        <p className="lead">{words.fixLead}</p>
        <section className="card form-card" aria-labelledby="enquiry-fix-title">
          <h2 id="enquiry-fix-title">{form.label}</h2>
          <EnquiryForm
            kind={kind}
            id={form.id}
            label={form.label}
            submitLabel={form.submit}
            endpoint={endpoint}
            values={values}
            errors={errors}
          />
        </section>
      </div>
    </section>,
  );
}

/** 405, 413, 415, 500: what went wrong, and other ways to reach an adviser. */
export function problemPage(
  assets: PageAssets,
  message: string,
  kind?: FormKind,
  values?: EnquiryValues,
) {
  const text = kind && values ? enquiryText(kind, values) : undefined;
  const subject = enquirySubject(kind ?? "enquiry");
  return render(
    assets,
    words.notSentTitle,
    "/contact",
    <section className="section">
      <div className="container enquiry-result">
        <p className="eyebrow">{words.notSentEyebrow}</p>
        <h1>{words.notSentHeading}</h1>
        <p className="lead">{message}</p>
        <p>{fill(words.notSentNext, { replyTime: site.replyTime })}</p>
        <div className="enquiry-result-actions">
          <a
            className="button button-primary"
            href={localePath(pageLocale(), forms[kind ?? "enquiry"].page)}
          >
            {words.backToForm}
          </a>
          <a className="button button-outline" href={whatsappLink(text)}>
            {words.sendWhatsapp}
          </a>
          <a
            className="button button-outline"
            href={mailtoWithBody(site.admissionsEmail, subject, text ?? "")}
          >
            {words.sendByMail}
          </a>
        </div>
      </div>
    </section>,
  );
}
