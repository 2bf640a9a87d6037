import { builtLocales, localePath } from "../../src/i18n/pageLocale";
import { routesIn } from "../../src/i18n/pageLanguages";
import { sourceLocale } from "../../src/i18n/locales";
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Window } from "happy-dom";
import { routes, notFoundRoute, type Route } from "../../src/routes";
import { outputFile } from "../../src/build/render";
import { categories } from "../../src/content/programmes";
import { guides } from "../../src/content/guides";
import { site } from "../../src/content/site";
import { testimonials } from "../../src/content/testimonials";
import { pngIcons } from "../../src/build/icons";
import { breadcrumbTrail, jsonLdText } from "../../src/build/structuredData";
import { cachedImage, imageCacheDir } from "../../src/build/buildCache";
import { parseSiteUrl } from "../../src/config";

// Built with a SITE_URL other than the default, to see that every absolute URL follows it.
const SITE_URL = "https://preview.eastgate.test";
const root = join(import.meta.dirname, "../..");
let dist = "";

before(() => {
  dist = mkdtempSync(join(tmpdir(), "eg-seo-"));
  execFileSync(process.execPath, ["--import", "tsx", "build.ts"], {
    cwd: root,
    env: { ...process.env, DIST_DIR: dist, SITE_URL: `${SITE_URL}/` },
    stdio: "pipe",
  });
});
after(() => rmSync(dist, { recursive: true, force: true }));

const window = new Window();

/** A node of a JSON-LD graph, as parsed. */
type LdNode = Record<string, unknown>;
/** The value at a path of keys and indices inside parsed JSON (undefined when absent). */
const get = (value: unknown, ...path: (string | number)[]): unknown =>
  path.reduce<unknown>(
    (v, key) => (v && typeof v === "object" ? (v as Record<string, unknown>)[key] : undefined),
    value,
  );

const abs = (path: string) => (path === "/" ? `${SITE_URL}/` : SITE_URL + path);

function head(route: Route) {
  const doc = new window.DOMParser().parseFromString(
    readFileSync(join(dist, outputFile(route.path)), "utf8"),
    "text/html",
  );
  const meta = (key: string) =>
    doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute("content");
  const blocks = [...doc.querySelectorAll('script[type="application/ld+json"]')];
  assert.equal(blocks.length, 1, `${route.path}: one JSON-LD block`);
  const graph = JSON.parse(blocks[0].textContent ?? "") as {
    "@context": string;
    "@graph": LdNode[];
  };
  assert.equal(graph["@context"], "https://schema.org");
  const nodes = (type: string) => graph["@graph"].filter((n) => [n["@type"]].flat().includes(type));
  return { doc, meta, graph, nodes };
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string) {
  const bytes = readFileSync(file);
  assert.equal(bytes.subarray(1, 4).toString(), "PNG", `${file} is a PNG`);
  assert.equal(bytes.subarray(12, 16).toString(), "IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), bytes: bytes.length };
}

test("every page describes the agency with the facts in content/site.yaml", () => {
  for (const route of [...routes, notFoundRoute]) {
    const agencies = head(route).nodes("EducationalOrganization");
    assert.equal(agencies.length, 1, route.path);
    const a = agencies[0];
    assert.deepEqual(a["@type"], ["EducationalOrganization", "LocalBusiness"]);
    assert.equal(a["@id"], `${SITE_URL}/#organization`);
    assert.equal(a.name, site.name);
    assert.equal(a.url, `${SITE_URL}/`);
    assert.equal(a.telephone, site.phone.tel);
    assert.equal(a.email, site.email);
    assert.equal(a.foundingDate, String(site.established));
    assert.equal(a.areaServed, site.areaServed);
    assert.deepEqual(
      a.sameAs,
      site.social.map((s) => s.href),
    );
    assert.deepEqual(a.address, {
      "@type": "PostalAddress",
      streetAddress: site.address.street.join(", "),
      addressLocality: site.address.locality,
      postalCode: site.address.postalCode,
      addressCountry: site.address.countryCode,
    });
    // Open days only, each as in the office hours; Sunday (closed) is left out.
    assert.deepEqual(
      (a.openingHoursSpecification as LdNode[]).map((o) => [o.dayOfWeek, o.opens, o.closes]),
      [
        [["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], "09:00", "18:00"],
        [["Saturday"], "10:00", "16:00"],
      ],
    );
    assert.equal(get(a, "logo", "url"), `${SITE_URL}/icon-512.png`);
    assert.ok(existsSync(join(dist, "icon-512.png")));
    // No star ratings anywhere: there are no counted reviews to base one on.
    assert.ok(!JSON.stringify(head(route).graph).includes("Rating"), route.path);
  }
});

test("success stories are Reviews on the home page only, without ratings", () => {
  const [home] = head(routes[0]).nodes("EducationalOrganization");
  assert.deepEqual(
    home.review,
    testimonials.map((t) => ({
      "@type": "Review",
      author: { "@type": "Person", name: t.name },
      reviewBody: t.quote,
    })),
  );
  for (const route of routes.slice(1))
    assert.equal(head(route).nodes("EducationalOrganization")[0].review, undefined, route.path);
});

test("inner pages have a breadcrumb trail that follows the route table", () => {
  for (const route of [...routes, notFoundRoute]) {
    const lists = head(route).nodes("BreadcrumbList");
    if (route.path === "/" || route === notFoundRoute) {
      assert.equal(lists.length, 0, route.path);
      continue;
    }
    assert.equal(lists.length, 1, route.path);
    const crumbs = lists[0].itemListElement as Record<string, unknown>[];
    assert.deepEqual(
      crumbs.map((c) => c.position),
      crumbs.map((_, i) => i + 1),
    );
    // Starts at home, ends at this page, every step a page in the route table.
    assert.deepEqual(crumbs[0], { "@type": "ListItem", position: 1, name: "Home", item: abs("/") });
    assert.deepEqual(crumbs.at(-1), {
      "@type": "ListItem",
      position: crumbs.length,
      name: route.title,
      item: abs(route.path),
    });
    for (const c of crumbs) {
      const target = routes.find((r) => abs(r.path) === c.item);
      assert.ok(target, `${route.path}: crumb ${String(c.item)} is a page`);
      if (target.path !== "/") assert.equal(c.name, target.title);
    }
  }
  // A guide's parent folder /guides is not a page: the trail skips it.
  const guide = routes.find((r) => r.path.startsWith("/guides/"))!;
  assert.deepEqual(
    breadcrumbTrail(guide, routes).map((c) => c.path),
    ["/", guide.path],
  );
  // Were there a /guides page, it would be in the trail.
  const withIndex = [...routes, { ...guide, path: "/guides", title: "Guides" }];
  assert.deepEqual(
    breadcrumbTrail(guide, withIndex).map((c) => c.name),
    ["Home", "Guides", guide.title],
  );
});

test("programme pages list their programmes; guides are Articles with their dates", () => {
  for (const category of categories) {
    const route = routes.find((r) => r.path === category.path)!;
    const [list, ...more] = head(route).nodes("ItemList");
    assert.equal(more.length, 0);
    const names = category.groups.flatMap((g) => g.programs);
    assert.equal(list.name, category.name);
    assert.equal(list.numberOfItems, names.length);
    assert.deepEqual(
      list.itemListElement,
      names.map((name, i) => ({ "@type": "ListItem", position: i + 1, name })),
    );
  }
  for (const guide of guides) {
    const route = routes.find((r) => r.path === `/guides/${guide.slug}`)!;
    const { nodes, meta } = head(route);
    const [article, ...more] = nodes("Article");
    assert.equal(more.length, 0);
    assert.equal(article.headline, guide.title);
    assert.equal(article.description, guide.summary);
    assert.equal(article.datePublished, guide.published);
    assert.equal(article.dateModified, guide.updated);
    assert.equal(get(article, "author", "@id"), `${SITE_URL}/#organization`);
    assert.equal(get(article, "author", "name"), site.name);
    assert.equal(article.mainEntityOfPage, abs(route.path));
    assert.deepEqual(article.image, [meta("og:image")]);
    assert.equal(meta("og:type"), "article");
  }
  const others = routes.filter((r) => !r.path.startsWith("/guides/"));
  for (const route of others) {
    assert.equal(head(route).nodes("Article").length, 0, route.path);
    assert.equal(head(route).meta("og:type"), "website", route.path);
  }
});

test("social tags: absolute URLs under SITE_URL, a 1200x630 PNG card under 100 kB per page", () => {
  const cards = new Set<string>();
  for (const route of routes) {
    const { doc, meta } = head(route);
    const url = abs(route.path);
    assert.equal(doc.querySelector('link[rel="canonical"]')?.getAttribute("href"), url);
    assert.equal(meta("og:url"), url);
    assert.equal(meta("og:site_name"), site.name);
    assert.equal(meta("og:locale"), site.locale);
    assert.equal(meta("twitter:card"), "summary_large_image");
    assert.ok(meta("og:title") && meta("og:description"), route.path);
    assert.ok(meta("og:image:alt")?.includes(route.title), route.path);
    const image = meta("og:image") ?? "";
    assert.ok(image.startsWith(`${SITE_URL}/assets/og-`), `${route.path}: ${image}`);
    const file = join(dist, new URL(image).pathname);
    const { width, height, bytes } = pngSize(file);
    assert.deepEqual(
      [width, height, meta("og:image:width"), meta("og:image:height")],
      [1200, 630, "1200", "630"],
      route.path,
    );
    assert.ok(bytes < 100_000, `${route.path}: card is ${bytes} bytes`);
    cards.add(image);
  }
  assert.equal(cards.size, routes.length, "each page has its own card");
  // The 404 page has no address of its own: no canonical, no og:url.
  const missing = head(notFoundRoute);
  assert.equal(missing.doc.querySelector('link[rel="canonical"]'), null);
  assert.equal(missing.meta("og:url"), undefined);

  const sitemap = readFileSync(join(dist, "sitemap.xml"), "utf8");
  assert.deepEqual(
    [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]).sort(),
    builtLocales.flatMap((l) => routesIn(l, routes).map((r) => abs(localePath(l, r.path)))).sort(),
  );
  // Each language's pages have their own cards, titles in their own script.
  for (const locale of builtLocales.filter((l) => l !== sourceLocale))
    for (const route of routesIn(locale, routes)) {
      const page = readFileSync(join(dist, locale.code, outputFile(route.path)), "utf8");
      const image = /property="og:image" content="([^"]+)"/.exec(page)?.[1] ?? "";
      assert.ok(image.startsWith(`${SITE_URL}/assets/og-${locale.code}-`), image);
      assert.ok(pngSize(join(dist, new URL(image).pathname)).bytes < 100_000, image);
    }
  assert.match(
    readFileSync(join(dist, "robots.txt"), "utf8"),
    /Sitemap: https:\/\/preview\.eastgate\.test\/sitemap\.xml/,
  );
  assert.ok(
    !readFileSync(join(dist, "index.html"), "utf8").includes(site.url),
    "no default URL left",
  );
});

test("icons and the manifest exist with the sizes they claim", () => {
  const manifest = JSON.parse(readFileSync(join(dist, "site.webmanifest"), "utf8")) as {
    name: string;
    short_name: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  assert.equal(manifest.name, site.name);
  assert.equal(manifest.short_name, site.shortName);
  assert.ok(manifest.short_name.length <= 12);
  assert.match(manifest.theme_color, /^#[0-9a-f]{6}$/);
  assert.match(manifest.background_color, /^#[0-9a-f]{6}$/);
  const purposes = manifest.icons.map((i) => i.purpose);
  assert.ok(purposes.includes("maskable") && purposes.includes("any"));
  const claimed = [
    ...manifest.icons.map((i) => [i.src, i.sizes]),
    ...[...head(routes[0]).doc.querySelectorAll('link[rel="icon"][type="image/png"]')].map((l) => [
      l.getAttribute("href") ?? "",
      l.getAttribute("sizes") ?? "",
    ]),
    ["/apple-touch-icon.png", "180x180"],
  ];
  for (const size of ["192x192", "512x512"])
    assert.ok(
      claimed.some(([, s]) => s === size),
      `an icon of ${size}`,
    );
  for (const [src, sizes] of claimed) {
    const { width, height } = pngSize(join(dist, src));
    assert.equal(`${width}x${height}`, sizes, src);
  }
  assert.equal(claimed.length, pngIcons.length);
  const { doc } = head(routes[0]);
  for (const href of ["/favicon.svg", "/apple-touch-icon.png", "/site.webmanifest"])
    assert.ok(doc.querySelector(`link[href="${href}"]`), href);
  assert.match(readFileSync(join(dist, "favicon.svg"), "utf8"), /^<svg [^>]*viewBox/);
});

test("JSON-LD text cannot end its script element", () => {
  const evil = "</script><script>alert(1)</script><!--";
  const text = jsonLdText({
    "@context": "https://schema.org",
    "@graph": [{ "@type": "Thing", name: evil }],
  });
  assert.ok(!text.includes("<"));
  assert.equal(get(JSON.parse(text), "@graph", 0, "name"), evil);
});

test("SITE_URL must be an absolute http(s) address; a trailing slash is dropped", () => {
  assert.equal(parseSiteUrl("https://example.org/"), "https://example.org");
  assert.equal(parseSiteUrl("http://localhost:4173"), "http://localhost:4173");
  for (const bad of ["example.org", "ftp://example.org", "https://example.org/?a=1", ""])
    assert.throws(() => parseSiteUrl(bad), /SITE_URL .* is not an absolute http\(s\) address/);
});

test("a generated image comes from the cache on the next build", async () => {
  let drawn = 0;
  const draw = async () => (drawn++, Buffer.from(`image ${process.pid} ${Date.now()}`));
  const key = `test-${process.pid}-${Date.now()}`;
  try {
    const first = await cachedImage(key, draw);
    const second = await cachedImage(key, draw);
    assert.equal(drawn, 1);
    assert.deepEqual(second, first);
  } finally {
    rmSync(join(imageCacheDir, `${key.slice(0, 32)}.png`), { force: true });
  }
  // The build's own images are there too, keyed by what they are made of.
  assert.ok(readdirSync(imageCacheDir).filter((f) => f.endsWith(".png")).length >= routes.length);
});
