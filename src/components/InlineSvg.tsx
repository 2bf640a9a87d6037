import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Image } from "../content/types";
import { SvgDrawing, type SvgParts } from "./SvgDrawing";

const STATIC_DIR = resolve(import.meta.dirname, "../../static");

/**
 * The parts of one of our SVG files (a path under static/) to draw inline, or null when it is not
 * an SVG or cannot be drawn inline safely: a style would need the CSP's permission, a script must
 * never run, an id could clash with the page's.
 */
export function readSvg(src: string): SvgParts | null {
  const file = join(STATIC_DIR, src);
  if (!src.endsWith(".svg") || !existsSync(file)) return null;
  const source = readFileSync(file, "utf8");
  const root = /<svg\b[^>]*>/.exec(source);
  const viewBox = root && /\bviewBox="([^"]+)"/.exec(root[0])?.[1];
  if (!root || !viewBox || /\bstyle=|<style|<script|\bid=/i.test(source)) return null;
  return {
    viewBox,
    fill: /\bfill="([^"]+)"/.exec(root[0])?.[1],
    drawing: source.slice(root.index + root[0].length, source.lastIndexOf("</svg>")).trim(),
  };
}

/**
 * One of our SVG illustrations drawn in the page itself rather than fetched: it needs no
 * request, and an inline <svg> is not a Largest Contentful Paint candidate, so the first screen's
 * LCP is its text, which needs nothing but the HTML and the font, and nothing else is requested
 * before the first paint. For the first screen's small illustrations (the home hero's, the
 * programme pages'; about 0.4 kB each with gzip), and a staff page's (Illustration.tsx: its hero,
 * and its cards, which the browser fetched before the first paint although lazy, being near
 * the first screen). Elsewhere an <img> loads lazily and is cached.
 */
export function InlineSvg({ image, className }: { image: Image; className?: string }) {
  const parts = readSvg(image.src);
  if (!parts)
    throw new Error(
      `InlineSvg: ${image.src} needs to be an SVG with a viewBox and no style, script or id`,
    );
  return <SvgDrawing image={image} parts={parts} className={className} />;
}
