/**
 * The translation workflow behind `npm run translations`: where each locale stands, an XLIFF
 * file for a translator, and reading one back into the catalogs.
 */
import { contentModules } from "../build/content";
import { catalogFile, readCatalog, stateOf, writeCatalog, type Stale } from "./catalog";
import { englishPages } from "../content/pages";
import { categories } from "../content/programmes";
import { staffPagePath } from "../content/schema/pages";
import { eventPath } from "../lib/events";
import { englishOf } from "./scope";
import { omittedIn, PAGES_FILE, translatedIn } from "./pageLanguages";
import { englishCopy, translationState } from "./apply";
import { locales } from "./locales";
import { unitsOf, type Unit } from "./units";
import { exportXliff, importXliff, XliffError } from "./xliff";

/** Where a content file's texts appear, for the translator's note. */
const WHERE: Record<string, string> = {
  "content/about.yaml": "the About page",
  "src/content/booking.ts": "the Book a consultation page, its messages and its e-mails",
  "content/costOfStudy.yaml": "the Cost of study planner",
  "content/destinations.yaml": "the home page's study destinations",
  "src/content/registration.ts":
    "what the server says to someone registering for an event, and their e-mails",
  "content/events.yaml": "the events and webinars: their list, pages and e-mails",
  "src/content/enquiryMail.ts": "the e-mail a student gets after sending an enquiry",
  "src/content/forms.ts":
    "the enquiry and booking forms: labels, hints and messages for what was typed",
  "content/guides": "the guides (visa, scholarships, January intake)",
  "content/home.yaml": "the home page, its forms and the header's ticker",
  "content/navigation.yaml": "the header menu and the footer on every page",
  "content/pages":
    "the pages staff compose (campaigns, countries, scholarships), by page and block",
  "content/privacy.yaml": "the privacy notice, and the line under every form that links it",
  "content/programmes.yaml": "the four programme pages",
  "content/routeFinder.yaml": "the Find your route tool",
  "content/services.yaml": "the Student services page",
  "src/content/site.ts": "every page: the agency's description, hours and contacts",
  "content/studyRoutes.yaml": "the route finder and the cost planner",
  "content/testimonials.yaml": "the students' stories on the home page",
  "src/content/ui.ts": "every page's header, footer and contact buttons; page titles; the 404 page",
};

/** "locale  translated  stale  missing" for every locale but English. */
export function stateTable(dir?: string) {
  const rows = locales
    .filter((l) => l.code !== "en")
    .map((l) => {
      const reports = translationState(l.code, dir);
      const sum = (f: (r: (typeof reports)[number]) => number) =>
        reports.reduce((n, r) => n + f(r), 0);
      return {
        locale: l.code,
        published: l.published,
        translated: sum((r) => r.translated),
        stale: sum((r) => r.stale.length),
        missing: sum((r) => r.missing.length),
        reports,
      };
    });
  return rows;
}

/**
 * An XLIFF file of a locale's texts for a translator: what is new or stale (the English changed
 * since it was translated), or with `all`, every text of the site.
 */
export function exportLocale(code: string, dir?: string, { all = false } = {}) {
  const locale = locales.find((l) => l.code === code && code !== "en");
  if (!locale)
    throw new Error(
      `No locale "${code}": use one of ${locales
        .filter((l) => l.code !== "en")
        .map((l) => l.code)
        .join(", ")}`,
    );
  const files = contentModules.map(({ file, exports }) => {
    const units = unitsOf(file, englishCopy(exports));
    const catalog = readCatalog(code, file, dir);
    const state = stateOf(units, catalog);
    const todo = new Set([...state.missing, ...state.stale.map((s) => s.unit)]);
    return {
      file,
      units: all ? units : units.filter((u) => todo.has(u)),
      catalog,
      where: WHERE[file] ?? file,
    };
  });
  const xml = exportXliff(
    locale.lang,
    files.filter((f) => f.units.length),
  );
  return { xml, units: files.reduce((n, f) => n + f.units.length, 0) };
}

/**
 * The content module an XLIFF file names: by its path, or (a file exported before a module
 * moved, as the loaders did from content/ to src/content/) by the catalogue it writes to.
 */
const moduleOf = (file: string) =>
  contentModules.find((m) => m.file === file) ??
  contentModules.find((m) => catalogFile("", m.file) === catalogFile("", file));

/**
 * Read a translator's XLIFF into the catalogs; returns how many texts it set, per file. A file
 * with any bad unit is refused whole, every bad unit named with its reason.
 */
export function importLocale(xml: string, dir?: string) {
  const lang = /<xliff\b[^>]*\btrgLang="([^"]*)"/.exec(xml)?.[1];
  const locale = locales.find((l) => l.lang === lang || l.code === lang);
  if (!locale || locale.code === "en")
    throw new Error(`The file's target language "${lang ?? ""}" is not one we publish`);
  // What each unit was exported with: the translation the build uses for it now.
  const current = new Map<string, Map<string, { text: string }>>();
  const exported = (file: string, field: string) => {
    const module = moduleOf(file);
    if (!module) return undefined;
    if (!current.has(module.file)) {
      const units = unitsOf(module.file, englishCopy(module.exports));
      current.set(module.file, stateOf(units, readCatalog(locale.code, module.file, dir)).entries);
    }
    return current.get(module.file)!.get(field)?.text;
  };
  const imported = importXliff(xml, exported);
  const counts: Record<string, number> = {};
  // Check the whole file before writing anything: a refused file changes nothing.
  const problems: string[] = [];
  for (const [file, entries] of Object.entries(imported.files)) {
    const module = moduleOf(file);
    if (!module) {
      problems.push(`${file}: no such content file`);
      continue;
    }
    const fields = new Set(unitsOf(module.file, englishCopy(module.exports)).map((u) => u.field));
    for (const field of Object.keys(entries))
      if (!fields.has(field)) problems.push(`${file} ${field}: no such text in the English`);
  }
  if (problems.length) throw new XliffError(problems);
  for (const [file, entries] of Object.entries(imported.files)) {
    if (!Object.keys(entries).length) continue;
    const { file: current } = moduleOf(file)!;
    const catalog = readCatalog(locale.code, current, dir);
    const changed = Object.entries(entries).filter(
      ([field, e]) => catalog[field]?.source !== e.source || catalog[field]?.text !== e.text,
    );
    if (!changed.length) continue;
    writeCatalog(locale.code, current, { ...catalog, ...Object.fromEntries(changed) }, dir);
    counts[current] = changed.length;
  }
  return { locale: locale.code, counts };
}

/** What is new (no translation yet) or stale in one page of the site, for one locale. */
export interface PageTodo {
  /** The page's address (`/guides/uk-student-visa`), or where the texts appear. */
  page: string;
  file: string;
  /** The page is in English only until these are translated (else they are left out of it). */
  englishOnly: boolean;
  fresh: Unit[];
  stale: Stale[];
}

/** The page a text is on: its item's own page, or where the file's texts appear. */
function pageOf(file: string, field: string): { page: string; item?: string } {
  const item = /^(?:guides|pages|categories)\[[^\]]+\]|^events\.[^.[]+/.exec(field)?.[0];
  const key = item?.replace(/^\w+[[.]/, "").replace(/\]$/, "");
  if (file === "content/guides" && key) return { page: `/guides/${key}`, item };
  if (file === "content/events.yaml" && key) return { page: eventPath(key), item };
  if (file === PAGES_FILE && key) {
    const page = englishPages.find((p) => p.slug === key);
    if (page) return { page: staffPagePath(page), item };
  }
  if (file === "content/programmes.yaml" && key) {
    const category = englishOf(categories).find((c) => c.id === key);
    if (category) return { page: category.path, item };
  }
  return { page: WHERE[file] ?? file };
}

/** Per page, what `locale` has not translated yet or translated from English since changed. */
export function todoByPage(locale: string, dir?: string): PageTodo[] {
  const pages = new Map<string, PageTodo>();
  const omitted = omittedIn(locale, dir);
  for (const { file, exports } of contentModules) {
    const state = stateOf(unitsOf(file, englishCopy(exports)), readCatalog(locale, file, dir));
    const todo = (field: string) => {
      const { page, item } = pageOf(file, field);
      if (!pages.has(page)) {
        const staff = file === PAGES_FILE && englishPages.find((p) => staffPagePath(p) === page);
        pages.set(page, {
          page,
          file,
          englishOnly: staff
            ? !translatedIn(staff, locale, dir)
            : !!item && omitted.has(`${file}\n${item}`),
          fresh: [],
          stale: [],
        });
      }
      return pages.get(page)!;
    };
    for (const unit of state.missing) todo(unit.field).fresh.push(unit);
    for (const s of state.stale) todo(s.unit.field).stale.push(s);
  }
  return [...pages.values()];
}
