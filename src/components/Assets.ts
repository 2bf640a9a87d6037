import { createContext, useContext } from "react";
import type { SvgParts } from "./SvgDrawing";

/** An uploaded photo's copies (src/build/media.ts): AVIF and WebP `srcset`s, smallest first. */
export interface MediaImage {
  width: number;
  height: number;
  avif: string;
  webp: string;
  /** The largest WebP: the <img>'s own src. */
  fallback: string;
}

/** Hashed asset URLs the build produced, known before pages render. */
export interface Assets {
  css: string;
  font: string;
  worldMap: string;
  /** Country code -> flag SVG. */
  flags: Record<string, string>;
  /** Uploaded photos (static/uploads/) by path, with their sizes and formats (src/build/media.ts). */
  media?: Record<string, MediaImage>;
  /**
   * Our SVG files, read to be drawn inline (InlineSvg's readSvg); null when one cannot be. Only
   * at build: the editor's preview has none, and shows an <img> instead.
   */
  svg?: (src: string) => SvgParts | null;
}

export const AssetsContext = createContext<Assets | null>(null);

export function useAssets(): Assets {
  const assets = useContext(AssetsContext);
  if (!assets) throw new Error("useAssets: render the page inside <AssetsContext.Provider>");
  return assets;
}
