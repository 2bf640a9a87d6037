import type { Image } from "../content/types";

/** What of an SVG file is drawn inline: its root's viewBox and fill, and what is inside the root. */
export interface SvgParts {
  viewBox: string;
  fill?: string;
  drawing: string;
}

/**
 * An SVG illustration drawn in the page itself (see InlineSvg for why). A decorative one (no
 * alt) is hidden from assistive technology; otherwise it is an image named by its alt.
 */
export function SvgDrawing({
  image,
  parts,
  className,
  cover = false,
}: {
  image: Image;
  parts: SvgParts;
  className?: string;
  /** Fill the box, cropping the drawing (an <img>'s `object-fit: cover`). */
  cover?: boolean;
}) {
  return (
    <svg
      className={className}
      xmlns="http://www.w3.org/2000/svg"
      viewBox={parts.viewBox}
      width={image.width}
      height={image.height}
      fill={parts.fill}
      preserveAspectRatio={cover ? "xMidYMid slice" : undefined}
      {...(image.alt ? { role: "img", "aria-label": image.alt } : { "aria-hidden": true })}
      dangerouslySetInnerHTML={{ __html: parts.drawing }}
    />
  );
}
