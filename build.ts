import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createHash } from "node:crypto";
import { dirname, join, resolve } from "node:path";
import { mapLocations } from "./src/content/home";
import { destinations } from "./src/content/destinations";
import { routes, notFoundRoute } from "./src/routes";
import { pathLocales } from "./src/i18n/pageLanguages";
import { contentModules, writePlainContent } from "./src/build/content";
import { checkedRedirects as readRedirects, contentProblems } from "./src/build/check";
import { staleClaims } from "./src/build/staleness";
import { overLimitsIn } from "./src/build/layoutLimits";
import { bundleCss, bundleScripts } from "./src/build/bundle";
import { renderRoute, localeOutputFile, routeName, socialCards } from "./src/build/render";
import { processMedia } from "./src/build/media";
import { readSvg } from "./src/components/InlineSvg";
import { compressAll, printReport } from "./src/build/report";
import { renderWorldMap } from "./src/lib/worldMap";
import { contentSecurityPolicy, headersFile, withPolicyMeta } from "./src/build/headers";
import { redirectsFile, type Redirect } from "./src/build/redirects";
import { ContentError } from "./src/content/contentError";
import { SERVER_PAGES } from "./server/service/paths";
import { adminFiles, writeAdmin } from "./src/build/admin";
import { writeTranslationsPage } from "./src/build/translationsPage";
import { editorWanted } from "./src/cms/config";
import { pageScriptLoader } from "./src/build/pageScript";
import { afterLoad } from "./src/build/afterLoad";
import { criticalCssFor, inlineCriticalCss, styleHash } from "./src/build/critical";
import { writeIcons } from "./src/build/icons";
import { writeSearchIndex } from "./src/build/searchIndex";
import { loadSynonyms } from "./src/content/searchSynonyms";
import type { Locale } from "./src/i18n/locales";
import { writeFlags } from "./src/build/flags";
import { writeOgImages } from "./src/build/ogImages";
import { absoluteUrl, enquiryEndpoint, siteUrl, vitalsEndpoint } from "./src/config";
import { sourceLocale } from "./src/i18n/locales";
import { applyTranslations, MissingTranslations } from "./src/i18n/apply";
import { inLocale } from "./src/i18n/inLocale";
import { builtLocales, localePath } from "./src/i18n/pageLocale";
import { localizeLinks } from "./src/i18n/links";
import type { Assets } from "./src/components/Assets";

const root = import.meta.dirname;
const dist = resolve(process.env.DIST_DIR ?? join(root, "dist"));

/** content/redirects.yaml against the pages, before anything is built: a problem stops the build. */
function checkedRedirects() {
  try {
    return readRedirects();
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    console.error(`Content has a problem:\n  ${error.message.split("\n").join("\n  ")}`);
    process.exit(1);
  }
}

function checkContent() {
  const errors = contentProblems();
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

function writeSiteFiles(admin: boolean, redirects: Redirect[]) {
  writeFileSync(join(dist, "_headers"), headersFile({ admin, serverPages: SERVER_PAGES }));
  writeFileSync(join(dist, "_redirects"), redirectsFile(redirects));
  // Each page in each language it is in, listing all its language versions (itself included) as
  // its head does: a staff page not yet translated is in English alone.
  const alternates = (path: string) =>
    pathLocales(path).length > 1
      ? [
          ...pathLocales(path).map((l) => [l.lang, l] as const),
          ["x-default", sourceLocale] as const,
        ]
          .map(
            ([lang, l]) =>
              `<xhtml:link rel="alternate" hreflang="${lang}" href="${absoluteUrl(localePath(l, path))}"/>`,
          )
          .join("")
      : "";
  const urls = builtLocales
    .flatMap((l) =>
      routes
        .filter((r) => pathLocales(r.path).includes(l))
        .map(
          (r) => `<url><loc>${absoluteUrl(localePath(l, r.path))}</loc>${alternates(r.path)}</url>`,
        ),
    )
    .join("");
  writeFileSync(
    join(dist, "sitemap.xml"),
    `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls}</urlset>\n`,
  );
  writeFileSync(
    join(dist, "robots.txt"),
    // The editor (/admin/) is no page of the site: never crawled, never in the sitemap.
    `User-agent: *\nAllow: /\nDisallow: /admin/\nSitemap: ${siteUrl}/sitemap.xml\n`,
  );
}

/** What search calls each page that it searches: not a variant (an events filter), not search itself. */
const searchKinds = new Map(
  routes.flatMap((r) =>
    r.variantOf || r.search === false ? [] : [[r.path, r.search ?? "page"] as const],
  ),
);

/** content/searchSynonyms.yaml before anything is built: a problem stops the build. */
function checkedSynonyms() {
  try {
    return loadSynonyms();
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    console.error(`Content has a problem:\n  ${error.message.split("\n").join("\n  ")}`);
    process.exit(1);
  }
}
const synonyms = checkedSynonyms();

/** A locale's search index from its rendered pages (all of them: their links name the others). */
const searchIndexOf = (locale: Locale, pages: { path: string; html: string }[]) =>
  writeSearchIndex(
    dist,
    locale.code,
    pages.map((p) => ({
      path: p.path,
      url: localePath(locale, p.path),
      html: p.html,
      kind: searchKinds.get(p.path),
    })),
    synonyms[locale.code],
  );

/**
 * Every page in one built locale, in that locale's scope (src/i18n/scope.ts): a translated
 * locale's words are put in place first (what has no translation yet is left out, and named);
 * then its social cards (titles in its own script), pages, search index and browser bundles.
 */
function renderLocale(locale: Locale, assets: Assets, scriptSheet: string) {
  return inLocale(locale.code, async () => {
    if (locale !== sourceLocale) {
      let applied;
      try {
        applied = applyTranslations(locale.code, process.env.TRANSLATIONS_DIR);
      } catch (error) {
        if (!(error instanceof MissingTranslations)) throw error;
        console.error(error.message);
        process.exit(1);
      }
      const { stale, omitted } = applied;
      for (const s of stale)
        console.warn(
          `Stale ${locale.code} translation, ${s.unit.file} ${s.unit.field}:\n  was: ${s.was}\n  now: ${s.unit.text}`,
        );
      // Never a failed build: the part waits in English only (npm run translations lists it).
      for (const o of omitted)
        console.warn(
          `Not yet in ${locale.code}, left out until translated: ${o.file} ${o.part} (${o.fields.length} text(s))`,
        );
      // The English stops the build at its limits (the schema); a translation is only told.
      for (const problem of overLimitsIn(locale.code))
        console.warn(
          `Warning, too long in ${locale.code} (content/translations/${locale.code}/): ${problem}`,
        );
    }
    const cards = await writeOgImages(dist, socialCards(), locale);
    const pages = [...routes, notFoundRoute].map((route) => {
      // The 404 page is not shared on its own: it carries the home page's card.
      const page = renderRoute(
        route,
        assets,
        cards.get(routeName(route.path)) ?? cards.get("home")!,
      );
      return { path: route.path, html: page.html, islands: page.islands };
    });
    // The locale's content as plain modules, for its browser bundles.
    const contentDir = mkdtempSync(join(tmpdir(), "eg-content-"));
    try {
      writePlainContent(contentDir);
      const { scriptFor } = await bundleScripts(
        dist,
        pages.map((p) => p.islands),
        {
          // English scripts keep their names without a language in them.
          code: locale === sourceLocale ? undefined : locale.code,
          contentDir,
          searchIndex: searchIndexOf(locale, pages),
        },
        scriptSheet,
      );
      return { locale, pages, scriptFor };
    } finally {
      rmSync(contentDir, { recursive: true, force: true });
    }
  });
}

async function build() {
  const started = performance.now();
  checkContent();
  const redirects = checkedRedirects();
  // The editor's configuration first: a schema field it cannot show stops the build here.
  let admin: Awaited<ReturnType<typeof adminFiles>> | undefined;
  try {
    if (editorWanted()) admin = await adminFiles();
  } catch (error) {
    console.error(`The editor (/admin/) cannot be built:\n  ${(error as Error).message}`);
    process.exit(1);
  }
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(join(dist, "assets"), { recursive: true });
  cpSync(join(root, "static"), dist, { recursive: true });

  const { css, scriptSheet, font, fontFaces } = await bundleCss(dist);
  const worldMap = writeHashed("world-map", "svg", renderWorldMap(mapLocations));
  const flags = writeFlags(
    dist,
    [...destinations, ...mapLocations].map((c) => c.countryCode),
  );
  let media;
  try {
    media = await processMedia(join(root, "static"), dist);
  } catch (error) {
    console.error(`An uploaded image cannot be used:\n  ${(error as Error).message}`);
    process.exit(1);
  }
  await writeIcons(dist);
  const assets = { css, font, worldMap, flags, media, svg: readSvg };
  // One locale after another: esbuild already keeps both cores busy.
  const everyLocale = [];
  for (const locale of builtLocales)
    everyLocale.push(await renderLocale(locale, assets, scriptSheet));

  const criticalCss = criticalCssFor(fontFaces + readFileSync(join(dist, css), "utf8"), css);
  const loader = await pageScriptLoader();
  const written: string[] = [];
  for (const { locale, pages: localePages, scriptFor: localeScript } of everyLocale) {
    // A link leads to the page in the same language where it is in it (else to the English).
    const pagePaths = new Set(
      routes.filter((r) => pathLocales(r.path).includes(locale)).map((r) => r.path),
    );
    for (const page of localePages) {
      // The page is complete without its script: it is requested once the first screen is painted.
      const script =
        loader.tag(localeScript(page.islands)) +
        (process.env.DEV_RELOAD ? `<script type="module" src="/__dev/reload.js"></script>` : "");
      // Only installing the site needs the manifest: fetched after load, not before first paint.
      const html = afterLoad(localizeLinks(page.html, locale, pagePaths), MANIFEST_LINK).replace(
        "</body>",
        `${script}</body>`,
      );
      const critical = criticalCss(html);
      const out = localeOutputFile(locale, page.path);
      written.push(out);
      // Its own policy, first in its head: its inline style and the loader by their hashes.
      const policy = contentSecurityPolicy(
        enquiryEndpoint,
        { styleHashes: [styleHash(critical)], scriptHashes: [loader.hash] },
        [vitalsEndpoint],
      );
      const file = join(dist, out);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, withPolicyMeta(inlineCriticalCss(html, css, critical), policy));
    }
  }
  writeSiteFiles(admin !== undefined, redirects);
  await compressAll(dist);
  // After compressing: the editor's 5 MB of prebuilt script would add seconds to every build.
  if (admin) {
    writeAdmin(dist, admin, { stylesheet: css, fontFaces });
    writeTranslationsPage(dist, css);
  }
  printReport(dist, written);
  console.log(
    `Built ${written.length} pages (${everyLocale.map((l) => l.locale.code).join(", ")}) in ${Math.round(performance.now() - started)} ms -> ${dist}`,
  );
  // Last, where the agency's staff see them: what the site says that its dates make untrue.
  for (const warning of staleClaims(contentModules, new Date().toISOString().slice(0, 10)))
    console.warn(`Warning, out of date: ${warning}`);
}

await build();
