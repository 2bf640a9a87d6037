import { renderToString } from "react-dom/server";
import { guides } from "../content/guides";
import { site } from "../content/site";
import { ui } from "../content/ui";
import { fill } from "../lib/template";
import { AssetsContext, type Assets } from "../components/Assets";
import { Document, type PageMeta } from "../components/Document";
import { absoluteUrl, buildNow, siteUrl } from "../config";
import { IslandsUsed } from "../islands/Island";
import type { IslandName } from "../islands/names";
import { routes, notFoundRoute, type Route } from "../routes";
import { pngIcons } from "./icons";
import { localePath, pageLocale } from "../i18n/pageLocale";
import type { Locale } from "../i18n/locales";
import { OG_HEIGHT, OG_WIDTH, type OgCard } from "./ogImages";
import { jsonLdText, structuredData } from "./structuredData";

export interface RenderedPage {
  route: Route;
  html: string;
  /** Islands the page renders, in the order they appear. */
  islands: IslandName[];
}

const logo = pngIcons.find((i) => i.file === "icon-512.png")!;

/** A page's canonical URL, social card and JSON-LD, all under SITE_URL. */
export function pageMeta(route: Route, socialCard: string): PageMeta {
  const isGuide = guides.some((g) => `/guides/${g.slug}` === route.path);
  const image = siteUrl + socialCard;
  const name = route.title.includes(site.name) ? route.title : `${site.name}: ${route.title}`;
  return {
    // The 404 page stands for every unknown URL: it has no address of its own.
    url: route === notFoundRoute ? undefined : absoluteUrl(localePath(pageLocale(), route.path)),
    type: isGuide ? "article" : "website",
    image: {
      url: image,
      width: OG_WIDTH,
      height: OG_HEIGHT,
      alt: route.socialAlt ?? fill(ui.socialCardAlt, { name }),
    },
    jsonLd: jsonLdText(
      structuredData({
        route,
        routes,
        siteUrl,
        image,
        logo: { url: `${siteUrl}/${logo.file}`, size: logo.px },
        now: buildNow,
      }),
    ),
  };
}

/** Render one route to a complete HTML document, noting which islands it uses. */
export function renderRoute(route: Route, assets: Assets, socialCard: string): RenderedPage {
  const islands = new Set<IslandName>();
  const { Page } = route;
  const body = renderToString(
    <AssetsContext.Provider value={assets}>
      <IslandsUsed.Provider value={islands}>
        <Document
          path={route.path}
          title={route.title}
          description={route.description}
          meta={pageMeta(route, socialCard)}
        >
          <Page />
        </Document>
      </IslandsUsed.Provider>
    </AssetsContext.Provider>,
  );
  return { route, html: `<!DOCTYPE html>${body}`, islands: [...islands] };
}

/** Where a route's HTML goes: clean URLs, so /about is about/index.html. */
export const outputFile = (path: string) =>
  path === "/" ? "index.html" : path === "/404" ? "404.html" : `${path.slice(1)}/index.html`;

/** The same in a locale's folder: "ar/about/index.html", "zh/404.html"; English at the root. */
export const localeOutputFile = (locale: Locale, path: string) =>
  (locale.prefix ? `${locale.prefix.slice(1)}/` : "") + outputFile(path);

/** A route's name in file names: "home", "about", "guides-uk-student-visa". */
export const routeName = (path: string) =>
  path === "/" ? "home" : path.slice(1).replace(/\//g, "-");

/** One social card per route: its title (in the language being rendered) beside its artwork. */
export function socialCards() {
  const host = new URL(siteUrl).host.replace(/^www\./, "");
  return new Map<string, OgCard>(
    routes.map((r) => [routeName(r.path), { title: r.title, artwork: r.artwork, host }]),
  );
}
