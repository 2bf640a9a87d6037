/**
 * Country flags: flag-icons' 4:3 drawings, minified (svgo, whole-number coordinates: a
 * 640-unit drawing shown 32 px wide loses nothing) and stacked in one sprite under a hashed
 * name, each with an SVG `<view>`, so `<img src="sprite.svg#gb">` shows one flag and a page of
 * ten flags makes one request, not ten. Emoji flags show as boxes where no emoji font is
 * installed and as letters on Windows.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { join, resolve } from "node:path";
import { optimize } from "svgo";

const FLAG_DIR = resolve(import.meta.dirname, "../../node_modules/flag-icons/flags/4x3");
const WIDTH = 640;
const HEIGHT = 480;

const flagFile = (code: string) => join(FLAG_DIR, `${code.toLowerCase()}.svg`);

/** Whether flag-icons draws the flag of this ISO 3166-1 alpha-2 code ("GB"). */
export function hasFlag(code: string) {
  // flag-icons draws "XX" as an unknown flag: not a country.
  return /^[A-Z]{2}$/.test(code) && code !== "XX" && existsSync(flagFile(code));
}

/** One flag's drawing, its ids prefixed with its code so no two flags' ids meet in the sprite. */
function flagBody(code: string): string {
  const svg = optimize(readFileSync(flagFile(code), "utf8"), {
    multipass: true,
    floatPrecision: 0,
    plugins: ["preset-default", { name: "prefixIds", params: { prefix: `f-${code}` } }],
  }).data;
  const open = /^<svg[^>]*>/.exec(svg);
  const viewBox = open && /viewBox="0 0 640 480"/.test(open[0]);
  if (!open || !viewBox || !svg.endsWith("</svg>"))
    throw new Error(`src/build/flags.ts: flag-icons' ${code} is not a 640x480 drawing`);
  return svg.slice(open[0].length, -"</svg>".length);
}

/** Writes the sprite of these countries' flags to dist/assets; returns code -> URL#view. */
export function writeFlags(dist: string, codes: Iterable<string>): Record<string, string> {
  const list = [...new Set(codes)].sort();
  const parts = list.map((code, i) => {
    const id = code.toLowerCase();
    const y = i * HEIGHT;
    return (
      `<view id="${id}" viewBox="0 ${y} ${WIDTH} ${HEIGHT}"/>` +
      `<svg y="${y}" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${flagBody(code)}</svg>`
    );
  });
  const sprite =
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ` +
    `viewBox="0 0 ${WIDTH} ${HEIGHT * list.length}">${parts.join("")}</svg>`;
  const hash = createHash("sha256").update(sprite).digest("hex").slice(0, 8);
  const file = `assets/flags-${hash}.svg`;
  writeFileSync(join(dist, file), sprite);
  return Object.fromEntries(list.map((code) => [code, `/${file}#${code.toLowerCase()}`]));
}
