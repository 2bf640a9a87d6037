import type { Image } from "../content/types";
import { initials } from "../lib/initials";

interface Props {
  name: string;
  image?: Image;
  size: number;
}

/** A person's portrait, or their initials when there is none (decorative: the name is beside it). */
export function Avatar({ name, image, size }: Props) {
  if (image)
    return (
      <img className="avatar" src={image.src} alt="" width={size} height={size} loading="lazy" />
    );
  return (
    <span className="avatar avatar-initials" aria-hidden="true">
      {initials(name)}
    </span>
  );
}
