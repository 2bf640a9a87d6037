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

export const catalogFile = (locale: string, file: string, dir = TRANSLATIONS_DIR) =>
  join(dir, locale, basename(file).replace(/\.(?:ts|ya?ml)$/, ".json"));

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

/** Where one locale stands against the English units of one file. */
export function stateOf(units: Unit[], catalog: Catalog): State {
  const state: State = { translated: [], stale: [], missing: [] };
  for (const unit of units) {
    const entry = catalog[unit.field];
    if (!entry) state.missing.push(unit);
    else if (entry.source !== unit.text) state.stale.push({ unit, was: entry.source });
    else state.translated.push(unit);
  }
  return state;
}
