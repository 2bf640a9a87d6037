import type { ReactNode } from "react";
import { site } from "../content/site";
import { ui } from "../content/ui";
import { Header } from "./Header";
import { Footer } from "./Footer";
import { QuickContact } from "./QuickContact";
import { brandMark } from "../lib/brandMark";
import { useAssets } from "./Assets";
import { absoluteUrl } from "../config";
import { sourceLocale } from "../i18n/locales";
import { localePath, pageLocale } from "../i18n/pageLocale";
import { pathLocales } from "../i18n/pageLanguages";

/** What a page tells search engines and social sites about itself (see src/build/render.tsx). */
export interface PageMeta {
  /** Absolute canonical URL; absent for pages with no address of their own (the 404 page). */
  url?: string;
  /** Open Graph type: an article for guides, a website for the rest. */
  type: "website" | "article";
  /** The social card: absolute URL, size and text alternative. */
  image?: { url: string; width: number; height: number; alt: string };
  /** JSON-LD graph, already serialised with "<" escaped. */
  jsonLd?: string;
}

interface Props {
  path: string;
  title: string;
  description: string;
  /** Built pages have it; pages the server renders (noindex answers to a form) do not. */
  meta?: PageMeta;
  children: ReactNode;
}

/** The whole HTML document of a page: head tags, shared layout and the page's main content. */
export function Document({ path, title, description, meta, children }: Props) {
  const assets = useAssets();
  const fullTitle = title.includes(site.name) ? title : `${title} | ${site.name}`;
  // The languages this page is in: every built one, or a staff page's published ones.
  const builtLocales = pathLocales(path);
  return (
    <html lang={pageLocale().lang} dir={pageLocale().dir} id="top">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{fullTitle}</title>
        <meta name="description" content={description} />
        {meta?.url && <link rel="canonical" href={meta.url} />}
        {meta?.url &&
          builtLocales.length > 1 &&
          [...builtLocales, sourceLocale].map((l, i) => (
            <link
              key={i < builtLocales.length ? l.code : "x-default"}
              rel="alternate"
              hrefLang={i < builtLocales.length ? l.lang : "x-default"}
              href={absoluteUrl(localePath(l, path))}
            />
          ))}
        <meta name="theme-color" content={brandMark.colours.background} />
        <meta property="og:type" content={meta?.type ?? "website"} />
        <meta property="og:site_name" content={site.name} />
        <meta property="og:locale" content={pageLocale().og} />
        {builtLocales
          .filter((l) => l !== pageLocale())
          .map((l) => (
            <meta key={l.code} property="og:locale:alternate" content={l.og} />
          ))}
        <meta property="og:title" content={fullTitle} />
        <meta property="og:description" content={description} />
        {meta?.url && <meta property="og:url" content={meta.url} />}
        {meta?.image && (
          <>
            <meta property="og:image" content={meta.image.url} />
            <meta property="og:image:type" content="image/png" />
            <meta property="og:image:width" content={String(meta.image.width)} />
            <meta property="og:image:height" content={String(meta.image.height)} />
            <meta property="og:image:alt" content={meta.image.alt} />
            <meta name="twitter:card" content="summary_large_image" />
          </>
        )}
        {meta?.jsonLd && (
          // A data block, not a script: the CSP does not apply to it, nothing runs it.
          <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: meta.jsonLd }} />
        )}
        <link rel="icon" href="/favicon-32.png" sizes="32x32" type="image/png" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/site.webmanifest" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {pageLocale().brandFont && (
          <link rel="preload" href={assets.font} as="font" type="font/woff2" crossOrigin="" />
        )}
        <link rel="stylesheet" href={assets.css} />
      </head>
      <body>
        <a className="skip-link" href="#main">
          {ui.skipLink}
        </a>
        <Header path={path} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <Footer />
        <QuickContact />
      </body>
    </html>
  );
}
