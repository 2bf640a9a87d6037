/**
 * Photos the editor uploads land in static/uploads/ (Decap's media folder). Each goes through here:
 * AVIF and WebP at a few widths no larger than the original, its width and height read from the
 * file, so a page offers the smallest fitting copy in a modern format and reserves its space.
 * SVGs are served as they are. The copies are cached between builds (src/build/buildCache.ts).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { extname, join, parse } from "node:path";
import sharp from "sharp";
import { cachedImage, hashOf } from "./buildCache";
import type { MediaImage } from "../components/Assets";

/** Where the editor puts images, under static/, and the path they are served at. */
export const MEDIA_FOLDER = "uploads";

/** Widths offered (px); the original's own width is the last when it is smaller than the largest. */
export const MEDIA_WIDTHS = [480, 960, 1440];

const RASTER = new Set([".jpg", ".jpeg", ".png", ".webp", ".avif"]);

const settings = JSON.stringify({
  widths: MEDIA_WIDTHS,
  sharp: sharp.versions,
  avif: 50,
  webp: 75,
});

/** Every raster image of static/uploads/, processed into dist/uploads/: its versions by served path. */
export async function processMedia(
  staticDir: string,
  dist: string,
): Promise<Record<string, MediaImage>> {
  const folder = join(staticDir, MEDIA_FOLDER);
  if (!existsSync(folder)) return {};
  const out = join(dist, MEDIA_FOLDER);
  mkdirSync(out, { recursive: true });
  const media: Record<string, MediaImage> = {};
  const bases = new Map<string, string>();
  for (const name of readdirSync(folder).sort()) {
    if (!RASTER.has(extname(name).toLowerCase())) continue;
    const base = parse(name).name;
    const other = bases.get(base);
    if (other)
      throw new Error(
        `static/${MEDIA_FOLDER}/${name} and ${other} would be served under the same names (${base}-480.webp...): rename one`,
      );
    bases.set(base, name);
    const source = readFileSync(join(folder, name));
    let meta;
    try {
      meta = await sharp(source).rotate().metadata();
    } catch (error) {
      throw new Error(
        `static/${MEDIA_FOLDER}/${name}: not an image sharp can read (${(error as Error).message})`,
      );
    }
    // Metadata reports the stored orientation; EXIF orientations 5-8 turn the picture a quarter.
    const turned = (meta.orientation ?? 1) >= 5;
    const width = (turned ? meta.height : meta.width) ?? 0;
    const height = (turned ? meta.width : meta.height) ?? 0;
    const largest = Math.min(width, MEDIA_WIDTHS.at(-1)!);
    const widths = [...MEDIA_WIDTHS.filter((w) => w < largest), largest];
    const sets: Record<"avif" | "webp", string[]> = { avif: [], webp: [] };
    for (const w of widths)
      for (const format of ["avif", "webp"] as const) {
        const file = `${base}-${w}.${format}`;
        const image = await cachedImage(
          hashOf(settings, source, String(w), format),
          () => {
            const resized = sharp(source).rotate().resize({ width: w });
            return (
              format === "avif" ? resized.avif({ quality: 50 }) : resized.webp({ quality: 75 })
            ).toBuffer();
          },
          format,
        );
        writeFileSync(join(out, file), image);
        sets[format].push(`/${MEDIA_FOLDER}/${file} ${w}w`);
      }
    media[`/${MEDIA_FOLDER}/${name}`] = {
      width,
      height,
      avif: sets.avif.join(", "),
      webp: sets.webp.join(", "),
      fallback: `/${MEDIA_FOLDER}/${base}-${widths.at(-1)!}.webp`,
    };
  }
  return media;
}
