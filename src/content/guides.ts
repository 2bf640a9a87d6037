import { join, resolve } from "node:path";
import { loadGuides } from "./guideFiles";
import { localized } from "../i18n/scope";

/**
 * Guide pages under /guides/<slug> (home #blog), in display order: content/guides/*.md, checked.
 * GUIDES_DIR reads them from another folder (the editor's browser test builds its edited copy).
 */
export const guides = localized(
  loadGuides(
    process.env.GUIDES_DIR
      ? resolve(process.env.GUIDES_DIR)
      : join(import.meta.dirname, "../../content/guides"),
  ),
);
