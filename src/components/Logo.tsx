import { brandMark } from "../lib/brandMark";

/** The brand mark: an open gate over a rising path (decorative; the brand name is beside it). */
export function Logo() {
  const { size, radius, arch, path } = brandMark;
  return (
    <svg
      className="logo"
      width={size}
      height={size}
      viewBox={`0 0 ${size} ${size}`}
      aria-hidden="true"
    >
      <rect width={size} height={size} rx={radius} className="logo-bg" />
      <path d={arch} className="logo-arch" />
      <path d={path} className="logo-path" />
    </svg>
  );
}
