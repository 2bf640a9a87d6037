/** Search text as the spec matches it: trimmed, case-insensitive; blank means "no search". */
export const normaliseQuery = (text: string) => text.trim().toLowerCase();

export const HOME_SUGGESTION_LIMIT = 6;

interface Searchable {
  title: string;
  summary: string;
}

/** Home course search: cards whose title or summary contains the text; null when blank. */
export function matchCourses<T extends Searchable>(
  items: readonly T[],
  text: string,
  limit = HOME_SUGGESTION_LIMIT,
): T[] | null {
  const q = normaliseQuery(text);
  if (!q) return null;
  return items
    .filter((i) => i.title.toLowerCase().includes(q) || i.summary.toLowerCase().includes(q))
    .slice(0, limit);
}

/** Category search: programme titles containing the text; null when blank. */
export function matchProgrammes(titles: readonly string[], text: string): string[] | null {
  const q = normaliseQuery(text);
  if (!q) return null;
  return titles.filter((t) => t.toLowerCase().includes(q));
}
