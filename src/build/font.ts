import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  writeFileSync,
} from "node:fs";
import { join, resolve } from "node:path";
import type { Plugin } from "esbuild";
import subsetFont from "subset-font";
import { hashOf } from "./buildCache";

const root = resolve(import.meta.dirname, "../..");
const fontCacheDir = resolve(
  process.env.FONT_CACHE_DIR ?? join(root, "node_modules/.cache/eastgate-fonts"),
);
const subsetFontVersion = (
  JSON.parse(readFileSync(join(root, "node_modules/subset-font/package.json"), "utf8")) as {
    version: string;
  }
).version;

/** The weights the stylesheets give Fraunces: the rest of the axis is dropped. */
export const DISPLAY_WEIGHTS = { min: 400, max: 700 };

/**
 * Every character the site can show: printable ASCII, plus each other character written in
 * content/ or src/, in code or in content files (YAML, Markdown) (text islands render in the browser comes from there too).
 */
export function siteCharacters(dirs = ["content", "src"].map((d) => join(root, d))): string {
  const chars = new Set<string>();
  for (let code = 0x20; code < 0x7f; code++) chars.add(String.fromCharCode(code));
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.(?:tsx?|ya?ml|md)$/.test(entry.name))
        for (const char of readFileSync(path, "utf8")) if (char > "~") chars.add(char);
    }
  };
  dirs.forEach(visit);
  return [...chars].sort().join("");
}

/**
 * `font` cut to `text`'s glyphs and the site's weights, as WOFF2. harfbuzz takes about half a
 * second, so the result is kept under a hash of its inputs and a warm build reuses it.
 */
export async function subsetDisplayFont(font: Buffer, text: string): Promise<Buffer> {
  const options = { targetFormat: "woff2", variationAxes: { wght: DISPLAY_WEIGHTS } } as const;
  const key = hashOf(font, text, JSON.stringify(options), subsetFontVersion);
  const file = join(fontCacheDir, `${key.slice(0, 32)}.woff2`);
  if (existsSync(file)) return readFileSync(file);
  const subset = await subsetFont(font, text, options);
  mkdirSync(fontCacheDir, { recursive: true });
  // Through a temporary name, so two builds side by side never read half a file.
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, subset);
  renameSync(temp, file);
  return subset;
}

/** esbuild: every .woff2 the stylesheets import is written subset to the site's characters. */
export function subsetFontsPlugin(text = siteCharacters()): Plugin {
  return {
    name: "subset-fonts",
    setup(build) {
      build.onLoad({ filter: /\.woff2$/ }, async ({ path }) => ({
        contents: await subsetDisplayFont(readFileSync(path), text),
        loader: "file",
      }));
    },
  };
}
