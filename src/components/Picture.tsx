import type { Image } from "../content/types";
import { useAssets } from "./Assets";

interface Props {
  image: Image;
  className?: string;
  /** The width it is shown at, for choosing among an uploaded photo's copies. */
  sizes?: string;
  /** On the first screen (a hero's photo): fetched at once, first, rather than lazily. */
  firstScreen?: boolean;
}

/**
 * An image, loaded lazily unless it is on the first screen, with its intrinsic size set so it
 * reserves its space. An uploaded photo (static/uploads/) comes in AVIF and WebP at the width the
 * layout needs, its size read from the file.
 */
export function Picture({
  image,
  className,
  sizes = "(min-width: 36em) 22em, 100vw",
  firstScreen = false,
}: Props) {
  const media = useAssets().media?.[image.src];
  const img = (
    <img
      className={className}
      src={media?.fallback ?? image.src}
      alt={image.alt}
      width={media?.width ?? image.width}
      height={media?.height ?? image.height}
      loading={firstScreen ? undefined : "lazy"}
      fetchPriority={firstScreen ? "high" : undefined}
      decoding="async"
      sizes={media ? sizes : undefined}
      srcSet={media?.webp}
    />
  );
  if (!media) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={media.avif} sizes={sizes} />
      {img}
    </picture>
  );
}
