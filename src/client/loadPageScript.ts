/**
 * Inline at the end of every page (allowed by its hash in script-src, computed by the build):
 * asks for the page's own script (its URL in `data-src`) only once the first screen is painted.
 * Requested from the HTML, the script was on the way to the first paint in Lighthouse's model,
 * even at low priority; nothing it does is needed to draw the first screen.
 */
import { firstPaint } from "./firstPaint";

const src = document.currentScript?.dataset.src;

function load() {
  const script = document.createElement("script");
  script.type = "module";
  script.src = src!;
  document.head.append(script);
}

if (src) void firstPaint().then(() => setTimeout(load));
