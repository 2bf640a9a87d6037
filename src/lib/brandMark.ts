/**
 * The brand mark, an open gate over a rising path, drawn once: the header's <Logo> and the
 * favicon, app icons and social images the build generates all use these shapes and colours.
 */
export const brandMark = {
  /** Drawing area: a 36-unit square. */
  size: 36,
  radius: 9,
  arch: "M9 27V14a9 9 0 0 1 18 0v13",
  path: "M14 27l4-9 4 9",
  strokeWidth: 3,
  colours: { background: "#0b3c49", arch: "#f2a541", path: "#fbf7f0" },
} as const;

/**
 * The mark as a standalone SVG document. `inset` (0..0.4) shrinks the drawing inside a square
 * that is filled edge to edge: maskable icons keep their content in the middle 80 %.
 */
export function brandMarkSvg({ px = 36, inset = 0 }: { px?: number; inset?: number } = {}) {
  const { size, radius, arch, path, strokeWidth, colours } = brandMark;
  const scale = 1 - 2 * inset;
  const offset = size * inset;
  const background =
    inset > 0
      ? `<rect width="${size}" height="${size}" fill="${colours.background}"/>`
      : `<rect width="${size}" height="${size}" rx="${radius}" fill="${colours.background}"/>`;
  const lines = `fill="none" stroke-width="${strokeWidth}" stroke-linecap="round" stroke-linejoin="round"`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 ${size} ${size}">` +
    background +
    `<g transform="translate(${offset} ${offset}) scale(${scale})" ${lines}>` +
    `<path d="${arch}" stroke="${colours.arch}"/><path d="${path}" stroke="${colours.path}"/>` +
    `</g></svg>`
  );
}
