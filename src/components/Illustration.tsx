import type { Image } from "../content/types";
import { useAssets } from "./Assets";
import { Picture } from "./Picture";
import { SvgDrawing } from "./SvgDrawing";

/**
 * A staff page's picture: one of our SVGs drawn in the page (no request, so nothing is fetched
 * before the first paint, and no image is the page's LCP), anything else a <Picture>. `cover`
 * crops the drawing to the box the CSS gives it, as `object-fit: cover` crops an <img>.
 */
export function Illustration({
  image,
  className,
  sizes,
  firstScreen,
  cover = false,
}: {
  image: Image;
  className?: string;
  sizes?: string;
  firstScreen?: boolean;
  cover?: boolean;
}) {
  const parts = useAssets().svg?.(image.src);
  return parts ? (
    <SvgDrawing image={image} parts={parts} className={className} cover={cover} />
  ) : (
    <Picture image={image} className={className} sizes={sizes} firstScreen={firstScreen} />
  );
}
