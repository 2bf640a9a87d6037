import type { Plugin } from "esbuild";
import fraunces from "@capsizecss/metrics/fraunces";
import fraunces600 from "@capsizecss/metrics/fraunces/600";
import georgia from "@capsizecss/metrics/georgia";
import georgiaBold from "@capsizecss/metrics/georgia/700";
import times from "@capsizecss/metrics/timesNewRoman";
import timesBold from "@capsizecss/metrics/timesNewRoman/700";

interface Metrics {
  ascent: number;
  descent: number;
  lineGap: number;
  unitsPerEm: number;
  subsets: { latin: { xWidthAvg: number } };
}

/** A local face to stand in for Fraunces until (or unless) it arrives. */
interface Fallback {
  family: string;
  weight: 400 | 700;
  /** Names of the same font (Liberation Serif is metric-compatible with Times New Roman). */
  local: string[];
  metrics: Metrics;
  /** The Fraunces weight whose text it stands in for. */
  target: Metrics;
}

// Regular text in Fraunces is 400; headings are 600, which the fallback's bold face matches.
export const FALLBACKS: Fallback[] = [
  {
    family: "Fraunces fallback Georgia",
    weight: 400,
    local: ["Georgia"],
    metrics: georgia,
    target: fraunces,
  },
  {
    family: "Fraunces fallback Georgia",
    weight: 700,
    local: ["Georgia Bold", "Georgia-Bold"],
    metrics: georgiaBold,
    target: fraunces600,
  },
  {
    family: "Fraunces fallback Times",
    weight: 400,
    local: ["Times New Roman", "TimesNewRomanPSMT", "Liberation Serif"],
    metrics: times,
    target: fraunces,
  },
  {
    family: "Fraunces fallback Times",
    weight: 700,
    local: ["Times New Roman Bold", "TimesNewRomanPS-BoldMT", "Liberation Serif Bold"],
    metrics: timesBold,
    target: fraunces600,
  },
];

const percent = (n: number) => `${(n * 100).toFixed(2)}%`;

/**
 * The overrides that make `fallback` take Fraunces's room: scaled to the same average glyph
 * width, then given Fraunces's ascent, descent and line gap at that scale (capsize's method).
 */
export function overrides({ metrics, target }: Pick<Fallback, "metrics" | "target">) {
  const width = (m: Metrics) => m.subsets.latin.xWidthAvg / m.unitsPerEm;
  const sizeAdjust = width(target) / width(metrics);
  const scaled = (units: number) => Math.abs(units) / target.unitsPerEm / sizeAdjust;
  return {
    sizeAdjust,
    ascentOverride: scaled(target.ascent),
    descentOverride: scaled(target.descent),
    lineGapOverride: scaled(target.lineGap),
  };
}

/** The @font-face rules of the fallback families `--font-display` lists after Fraunces. */
export function fallbackFaces(): string {
  return FALLBACKS.map((fallback) => {
    const o = overrides(fallback);
    return (
      `@font-face{font-family:"${fallback.family}";font-weight:${fallback.weight};` +
      `src:${fallback.local.map((name) => `local("${name}")`).join(",")};` +
      `size-adjust:${percent(o.sizeAdjust)};ascent-override:${percent(o.ascentOverride)};` +
      `descent-override:${percent(o.descentOverride)};line-gap-override:${percent(o.lineGapOverride)}}`
    );
  }).join("\n");
}

/** esbuild: `@import "generated:fallback-fonts";` in a stylesheet brings in `fallbackFaces()`. */
export const fallbackFacesPlugin: Plugin = {
  name: "fallback-fonts",
  setup(build) {
    build.onResolve({ filter: /^generated:fallback-fonts$/ }, ({ path }) => ({
      path,
      namespace: "generated",
    }));
    build.onLoad({ filter: /.*/, namespace: "generated" }, () => ({
      contents: fallbackFaces(),
      loader: "css",
    }));
  },
};
