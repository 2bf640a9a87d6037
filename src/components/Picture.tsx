import type { Image } from "../../content/types";

interface Props {
  image: Image;
  className?: string;
}

/** An image below the first screen, with its intrinsic size set so it reserves its space. */
export function Picture({ image, className }: Props) {
  return (
    <img
      className={className}
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading="lazy"
      decoding="async"
    />
  );
}
