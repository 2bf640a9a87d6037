/**
 * What a translated locale leaves out until it is translated. A text staff wrote with no
 * translation is never shown in English on a translated page, and never stops the build: it goes
 * with the smallest part of the content that holds it (the paragraph, list item, question, section
 * or block; a new guide, event or programme whole, which is then published in English only). An
 * optional text filled in for the first time (a question's hint) is left unset instead, its part
 * kept. A required text outside any part (a page's own title) is never new to staff: its English
 * was there, translated, before they could change it (then it is stale, and used); a catalog
 * without it stops the build (src/i18n/apply.ts).
 */

/** Where a translation is missing, while a locale's copy is being made (src/i18n/apply.ts). */
export const MISSING = "\u0000untranslated\u0000";
/** Where an optional text's translation is missing: the text is left unset, its part kept. */
export const MISSING_OPTIONAL = "\u0000untranslated, optional\u0000";

/** The stand-in for a missing translation of `field`. */
export const missingFor = (field: string) =>
  OPTIONAL_TEXTS.has(field.slice(field.lastIndexOf(".") + 1)) ? MISSING_OPTIONAL : MISSING;

/** Whether a missing text of `file` at `field` has a part to leave out with it. */
export const hasPart = (file: string, field: string) =>
  field.includes("[") || !!KEYED_ITEMS[file]?.test(field) || missingFor(field) === MISSING_OPTIONAL;

/** Optional texts of the collections (their schemas): an element stays without them. */
const OPTIONAL_TEXTS = new Set(["hint", "planNote", "caption", "intro"]);

/** Files whose items are keyed by slug in an object, not an array: `events.<slug>.title`. */
const KEYED_ITEMS: Record<string, RegExp> = {
  "content/events.yaml": /^events\.[^.[]+/,
};

/**
 * The part of the content that a missing translation of `field` leaves out: its innermost array
 * element (`guides[x].sections[y].paragraphs[2]`), or keyed item (`events.open-day`), or the
 * field itself.
 */
export function omittedPart(file: string, field: string): string {
  if (OPTIONAL_TEXTS.has(field.slice(field.lastIndexOf(".") + 1))) return field;
  const bracket = field.lastIndexOf("]");
  const keyed = KEYED_ITEMS[file]?.exec(field)?.[0];
  if (bracket < 0) return keyed ?? field;
  const element = field.slice(0, bracket + 1);
  return keyed && keyed.length > element.length ? keyed : element;
}

const holdsMissing = (value: unknown): boolean =>
  value === MISSING ||
  (Array.isArray(value)
    ? value.some(holdsMissing)
    : !!value && typeof value === "object" && Object.values(value).some(holdsMissing));

/**
 * Takes out of a locale's copy (in place) every part that holds a MISSING text, as omittedPart
 * names them: innermost array elements first (and an element left with an emptied list, such as
 * a list whose items are all new), then keyed items, then optional texts (MISSING_OPTIONAL).
 */
export function pruneMissing(file: string, exports: Record<string, unknown>) {
  const keyedRoot = KEYED_ITEMS[file]?.source.match(/^\^(\w+)/)?.[1];
  /** Prunes `value`'s arrays; true when one of them was emptied by it. */
  const walk = (value: unknown): boolean => {
    if (Array.isArray(value)) {
      // Each element's own lists first: an element goes if it still holds a MISSING text after.
      const kept: unknown[] = value.filter((v) => !walk(v) && !holdsMissing(v));
      const emptied = value.length > 0 && kept.length === 0;
      value.splice(0, value.length, ...kept);
      return emptied;
    }
    if (!value || typeof value !== "object") return false;
    return Object.values(value).reduce<boolean>((emptied, v) => walk(v) || emptied, false);
  };
  for (const [name, value] of Object.entries(exports))
    if (name === keyedRoot && value && typeof value === "object") {
      for (const [key, item] of Object.entries(value))
        if (walk(item) || holdsMissing(item)) delete (value as Record<string, unknown>)[key];
    } else walk(value);
  const unset = (value: unknown) => {
    if (!value || typeof value !== "object") return;
    for (const [key, v] of Object.entries(value))
      if (v === MISSING_OPTIONAL) delete (value as Record<string, unknown>)[key];
      else unset(v);
  };
  unset(exports);
}

/** A part of the content a locale leaves out until its texts are translated. */
export interface Omitted {
  file: string;
  /** The part left out, as omittedPart names it: `guides[new-guide]`. */
  part: string;
  /** Its texts with no translation. */
  fields: string[];
}

/** What a locale leaves out of each file, the parts named by their missing texts. */
export function omissions(reports: { file: string; missing: string[] }[]): Omitted[] {
  const parts = new Map<string, Omitted>();
  for (const { file, missing } of reports)
    for (const field of missing) {
      const part = omittedPart(file, field);
      const key = `${file}\n${part}`;
      if (!parts.has(key)) parts.set(key, { file, part, fields: [] });
      parts.get(key)!.fields.push(field);
    }
  return [...parts.values()];
}
