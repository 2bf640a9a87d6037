import { readJsonLines } from "../db/jsonl";

/**
 * The latest state of every reservation in a JSON-lines file of the server before the
 * database (each change a new line with the whole reservation; the latest line of an id wins):
 * read once, for the import.
 */
export function readLatest<T extends { id: string }>(
  file: string,
  isReservation: (r: Record<string, unknown>) => boolean,
): T[] {
  const latest = new Map<string, T>();
  for (const r of readJsonLines(file))
    if (typeof r.id === "string" && isReservation(r)) latest.set(r.id, r as unknown as T);
  return [...latest.values()];
}

/** Every version in such a file (the first line of each id and sequence), oldest first. */
export function readVersions<T extends { id: string }>(
  file: string,
  isReservation: (r: Record<string, unknown>) => boolean,
): T[] {
  const seen = new Set<string>();
  const versions: T[] = [];
  for (const r of readJsonLines(file)) {
    if (typeof r.id !== "string" || !isReservation(r)) continue;
    const key = `${r.id}/${String(r.sequence)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    versions.push(r as unknown as T);
  }
  return versions;
}
