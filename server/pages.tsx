import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { about } from "../content/about";
import { contactSection } from "../content/home";
import { site, whatsappLink } from "../content/site";
import { AssetsContext, type Assets } from "../src/components/Assets";
import { Document } from "../src/components/Document";
import { EnquiryForm } from "../src/components/forms/EnquiryForm";
import {
  enquirySubject,
  enquiryText,
  mailtoWithBody,
  type EnquiryValues,
  type FieldErrors,
  type FormKind,
} from "../src/lib/enquiry";

/** The built stylesheet, font and site script, as the static pages link them. */
export interface PageAssets extends Assets {
  script: string;
  /**
   * The 404 page's inline <style> as built (its hash is in the CSP): it carries the font faces,
   * which the full sheet leaves to each page's inline style.
   */
  inlineStyle: string;
}

/** Read the hashed asset URLs from the built 404 page (it has no islands, just the site script). */
export function readPageAssets(dist: string): PageAssets {
  const html = readFileSync(join(dist, "404.html"), "utf8");
  const tags = (name: string) =>
    [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, "gi"))].map(([tag]) =>
      Object.fromEntries(
        [...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, k, v]) => [k.toLowerCase(), v]),
      ),
    );
  const links = tags("link");
  return {
    css: links.find((l) => l.rel === "stylesheet")?.href ?? "",
    font: links.find((l) => l.rel === "preload" && l.as === "font")?.href ?? "",
    worldMap: "",
    flags: {},
    // The page's script, as the inline loader names it (src/client/loadPageScript.ts).
    script: tags("script").find((s) => s["data-src"])?.["data-src"] ?? "",
    inlineStyle: /<style>[^<]*<\/style>/.exec(html)?.[0] ?? "",
  };
}

/** The forms as their pages show them: where each lives and what it is called. */
const forms: Record<FormKind, { id: string; page: string; label: string; submit: string }> = {
  enquiry: {
    id: "contact-form",
    page: "/contact#contact-form",
    label: contactSection.title,
    submit: "Send enquiry",
  },
  consultation: {
    id: "consultation-form",
    page: "/about#consultation-form",
    label: about.form.title,
    submit: "Request consultation",
  },
};

export function render(assets: PageAssets, title: string, path: string, children: ReactNode) {
  const description = `Enquiries to ${site.name}: an adviser replies ${site.replyTime}.`;
  const html = renderToStaticMarkup(
    <AssetsContext.Provider value={assets}>
      <Document path={path} title={title} description={description}>
        <meta name="robots" content="noindex" />
        {children}
      </Document>
    </AssetsContext.Provider>,
  );
  const script = assets.script ? `<script type="module" src="${assets.script}"></script>` : "";
  const page = html
    .replace(`<link rel="stylesheet"`, `${assets.inlineStyle}<link rel="stylesheet"`)
    .replace("</body>", `${script}</body>`);
  return `<!DOCTYPE html>${page}`;
}

/** 200 for a form posted without JavaScript: the enquiry is stored. */
export function thankYouPage(assets: PageAssets, kind: FormKind, values: EnquiryValues) {
  const first = (values.fullName || values.name || "").split(/\s+/)[0];
  const what = kind === "enquiry" ? "enquiry" : "consultation request";
  return render(
    assets,
    "Thank you",
    forms[kind].page.split("#")[0],
    <section className="section">
      <div className="container enquiry-result">
        <p className="eyebrow">{kind === "enquiry" ? "Enquiry received" : "Request received"}</p>
        <h1>Thank you{first ? `, ${first}` : ""}!</h1>
        <p className="lead">
          Your {what} has reached our advisers. You will get a reply {site.replyTime}
          {values.email ? ` at ${values.email}` : ""}.
        </p>
        <div className="enquiry-result-actions">
          <a className="button button-primary" href="/">
            Back to the home page
          </a>
          <a className="button button-outline" href="/#courses">
            Explore courses
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
    "Please check your enquiry",
    form.page.split("#")[0],
    <section className="section">
      <div className="container enquiry-result">
        <h1>Please check your enquiry</h1>
        <p className="lead">
          It has not been sent yet. Everything you typed is below: correct the fields marked and
          send it again.
        </p>
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
  const subject = kind ? enquirySubject(kind) : "Enquiry from the website";
  return render(
    assets,
    "Enquiry not sent",
    "/contact",
    <section className="section">
      <div className="container enquiry-result">
        <p className="eyebrow">Not sent</p>
        <h1>Your enquiry was not sent</h1>
        <p className="lead">{message}</p>
        <p>
          Please go back and try again, or send it to us another way. An adviser replies{" "}
          {site.replyTime}.
        </p>
        <div className="enquiry-result-actions">
          <a className="button button-primary" href={forms[kind ?? "enquiry"].page}>
            Back to the form
          </a>
          <a className="button button-outline" href={whatsappLink(text)}>
            Send on WhatsApp
          </a>
          <a
            className="button button-outline"
            href={mailtoWithBody(site.admissionsEmail, subject, text ?? "")}
          >
            Send by e-mail
          </a>
        </div>
      </div>
    </section>,
  );
}
