/**
 * What a translated locale leaves out until it is translated. A text with no translation is never
 * shown in English on a translated page, and never stops the build: it goes, with the smallest
 * part of the content that holds it (the paragraph, list item, question, section or block; a new
 * guide, event or programme whole, which is then published in English only). A text outside any
 * such part (an optional field filled in for the first time) is left unset.
 */

/** Where a translation is missing, while a locale's copy is being made (src/i18n/apply.ts). */
export const MISSING = "\u0000untranslated\u0000";

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
 * a list whose items are all new), then keyed items, then the single fields left.
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
      if (v === MISSING) delete (value as Record<string, unknown>)[key];
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
