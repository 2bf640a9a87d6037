import { readFileSync, statSync } from "node:fs";

/**
 * The JSON-lines files earlier versions kept (enquiries, bookings, outboxes...): read once, when
 * they are imported into the database (server/db/import.ts).
 */

/** Every whole record in the file, oldest first; a line cut short by a crash is skipped. */
export function readJsonLines(file: string): Record<string, unknown>[] {
  // Missing (or not a file): nothing to import.
  if (!statSync(file, { throwIfNoEntry: false })?.isFile()) return [];
  const records: Record<string, unknown>[] = [];
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line) continue;
    try {
      const record: unknown = JSON.parse(line);
      if (record && typeof record === "object") records.push(record as Record<string, unknown>);
    } catch {
      // A line cut short by a crash mid-write.
    }
  }
  return records;
}
