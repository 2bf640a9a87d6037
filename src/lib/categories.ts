import { categories } from "../content/programmes";
import type { CategorySlug, ProgrammeCategory } from "../content/types";

/** The programme category with this slug (content validation guarantees there is one). */
export function categoryBySlug(slug: CategorySlug): ProgrammeCategory {
  const category = categories.find((c) => c.id === slug);
  if (!category) throw new Error(`No programme category with slug "${slug}"`);
  return category;
}
