/**
 * Renders every route in one translated locale, in a process of its own (build.ts starts it with
 * PAGE_LOCALE set): the locale's words are put into the content modules before the routes and
 * pages that read them are loaded, so every text, including the ones worked out from others at
 * load (titles, menus), comes out translated. A missing translation stops it, naming it.
 *
 * Usage: tsx src/build/renderLocale.ts INPUT.json OUTPUT.json
 * INPUT: { assets, dist, contentDir }; OUTPUT: { pages, stale }. It writes the locale's social
 * cards (titles in its own script) into dist/assets.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { applyTranslations, MissingTranslations } from "../i18n/apply";
import { writePlainContent } from "./content";
import { pageLocale } from "../i18n/pageLocale";

const [input, output] = process.argv.slice(2);
const { assets, dist, contentDir } = JSON.parse(readFileSync(input, "utf8")) as {
  assets: import("../components/Assets").Assets;
  dist: string;
  contentDir: string;
};

let stale;
try {
  stale = applyTranslations(pageLocale.code, process.env.TRANSLATIONS_DIR);
} catch (error) {
  if (error instanceof MissingTranslations) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// The translated content as plain modules, for this locale's browser bundles.
writePlainContent(contentDir);

const { renderRoute, routeName, socialCards } = await import("./render");
const { routes, notFoundRoute } = await import("../routes");
const { writeOgImages } = await import("./ogImages");
const cards = await writeOgImages(dist, socialCards(), pageLocale);
const pages = [...routes, notFoundRoute].map((route) => {
  const page = renderRoute(route, assets, cards.get(routeName(route.path)) ?? cards.get("home")!);
  return { path: route.path, title: route.title, html: page.html, islands: page.islands };
});
writeFileSync(
  output,
  JSON.stringify({
    pages,
    stale: stale.map((s) => ({
      file: s.unit.file,
      field: s.unit.field,
      was: s.was,
      now: s.unit.text,
    })),
  }),
);
