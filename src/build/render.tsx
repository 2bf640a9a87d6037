import { renderToString } from "react-dom/server";
import { AssetsContext, type Assets } from "../components/Assets";
import { Document } from "../components/Document";
import { IslandsUsed } from "../islands/Island";
import type { IslandName } from "../islands/names";
import type { Route } from "../routes";

export interface RenderedPage {
  route: Route;
  html: string;
  /** Islands the page renders, in the order they appear. */
  islands: IslandName[];
}

/** Render one route to a complete HTML document, noting which islands it uses. */
export function renderRoute(route: Route, assets: Assets): RenderedPage {
  const islands = new Set<IslandName>();
  const { Page } = route;
  const body = renderToString(
    <AssetsContext.Provider value={assets}>
      <IslandsUsed.Provider value={islands}>
        <Document path={route.path} title={route.title} description={route.description}>
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
