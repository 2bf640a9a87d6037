import { join } from "node:path";
import { loadGuides } from "../src/content/guides";

/** Guide pages under /guides/<slug> (home #blog), in display order: content/guides/*.md, checked. */
export const guides = loadGuides(join(import.meta.dirname, "guides"));
