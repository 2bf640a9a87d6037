/**
 * How the editor writes content/events.yaml: as staff and developers write it by hand, so a
 * change made in the editor is a change of those lines only in git (and in the pull request a
 * reviewer reads). Decap's own YAML writer would reorder every event's fields, fold long lines,
 * drop the file's opening comment and unquote the London times. Runs in the editor (bundled
 * into dist/admin/cms-init.js) and in the tests.
 */
import { Document, isMap, isScalar, isSeq, parseDocument, Scalar } from "yaml";

/** A London time ("2026-12-09T18:00"): quoted, so no YAML 1.1 reader takes it for a date. */
const LONDON_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

type Entry = Record<string, unknown>;

/** The file's text as data, and its opening comment. */
export function readEventsYaml(text: string): { data: { events?: Entry[] }; header?: string } {
  const doc = parseDocument(text);
  // The opening comment: the document's, or (no blank line after it) the first key's.
  const first = isMap(doc.contents) ? doc.contents.items[0]?.key : undefined;
  const header = doc.commentBefore ?? (isScalar(first) ? first.commentBefore : undefined);
  return { data: (doc.toJS() as { events?: Entry[] } | null) ?? {}, header: header ?? undefined };
}

/** Data back to the file's text: fields in `order` (the schema's), one blank line between events. */
export function writeEventsYaml(data: { events?: Entry[] }, order: string[], header?: string) {
  const rank = (key: string) => {
    const at = order.indexOf(key);
    return at === -1 ? order.length : at;
  };
  const events = (data.events ?? []).map((event) =>
    Object.fromEntries(
      Object.entries(event)
        .filter(([, value]) => value !== undefined && value !== null)
        .sort(([a], [b]) => rank(a) - rank(b)),
    ),
  );
  const doc = new Document({ ...data, events });
  const firstKey = isMap(doc.contents) ? doc.contents.items[0]?.key : undefined;
  if (header && isScalar(firstKey)) firstKey.commentBefore = header;
  const list = doc.get("events", true);
  if (isSeq(list))
    list.items.forEach((item, i) => {
      if (!isMap(item)) return;
      if (i > 0) item.spaceBefore = true;
      for (const pair of item.items)
        if (isScalar(pair.value) && typeof pair.value.value === "string")
          if (LONDON_TIME.test(pair.value.value)) pair.value.type = Scalar.QUOTE_DOUBLE;
    });
  return doc.toString({ lineWidth: 0 });
}
