import { perLocale } from "../src/i18n/scope";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { about } from "../src/content/about";
import { contactSection } from "../src/content/home";
import { formWords } from "../src/content/forms";
import { site, whatsappLink } from "../src/content/site";
import { ui } from "../src/content/ui";
import { AssetsContext, type Assets } from "../src/components/Assets";
import { Document } from "../src/components/Document";
import { Filled } from "../src/components/Filled";
import { EnquiryForm } from "../src/components/forms/EnquiryForm";
import {
  enquirySubject,
  enquiryText,
  mailtoWithBody,
  type EnquiryValues,
  type FieldErrors,
  type FormKind,
} from "../src/lib/enquiry";
import { fill } from "../src/lib/template";
import { localePath, pageLocale } from "../src/i18n/pageLocale";
import { metaPolicy, withPolicyMeta } from "../src/build/headers";
import { localizeLinks } from "../src/i18n/links";
import { sourceLocale, type Locale } from "../src/i18n/locales";

/** The built stylesheet, font and site script, as the static pages link them. */
export interface PageAssets extends Assets {
  script: string;
  /**
   * The 404 page's inline <style> as built (its hash is in the CSP): it carries the font faces,
   * which the full sheet leaves to each page's inline style.
   */
  inlineStyle: string;
  /** The 404 page's Content-Security-Policy (its `<meta>`): it allows that style and the loader. */
  policy: string;
  /** The pages' language, and the pages built in it (English paths), as the build links them. */
  locale: Locale;
  pages: ReadonlySet<string>;
}

/** The English paths of the pages built under `dir` (each a folder with an index.html). */
function builtPages(dir: string) {
  const pages = new Set<string>();
  for (const file of readdirSync(dir, { recursive: true, encoding: "utf8" }))
    if (file === "index.html" || file.endsWith("/index.html"))
      pages.add(`/${file.slice(0, -"index.html".length).replace(/\/$/, "")}`);
  return pages;
}

/**
 * Read the hashed asset URLs from `locale`'s built 404 page (it has no islands, just the site
 * script), and which of the site's pages are built in that language.
 */
export function readPageAssets(dist: string, locale: Locale = sourceLocale): PageAssets {
  const root = join(dist, locale.prefix);
  const html = readFileSync(join(root, "404.html"), "utf8");
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
    inlineStyle: /<style>[\s\S]*?<\/style>/.exec(html)?.[0] ?? "",
    policy: metaPolicy(html) ?? "",
    locale,
    // Only another language's links change (src/i18n/links.ts): English needs no list.
    pages: locale.prefix ? builtPages(root) : new Set(),
  };
}

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

export function render(assets: PageAssets, title: string, path: string, children: ReactNode) {
  const description = fill(words.description, { name: site.name, replyTime: site.replyTime });
  const html = renderToStaticMarkup(
    <AssetsContext.Provider value={assets}>
      <Document path={path} title={title} description={description}>
        <meta name="robots" content="noindex" />
        {children}
      </Document>
    </AssetsContext.Provider>,
  );
  const script = assets.script ? `<script type="module" src="${assets.script}"></script>` : "";
  // A link leads to the page in the same language where it is built in it, as on the static pages.
  const page = localizeLinks(html, assets.locale, assets.pages)
    .replace(`<link rel="stylesheet"`, `${assets.inlineStyle}<link rel="stylesheet"`)
    .replace("</body>", `${script}</body>`);
  return `<!DOCTYPE html>${assets.policy ? withPolicyMeta(page, assets.policy) : page}`;
}

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
