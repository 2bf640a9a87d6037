import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { dirname, join, resolve } from "node:path";
import { categories } from "./content/programmes";
import { mapLocations } from "./content/home";
import { destinations } from "./content/destinations";
import { routes, notFoundRoute } from "./src/routes";
import { contentModules } from "./src/build/content";
import { validateContent } from "./src/build/validate";
import { validateTools } from "./src/build/validateTools";
import { validateBooking } from "./src/build/validateBooking";
import { bundleCss, bundleScripts } from "./src/build/bundle";
import { renderRoute, outputFile, routeName } from "./src/build/render";
import { compressAll, printReport } from "./src/build/report";
import { renderWorldMap } from "./src/lib/worldMap";
import { headersFile, servedPaths, type DocumentPolicy } from "./src/build/headers";
import { pageScriptLoader } from "./src/build/pageScript";
import { afterLoad } from "./src/build/afterLoad";
import { criticalCssFor, inlineCriticalCss, styleHash } from "./src/build/critical";
import { writeIcons } from "./src/build/icons";
import { writeFlags } from "./src/build/flags";
import { writeOgImages, type OgCard } from "./src/build/ogImages";
import { absoluteUrl, enquiryEndpoint, siteUrl, vitalsEndpoint } from "./src/config";

const root = import.meta.dirname;
const dist = resolve(process.env.DIST_DIR ?? join(root, "dist"));

function checkContent() {
  const errors = [
    ...validateContent({
      modules: contentModules,
      targets: [...routes, notFoundRoute],
      staticDir: join(root, "static"),
      categorySlugs: categories.map((c) => c.id),
    }),
    ...validateTools(contentModules),
    ...validateBooking(contentModules, new Date().toISOString().slice(0, 10)),
  ];
  if (errors.length) {
    console.error(`Content has ${errors.length} problem(s):\n  ${errors.join("\n  ")}`);
    process.exit(1);
  }
}

const MANIFEST_LINK = '<link rel="manifest" href="/site.webmanifest"/>';

function writeHashed(name: string, ext: string, text: string) {
  const hash = createHash("sha256").update(text).digest("hex").slice(0, 8);
  const file = `assets/${name}-${hash}.${ext}`;
  writeFileSync(join(dist, file), text);
  return `/${file}`;
}

function writeSiteFiles(documents: DocumentPolicy[]) {
  writeFileSync(join(dist, "_headers"), headersFile(enquiryEndpoint, documents, [vitalsEndpoint]));
  const urls = routes.map((r) => `<url><loc>${absoluteUrl(r.path)}</loc></url>`).join("");
  writeFileSync(
    join(dist, "sitemap.xml"),
    `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n`,
  );
  writeFileSync(
    join(dist, "robots.txt"),
    `User-agent: *\nAllow: /\nSitemap: ${siteUrl}/sitemap.xml\n`,
  );
}

/** One social card per route: its title beside its artwork. */
function writeSocialCards() {
  const host = new URL(siteUrl).host.replace(/^www\./, "");
  const cards = new Map<string, OgCard>(
    routes.map((r) => [routeName(r.path), { title: r.title, artwork: r.artwork, host }]),
  );
  return writeOgImages(dist, cards);
}

async function build() {
  const started = performance.now();
  checkContent();
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(join(dist, "assets"), { recursive: true });
  cpSync(join(root, "static"), dist, { recursive: true });

  const { css, font, fontFaces } = await bundleCss(dist);
  const worldMap = writeHashed("world-map", "svg", renderWorldMap(mapLocations));
  const flags = writeFlags(
    dist,
    [...destinations, ...mapLocations].map((c) => c.countryCode),
  );
  const [cards] = await Promise.all([writeSocialCards(), writeIcons(dist)]);
  const pages = [...routes, notFoundRoute].map((route) =>
    // The 404 page is not shared on its own: it carries the home page's card.
    renderRoute(
      route,
      { css, font, worldMap, flags },
      cards.get(routeName(route.path)) ?? cards.get("home")!,
    ),
  );
  const { scriptFor } = await bundleScripts(
    dist,
    pages.map((p) => p.islands),
  );

  const criticalCss = criticalCssFor(fontFaces + readFileSync(join(dist, css), "utf8"), css);
  const loader = await pageScriptLoader();
  const documents: DocumentPolicy[] = [];
  for (const page of pages) {
    // The page is complete without its script: it is requested once the first screen is painted.
    const script =
      loader.tag(scriptFor(page.islands)) +
      (process.env.DEV_RELOAD ? `<script type="module" src="/__dev/reload.js"></script>` : "");
    // Only installing the site needs the manifest: fetched after load, not before first paint.
    const html = afterLoad(page.html, MANIFEST_LINK).replace("</body>", `${script}</body>`);
    const critical = criticalCss(html);
    const out = outputFile(page.route.path);
    documents.push({
      paths: servedPaths(out),
      styleHashes: [styleHash(critical)],
      scriptHashes: [loader.hash],
    });
    const file = join(dist, out);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, inlineCriticalCss(html, css, critical));
  }
  writeSiteFiles(documents);
  compressAll(dist);
  printReport(
    dist,
    pages.map((p) => outputFile(p.route.path)),
  );
  console.log(
    `Built ${pages.length} pages in ${Math.round(performance.now() - started)} ms -> ${dist}`,
  );
}

await build();
