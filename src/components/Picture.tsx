import type { Image } from "../../content/types";

interface Props {
  image: Image;
  className?: string;
  /** Above the fold: load at once; otherwise lazily. */
  eager?: boolean;
}

/** An image with its intrinsic size set, so it reserves its space before it loads. */
export function Picture({ image, className, eager }: Props) {
  return (
    <img
      className={className}
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
    />
  );
}
