import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Image } from "../content/types";

const STATIC_DIR = resolve(import.meta.dirname, "../../static");

/**
 * One of our SVG illustrations drawn in the page itself rather than fetched: it needs no
 * request, and an inline <svg> is not a Largest Contentful Paint candidate, so the first screen's
 * LCP is its text, which needs nothing but the HTML and the font, and nothing else is requested
 * before the first paint. For the first screen's small illustrations only (the home hero's and
 * the programme pages', about 0.4 kB each with gzip): elsewhere an <img> loads lazily and is
 * cached.
 */
export function InlineSvg({ image, className }: { image: Image; className?: string }) {
  const source = readFileSync(join(STATIC_DIR, image.src), "utf8");
  const root = /<svg\b[^>]*>/.exec(source);
  const viewBox = root && /\bviewBox="([^"]+)"/.exec(root[0])?.[1];
  if (!root || !viewBox || /\bstyle=|<script|\bid=/i.test(source))
    throw new Error(`InlineSvg: ${image.src} needs a viewBox and no style, script or id`);
  const fill = /\bfill="([^"]+)"/.exec(root[0])?.[1];
  const drawing = source.slice(root.index + root[0].length, source.lastIndexOf("</svg>")).trim();
  return (
    <svg
      className={className}
      xmlns="http://www.w3.org/2000/svg"
      viewBox={viewBox}
      width={image.width}
      height={image.height}
      fill={fill}
      role="img"
      aria-label={image.alt}
      dangerouslySetInnerHTML={{ __html: drawing }}
    />
  );
}
