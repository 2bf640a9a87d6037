/**
 * Country flags as small SVG files: flag-icons' 4:3 drawings, minified (svgo, whole-number
 * coordinates: a 640-unit drawing shown 32 px wide loses nothing) and written under hashed
 * names. Emoji flags show as boxes where no emoji font is installed and as letters on Windows.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { join, resolve } from "node:path";
import { optimize } from "svgo";

const FLAG_DIR = resolve(import.meta.dirname, "../../node_modules/flag-icons/flags/4x3");

const flagFile = (code: string) => join(FLAG_DIR, `${code.toLowerCase()}.svg`);

/** Whether flag-icons draws the flag of this ISO 3166-1 alpha-2 code ("GB"). */
export function hasFlag(code: string) {
  // flag-icons draws "XX" as an unknown flag: not a country.
  return /^[A-Z]{2}$/.test(code) && code !== "XX" && existsSync(flagFile(code));
}

/** Writes each country's flag to dist/assets; returns code -> URL. */
export function writeFlags(dist: string, codes: Iterable<string>): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const code of new Set(codes)) {
    const svg = optimize(readFileSync(flagFile(code), "utf8"), {
      multipass: true,
      floatPrecision: 0,
    }).data;
    const hash = createHash("sha256").update(svg).digest("hex").slice(0, 8);
    const file = `assets/flag-${code.toLowerCase()}-${hash}.svg`;
    writeFileSync(join(dist, file), svg);
    urls[code] = `/${file}`;
  }
  return urls;
}
