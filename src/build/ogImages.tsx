import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import sharp from "sharp";
import { site } from "../../content/site";
import type { Image } from "../../content/types";
import { brandMark, brandMarkSvg } from "../lib/brandMark";
import { cachedImage, hashOf } from "./imageCache";

/** Social cards (og:image): the size Facebook, LinkedIn and X show full width. */
export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
/** WhatsApp drops previews whose image is larger than this. */
export const OG_MAX_BYTES = 100_000;

const root = resolve(import.meta.dirname, "../..");
const require = createRequire(import.meta.url);
const fontFile = (weight: number) =>
  require.resolve(`@fontsource/fraunces/files/fraunces-latin-${weight}-normal.woff`);
const fonts = [600, 700].map((weight) => ({
  name: "Fraunces",
  data: readFileSync(fontFile(weight)),
  weight: weight as 600 | 700,
  style: "normal" as const,
}));
// Anything the picture is made from: change this file, a font or sharp, and every card is redrawn.
const recipe = hashOf(
  readFileSync(import.meta.filename),
  ...fonts.map((f) => f.data),
  JSON.stringify(sharp.versions),
);

export interface OgCard {
  /** The page's title, as big as fits in three lines. */
  title: string;
  /** Our illustration (an SVG in static/) drawn beside it. */
  artwork: Image;
  /** Shown at the foot: where the link leads. */
  host: string;
}

const dataUri = (svg: string | Buffer) =>
  `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;

function Card({ title, artwork, host, art }: OgCard & { art: string }) {
  const { colours } = brandMark;
  const titleSize = title.length > 56 ? 54 : title.length > 32 ? 62 : 72;
  const artWidth = 400;
  const artHeight = Math.round((artWidth * artwork.height) / artwork.width);
  return (
    <div
      style={{
        width: OG_WIDTH,
        height: OG_HEIGHT,
        display: "flex",
        backgroundColor: colours.path,
        fontFamily: "Fraunces",
        color: colours.background,
      }}
    >
      <div
        style={{
          display: "flex",
          flexDirection: "column",
          justifyContent: "space-between",
          flexGrow: 1,
          padding: "64px 48px 56px 72px",
        }}
      >
        <div style={{ display: "flex", alignItems: "center", gap: 20 }}>
          <img src={dataUri(brandMarkSvg({ px: 64 }))} alt="" width={64} height={64} />
          <span style={{ fontSize: 34, fontWeight: 700 }}>{site.name}</span>
        </div>
        <div
          style={{
            fontSize: titleSize,
            fontWeight: 600,
            lineHeight: 1.12,
            lineClamp: 4,
          }}
        >
          {title}
        </div>
        <div style={{ display: "flex", alignItems: "center", gap: 18, fontSize: 28 }}>
          <div style={{ width: 48, height: 8, borderRadius: 4, backgroundColor: colours.arch }} />
          <span style={{ color: "#0f766e", fontWeight: 600 }}>{host}</span>
        </div>
      </div>
      <div
        style={{
          display: "flex",
          flexShrink: 0,
          width: 480,
          alignItems: "center",
          justifyContent: "center",
          backgroundColor: colours.background,
          borderTopLeftRadius: 48,
          borderBottomLeftRadius: 48,
          marginTop: 40,
          marginBottom: 40,
        }}
      >
        <img src={art} alt="" width={artWidth} height={artHeight} style={{ borderRadius: 28 }} />
      </div>
    </div>
  );
}

/** Draw one card: satori lays out the text in our own font as paths, sharp turns it into a PNG. */
async function drawCard(card: OgCard, artSvg: Buffer) {
  // Loaded only when a card is not in the cache: a warm build never needs it.
  const { default: satori } = await import("satori");
  const svg = await satori(<Card {...card} art={dataUri(artSvg)} />, {
    width: OG_WIDTH,
    height: OG_HEIGHT,
    fonts,
  });
  // Flat colours: a 256-colour palette keeps the file small without visible loss.
  return sharp(Buffer.from(svg))
    .png({ palette: true, quality: 90, compressionLevel: 9 })
    .toBuffer();
}

/**
 * Write the card for each page to dist/assets/og-<name>-<hash>.png (the hash of the picture's
 * inputs, so a changed card gets a new URL that social sites have not cached) and return the
 * URL paths by name. Cards already drawn by an earlier build come from the image cache.
 */
export async function writeOgImages(dist: string, cards: Map<string, OgCard>) {
  const urls = new Map<string, string>();
  await Promise.all(
    [...cards].map(async ([name, card]) => {
      const artSvg = readFileSync(join(root, "static", card.artwork.src));
      const key = hashOf(recipe, JSON.stringify(card), artSvg);
      const png = await cachedImage(key, () => drawCard(card, artSvg));
      if (png.length > OG_MAX_BYTES)
        throw new Error(
          `The social card for ${name} is ${png.length} bytes (limit ${OG_MAX_BYTES})`,
        );
      const file = `assets/og-${name}-${key.slice(0, 8)}.png`;
      writeFileSync(join(dist, file), png);
      urls.set(name, `/${file}`);
    }),
  );
  return urls;
}
