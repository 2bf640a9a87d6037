/**
 * What in `content/` gets translated: every string a reader reads, found by walking each content
 * module's exports. A text's address is its file and field path (`content/home.yaml` `slides[january-2026].title`).
 * Strings that are data (ids, links, codes, dates, contact details) and names that stay as they
 * are written are left out by the rules below, decided once for the whole site.
 */
import { site } from "../content/site";
import { INTAKE_PLACEHOLDER } from "../lib/intake";

export interface Unit {
  /** The content file, e.g. `content/home.yaml`. */
  file: string;
  /** The field's path from the export, e.g. `hero.slides[0].title`. */
  field: string;
  /** The English text, the promoted intake's name in it written `{intake}` (src/lib/intake.ts). */
  text: string;
}

/** Keys whose strings are data, never words: the same in every language. */
const DATA_KEYS = new Set([
  // Named in each language from its month (src/lib/intake.ts), never translated by hand.
  "promotedIntake",
  "id",
  "slug",
  "href",
  "path",
  "icon",
  "src",
  "url",
  "source",
  "mapsLink",
  "mapQuery",
  "code",
  "countryCode",
  "currency",
  "symbol",
  "date",
  "dayOfWeek",
  "opens",
  "closes",
  "asOf",
  "checked",
  "published",
  "updated",
  "tel",
  "whatsapp",
  "display",
  "email",
  "admissionsEmail",
  "infoEmail",
  "careersEmail",
  "monogram",
  "value",
  "interest",
  "zone",
  "locale",
  "goal",
  "qualification",
  "english",
  "home",
  "place",
  "route",
  "routes",
  "artwork",
  "tone",
  "variant",
]);

/**
 * Names stay as they are written, in English, because that is how a student meets them on an
 * application, a letter or a map: universities and their cities, programme titles, students'
 * names and programmes, the agency's name and postal address. `file: keys`.
 */
const NAMES: Record<string, Set<string>> = {
  "src/content/site.ts": new Set([
    "name",
    "shortName",
    "street",
    "lines",
    "locality",
    "postalCode",
    "country",
  ]),
  "content/home.yaml": new Set(["partners.name", "partners.city"]),
  "content/programmes.yaml": new Set(["programs"]),
  "content/testimonials.yaml": new Set(["name", "program"]),
};

/** Content a translated locale takes from CLDR, not from its translators. */
const FROM_CLDR = new Set(["src/content/zoneCities.ts"]);

/** Fields that are words although their key usually holds data: `file: paths`. */
const TEXT_PATHS: Record<string, RegExp[]> = {
  // A programme page's facts ("Duration": "1 year"): `value` here is read, not posted.
  "content/programmes.yaml": [/^categories\[[^\]]+\]\.meta\[\d+\]\.value$/],
};

/** Fields that are names or data by where they are, not by their key: `file: paths`. */
const NAME_PATHS: Record<string, RegExp[]> = {
  // A guide's deadlines are dated notes for staff (src/build/staleness.ts), never shown.
  "content/guides": [/\.deadlines\[\d+\]\.note$/],
  // A route's intake months are keys the route finder computes with (shown via intakeMonths).
  "content/studyRoutes.yaml": [/\.intakes\[\d+\]$/],
  // The office's address as printed for post, and the social networks' own names.
  "src/content/site.ts": [/^contactInfo\[0\]\.lines\[\d+\]\.text$/, /^site\.social\[\d+\]\.label$/],
  // An event's words are its title, summary, host and body; the rest is data (kind, times, language).
  "content/events.yaml": [/^events\.[^.]+\.(?!title$|summary$|host$|body\[)/],
};

/**
 * Files whose words are only under these keys, every other string being data (a block's type,
 * the ids its cards name, an image's path): a staff page's texts, keyed by page slug and block
 * id, `pages[<slug>].blocks[<id>].heading`.
 */
const ONLY_KEYS: Record<string, Set<string>> = {
  "content/pages": new Set([
    "title",
    "description",
    "socialAlt",
    "heading",
    "text",
    "body",
    "intro",
    "label",
    "value",
    "asOfMeaning",
    "question",
    "answer",
    "alt",
    "caption",
  ]),
};

const isData = (text: string) =>
  text.trim() === "" ||
  /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/.test(text) ||
  /^(?:https?:|mailto:|tel:|\/)/.test(text) ||
  /^[\d\s.,:+%£$€-]+$/.test(text);

/** The key a rule names: the field's own key, with its parent's for `parent.key` rules. */
function keysOf(path: string[]) {
  const named = path.filter((p) => !p.startsWith("["));
  const own = named[named.length - 1] ?? "";
  const parent = named[named.length - 2];
  return { own, qualified: parent ? `${parent}.${own}` : own };
}

function format(path: string[]) {
  return path.map((p, i) => (p.startsWith("[") || i === 0 ? p : `.${p}`)).join("");
}

/**
 * Each element's segment in a field path. Items with a `slug` or `id` (a guide, a section, a
 * programme category) are keyed by it, `guides[january-2026-intake].sections[why-january]`, so a
 * translation stays with its text when items are inserted, removed or reordered; the rest
 * (paragraphs, list lines) by position, `paragraphs[0]`, where catalogs also match by text.
 */
function elementSegments(array: unknown[]) {
  const ids = array.map((v) => {
    if (!v || typeof v !== "object") return undefined;
    const { slug, id } = v as { slug?: unknown; id?: unknown };
    const key = slug ?? id;
    return typeof key === "string" && /^[\w-]+$/.test(key) && !/^\d+$/.test(key) ? key : undefined;
  });
  const keyed = ids.every((id) => id !== undefined) && new Set(ids).size === ids.length;
  return array.map((_, i) => `[${keyed ? ids[i] : i}]`);
}

/** Every translatable text of one content module, in the order it is written. */
export function unitsOf(file: string, exports: Record<string, unknown>): Unit[] {
  const out: Unit[] = [];
  if (FROM_CLDR.has(file)) return out;
  const names = NAMES[file] ?? new Set<string>();
  const walk = (value: unknown, path: string[]) => {
    if (typeof value === "string") {
      const { own, qualified } = keysOf(path);
      const field = format(path);
      const only = ONLY_KEYS[file];
      const text = only ? only.has(own) : TEXT_PATHS[file]?.some((p) => p.test(field));
      if (only && !text) return;
      if (!text && (DATA_KEYS.has(own) || names.has(own) || names.has(qualified))) return;
      if (isData(value)) return;
      if (NAME_PATHS[file]?.some((p) => p.test(field))) return;
      out.push({ file, field, text: value.replaceAll(site.promotedIntake, INTAKE_PLACEHOLDER) });
    } else if (Array.isArray(value)) {
      const segments = elementSegments(value);
      value.forEach((v, i) => walk(v, [...path, segments[i]]));
    } else if (value && typeof value === "object")
      for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
  };
  for (const [name, value] of Object.entries(exports)) walk(value, [name]);
  return out;
}

/** Replace, in place, each unit's string with `text(unit)` (in a locale's copy of the content). */
export function replaceTexts(
  file: string,
  exports: Record<string, unknown>,
  text: (unit: Unit) => string,
) {
  const units = new Map(unitsOf(file, exports).map((u) => [u.field, u]));
  const walk = (value: unknown, path: string[]) => {
    if (Array.isArray(value)) {
      const segments = elementSegments(value);
      value.forEach((v, i) => {
        const p = [...path, segments[i]];
        const unit = typeof v === "string" ? units.get(format(p)) : undefined;
        if (unit) value[i] = text(unit);
        else walk(v, p);
      });
    } else if (value && typeof value === "object")
      for (const [k, v] of Object.entries(value)) {
        const p = [...path, k];
        const unit = typeof v === "string" ? units.get(format(p)) : undefined;
        if (unit) (value as Record<string, unknown>)[k] = text(unit);
        else walk(v, p);
      }
  };
  for (const [name, value] of Object.entries(exports)) walk(value, [name]);
}
