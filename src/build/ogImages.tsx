import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import sharp from "sharp";
import { site } from "../content/site";
import { sourceLocale, type Locale } from "../i18n/locales";
import type { Image } from "../content/types";
import { brandMark, brandMarkSvg } from "../lib/brandMark";
import { cachedImage, hashOf } from "./buildCache";

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

/** The card's picture as satori takes it: an illustration as it is, an uploaded photo as a PNG. */
async function artOf(image: Image, file: Buffer) {
  if (image.src.endsWith(".svg"))
    // The image schema holds an illustration's size (an upload's is read below).
    return { uri: dataUri(file), width: image.width!, height: image.height! };
  const png = await sharp(file)
    .rotate()
    .resize({ width: 800, withoutEnlargement: true })
    .png()
    .toBuffer({ resolveWithObject: true });
  return {
    uri: `data:image/png;base64,${png.data.toString("base64")}`,
    width: png.info.width,
    height: png.info.height,
  };
}

type Art = Awaited<ReturnType<typeof artOf>>;

function Card({ title, host, art }: OgCard & { art: Art }) {
  const { colours } = brandMark;
  const titleSize = title.length > 56 ? 54 : title.length > 32 ? 62 : 72;
  const artWidth = 400;
  const artHeight = Math.round((artWidth * art.height) / art.width);
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
        <img
          src={art.uri}
          alt=""
          width={artWidth}
          height={artHeight}
          style={{ borderRadius: 28 }}
        />
      </div>
    </div>
  );
}

/**
 * Fraunces has Latin letters only. A translated card's title is set in Noto Sans for its script
 * (npm @expo-google-fonts, the same files on every machine) by Pango, in sharp: it joins Arabic
 * letters and lays them right to left, which satori cannot.
 */
const scriptFonts: Partial<Record<Locale["code"], { family: string; file: string }>> = {
  ar: {
    family: "Noto Sans Arabic Bold",
    file: require.resolve("@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf"),
  },
  zh: {
    family: "Noto Sans SC Bold",
    file: require.resolve("@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf"),
  },
};

/** Where the title sits on the card: left of the artwork, between the name and the host. */
const TITLE_BOX = { left: 72, top: 150, width: 600, height: 340 };

const escapeMarkup = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A title in its script's font, as a transparent PNG no bigger than the title box. */
async function scriptTitle(title: string, locale: Locale) {
  const font = scriptFonts[locale.code];
  if (!font) throw new Error(`No font for social cards in ${locale.code} (src/build/ogImages.tsx)`);
  const size = title.length > 30 ? 50 : title.length > 16 ? 58 : 66;
  const png = await sharp({
    text: {
      text: `<span foreground="${brandMark.colours.background}">${escapeMarkup(title)}</span>`,
      font: `${font.family} ${size}`,
      fontfile: font.file,
      width: TITLE_BOX.width,
      dpi: 72,
      rgba: true,
      spacing: Math.round(size * 0.12),
      align: locale.dir === "rtl" ? "right" : "left",
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  if (png.info.height > TITLE_BOX.height)
    throw new Error(`The ${locale.code} social card title "${title}" is too long for the card`);
  return png;
}

/** Draw one card: satori lays out the text in our own font as paths, sharp turns it into a PNG. */
async function drawCard(card: OgCard, artFile: Buffer, locale: Locale) {
  // Loaded only when a card is not in the cache: a warm build never needs it.
  const { default: satori } = await import("satori");
  const latin = locale === sourceLocale;
  const svg = await satori(
    <Card {...card} title={latin ? card.title : ""} art={await artOf(card.artwork, artFile)} />,
    { width: OG_WIDTH, height: OG_HEIGHT, fonts },
  );
  let image = sharp(Buffer.from(svg));
  if (!latin) {
    const title = await scriptTitle(card.title, locale);
    image = sharp(await image.png().toBuffer()).composite([
      {
        input: title.data,
        left: TITLE_BOX.left + (locale.dir === "rtl" ? TITLE_BOX.width - title.info.width : 0),
        top: TITLE_BOX.top + Math.round((TITLE_BOX.height - title.info.height) / 2),
      },
    ]);
  }
  // Flat colours: a 256-colour palette keeps the file small without visible loss.
  return image.png({ palette: true, quality: 90, compressionLevel: 9 }).toBuffer();
}

/**
 * Write the card for each page to dist/assets/og-<name>-<hash>.png (the hash of the picture's
 * inputs, so a changed card gets a new URL that social sites have not cached) and return the
 * URL paths by name. Cards already drawn by an earlier build come from the image cache.
 */
export async function writeOgImages(
  dist: string,
  cards: Map<string, OgCard>,
  locale: Locale = sourceLocale,
) {
  const urls = new Map<string, string>();
  const prefix = locale === sourceLocale ? "" : `${locale.code}-`;
  const font = scriptFonts[locale.code];
  await Promise.all(
    [...cards].map(async ([name, card]) => {
      const artFile = readFileSync(join(root, "static", card.artwork.src));
      const key = hashOf(recipe, JSON.stringify(card), artFile, locale.code, font?.file ?? "");
      const png = await cachedImage(key, () => drawCard(card, artFile, locale));
      if (png.length > OG_MAX_BYTES)
        throw new Error(
          `The social card for ${name} is ${png.length} bytes (limit ${OG_MAX_BYTES})`,
        );
      const file = `assets/og-${prefix}${name}-${key.slice(0, 8)}.png`;
      writeFileSync(join(dist, file), png);
      urls.set(name, `/${file}`);
    }),
  );
  return urls;
}
