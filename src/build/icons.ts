import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { site } from "../content/site";
import { brandMark, brandMarkSvg } from "../lib/brandMark";
import { cachedImage, hashOf } from "./buildCache";

/** The PNG icons the build draws from the brand mark, and the <link>s and manifest that name them. */
export const pngIcons = [
  // Browsers without SVG favicons (and tab strips that prefer a bitmap).
  { file: "favicon-32.png", px: 32, inset: 0 },
  // iOS rounds the corners itself and shows transparency as black: filled edge to edge.
  { file: "apple-touch-icon.png", px: 180, inset: 0.08 },
  { file: "icon-192.png", px: 192, inset: 0, purpose: "any" },
  { file: "icon-512.png", px: 512, inset: 0, purpose: "any" },
  // Android crops maskable icons to a circle or squircle: the mark stays in the safe middle.
  { file: "icon-maskable-512.png", px: 512, inset: 0.12, purpose: "maskable" },
] as const;

export const MANIFEST = "site.webmanifest";

const sharpVersion = JSON.stringify(sharp.versions);
const ownSource = readFileSync(import.meta.filename);

/** favicon.svg, the PNG icons and site.webmanifest, written to dist/. */
export async function writeIcons(dist: string) {
  writeFileSync(join(dist, "favicon.svg"), brandMarkSvg({ px: 32 }));
  await Promise.all(
    pngIcons.map(async ({ file, px, inset }) => {
      const svg = brandMarkSvg({ px, inset });
      const png = await cachedImage(hashOf(ownSource, sharpVersion, svg), () =>
        sharp(Buffer.from(svg), { density: (72 * px) / brandMark.size })
          .resize(px, px)
          .png({ compressionLevel: 9 })
          .toBuffer(),
      );
      writeFileSync(join(dist, file), png);
    }),
  );
  const manifest = {
    name: site.name,
    short_name: site.shortName,
    description: site.description,
    lang: "en-GB",
    start_url: "/",
    scope: "/",
    // A brochure site with no offline mode: opened from a home screen it stays a browser tab.
    display: "browser",
    background_color: brandMark.colours.path,
    theme_color: brandMark.colours.background,
    icons: pngIcons
      .filter((icon) => "purpose" in icon)
      .map((icon) => ({
        src: `/${icon.file}`,
        sizes: `${icon.px}x${icon.px}`,
        type: "image/png",
        purpose: "purpose" in icon ? icon.purpose : undefined,
      })),
  };
  writeFileSync(join(dist, MANIFEST), JSON.stringify(manifest, null, 2) + "\n");
}
