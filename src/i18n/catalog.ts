/**
 * Translations, one JSON file per locale and content file (`content/translations/ar/home.json`),
 * keyed by field. Each entry keeps the English it was made from, so a change to the English
 * shows the translation as stale (with the old and the new English) instead of letting it
 * silently describe something else.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { Unit } from "./units";

export interface Entry {
  /** The English text this translation was made from. */
  source: string;
  text: string;
}
export type Catalog = Record<string, Entry>;

export const TRANSLATIONS_DIR = join(import.meta.dirname, "../../content/translations");

/** A content file's or folder's catalog: `content/home.yaml`, `content/guides` -> `<locale>/home.json`. */
export const catalogFile = (locale: string, file: string, dir = TRANSLATIONS_DIR) =>
  join(dir, locale, `${basename(file).replace(/\.(?:ts|ya?ml)$/, "")}.json`);

export function readCatalog(locale: string, file: string, dir = TRANSLATIONS_DIR): Catalog {
  const path = catalogFile(locale, file, dir);
  if (!existsSync(path)) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(`${path}: not valid JSON (${(error as Error).message})`);
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
    throw new Error(`${path}: expected an object of field: { source, text }`);
  for (const [field, entry] of Object.entries(parsed as Record<string, unknown>)) {
    const e = entry as Partial<Entry> | null;
    if (!e || typeof e.source !== "string" || typeof e.text !== "string" || !e.text.trim())
      throw new Error(`${path}: field ${field} needs a "source" and a non-empty "text"`);
  }
  return parsed as Catalog;
}

export function writeCatalog(
  locale: string,
  file: string,
  catalog: Catalog,
  dir = TRANSLATIONS_DIR,
) {
  const path = catalogFile(locale, file, dir);
  mkdirSync(dirname(path), { recursive: true });
  const sorted = Object.fromEntries(Object.entries(catalog).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(path, `${JSON.stringify(sorted, null, 2)}\n`);
}

export interface Stale {
  unit: Unit;
  /** The English the translation was made from. */
  was: string;
}

export interface State {
  translated: Unit[];
  stale: Stale[];
  missing: Unit[];
}

/**
 * The entry that translates each unit of one file, and where each stands. A unit takes the
 * entry at its field when that was made from its English; else one made from its English under
 * another field (the text moved: a paragraph was inserted before it); else the entry at its
 * field made from English that no text of the file has any more (the text was edited): stale,
 * still used, listed with the old and the new English. An entry made from another current text
 * is never borrowed: that text's translation stays with it, and this unit is missing.
 */
export function stateOf(units: Unit[], catalog: Catalog): State & { entries: Map<string, Entry> } {
  const state: State = { translated: [], stale: [], missing: [] };
  const entries = new Map<string, Entry>();
  const texts = new Set(units.map((u) => u.text));
  const bySource = new Map<string, Entry>();
  for (const entry of Object.values(catalog))
    if (!bySource.has(entry.source)) bySource.set(entry.source, entry);
  for (const unit of units) {
    const own = catalog[unit.field];
    const same = own?.source === unit.text ? own : bySource.get(unit.text);
    if (same) {
      state.translated.push(unit);
      entries.set(unit.field, same);
    } else if (own && !texts.has(own.source)) {
      state.stale.push({ unit, was: own.source });
      entries.set(unit.field, own);
    } else state.missing.push(unit);
  }
  return { ...state, entries };
}
