/** A page the server renders itself (a form's answer, a booking's), in the built site's shell. */
import { perLocale } from "../../src/i18n/scope";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { formWords } from "../../src/content/forms";
import { site } from "../../src/content/site";
import { AssetsContext, type Assets } from "../../src/components/Assets";
import { Document } from "../../src/components/Document";
import { fill } from "../../src/lib/template";
import { metaPolicy, withPolicyMeta } from "../../src/build/headers";
import { localizeLinks } from "../../src/i18n/links";
import { sourceLocale, type Locale } from "../../src/i18n/locales";

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
