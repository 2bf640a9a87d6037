/**
 * The content checks the build runs before it builds anything, in one place: `npm run build`
 * stops on them, and the editor's local backend (scripts/cmsGuard.ts) runs them, through
 * ./checkCli.ts, on the content as a save would leave it, refusing the save when they fail.
 */
import { join } from "node:path";
import { categories } from "../content/programmes";
import { routes, notFoundRoute, builtInRoutes } from "../routes";
import { addressClashes, loadedPages } from "../content/pages";
import { pathLocales } from "../i18n/pageLanguages";
import { builtLocales } from "../i18n/pageLocale";
import { contentModules } from "./content";
import { validateContent } from "./validate";
import { validateTools } from "./validateTools";
import { validateBooking } from "./validateBooking";
import { loadRedirects, REDIRECTS_FILE, type Redirect } from "./redirects";
import { ContentError } from "../content/contentError";

const root = join(import.meta.dirname, "../..");

/** content/redirects.yaml checked against the pages; throws ContentError naming each problem. */
export const checkedRedirects = (): Redirect[] =>
  loadRedirects(REDIRECTS_FILE, new Set(routes.map((r) => r.path)), builtLocales, pathLocales);

/** Every problem the build would stop on, each naming the file, the entry and the field. */
export function contentProblems(): string[] {
  let redirectProblems: string[] = [];
  try {
    checkedRedirects();
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    redirectProblems = error.message.split("\n");
  }
  return [
    ...addressClashes(
      loadedPages,
      [...builtInRoutes, notFoundRoute].map((r) => r.path),
    ),
    ...validateContent({
      modules: contentModules,
      targets: [...routes, notFoundRoute],
      staticDir: join(root, "static"),
      categorySlugs: categories.map((c) => c.id),
    }),
    ...validateTools(contentModules),
    ...validateBooking(contentModules, new Date().toISOString().slice(0, 10)),
    ...redirectProblems,
  ];
}
