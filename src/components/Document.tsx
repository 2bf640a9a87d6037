import type { ReactNode } from "react";
import { site } from "../../content/site";
import { Header } from "./Header";
import { Footer } from "./Footer";
import { QuickContact } from "./QuickContact";
import { useAssets } from "./Assets";

interface Props {
  path: string;
  title: string;
  description: string;
  children: ReactNode;
}

/** The whole HTML document of a page: head tags, shared layout and the page's main content. */
export function Document({ path, title, description, children }: Props) {
  const assets = useAssets();
  const fullTitle = title.includes(site.name) ? title : `${title} | ${site.name}`;
  return (
    <html lang="en" id="top">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{fullTitle}</title>
        <meta name="description" content={description} />
        {/* The 404 page stands for every unknown URL: it has no address of its own. */}
        {path !== "/404" && <link rel="canonical" href={`${site.url}${path}`} />}
        <meta name="theme-color" content="#0b3c49" />
        <meta property="og:title" content={fullTitle} />
        <meta property="og:description" content={description} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="preload" href={assets.font} as="font" type="font/woff2" crossOrigin="" />
        <link rel="stylesheet" href={assets.css} />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to main content
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
