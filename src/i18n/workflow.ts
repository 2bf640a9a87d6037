/**
 * The translation workflow behind `npm run translations`: where each locale stands, an XLIFF
 * file for a translator, and reading one back into the catalogs.
 */
import { contentModules } from "../build/content";
import { catalogFile, readCatalog, writeCatalog } from "./catalog";
import { translationState } from "./apply";
import { locales } from "./locales";
import { unitsOf } from "./units";
import { exportXliff, importXliff } from "./xliff";

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

export function exportLocale(code: string, dir?: string) {
  const locale = locales.find((l) => l.code === code && code !== "en");
  if (!locale)
    throw new Error(
      `No locale "${code}": use one of ${locales
        .filter((l) => l.code !== "en")
        .map((l) => l.code)
        .join(", ")}`,
    );
  return exportXliff(
    locale.lang,
    contentModules.map(({ file, exports }) => ({
      file,
      units: unitsOf(file, exports),
      catalog: readCatalog(code, file, dir),
      where: WHERE[file] ?? file,
    })),
  );
}

/**
 * The content module an XLIFF file names: by its path, or (a file exported before a module
 * moved, as the loaders did from content/ to src/content/) by the catalogue it writes to.
 */
const moduleOf = (file: string) =>
  contentModules.find((m) => m.file === file) ??
  contentModules.find((m) => catalogFile("", m.file) === catalogFile("", file));

/** Read a translator's XLIFF into the catalogs; returns how many texts it set, per file. */
export function importLocale(xml: string, dir?: string) {
  const imported = importXliff(xml);
  const locale = locales.find((l) => l.lang === imported.locale || l.code === imported.locale);
  if (!locale || locale.code === "en")
    throw new Error(`The file's target language "${imported.locale ?? ""}" is not one we publish`);
  const counts: Record<string, number> = {};
  // Check the whole file before writing anything: a refused file changes nothing.
  for (const [file, entries] of Object.entries(imported.files)) {
    const module = moduleOf(file);
    if (!module) throw new Error(`${file}: no such content file`);
    const fields = new Set(unitsOf(module.file, module.exports).map((u) => u.field));
    for (const field of Object.keys(entries))
      if (!fields.has(field)) throw new Error(`${file} ${field}: no such text in the English`);
  }
  for (const [file, entries] of Object.entries(imported.files)) {
    if (!Object.keys(entries).length) continue;
    const { file: current } = moduleOf(file)!;
    writeCatalog(
      locale.code,
      current,
      { ...readCatalog(locale.code, current, dir), ...entries },
      dir,
    );
    counts[current] = Object.keys(entries).length;
  }
  return { locale: locale.code, counts };
}
