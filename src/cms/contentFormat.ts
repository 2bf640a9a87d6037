/**
 * How the editor writes a content file (content/events.yaml, content/guides/<slug>.md...): as
 * staff and developers write it by hand, so a change made in the editor is a change of those
 * lines only in git (and in the pull request a reviewer reads). Decap's own YAML writer would
 * reorder fields, fold long lines, drop the file's opening comment and unquote the London times.
 * Runs in the editor (bundled into dist/admin/cms-init.js) and in the tests.
 */
import { Document, isMap, isScalar, isSeq, parseDocument, Scalar } from "yaml";

/**
 * A month, date, London time or time of day ("2025-04", "2026-12-09", "2026-12-09T18:00",
 * "09:00"): quoted, so no YAML 1.1 reader takes it for a date or a number of minutes.
 */
const DATE = /^(?:\d{4}-\d{2}(?:-\d{2}(?:T\d{2}:\d{2})?)?|\d{2}:\d{2})$/;

/** The fields of a collection's file as the editor has them: their order is the file's. */
export interface FieldOrder {
  name: string;
  fields?: FieldOrder[];
  field?: FieldOrder;
  /** A typed list's types (a page's blocks): each entry's `type` names its fields. */
  types?: FieldOrder[];
}

type Data = Record<string, unknown>;

/** The file's text as data, and its opening comment. */
export function readContentYaml(text: string): { data: Data; header?: string } {
  const doc = parseDocument(text);
  // The opening comment: the document's, or (no blank line after it) the first key's.
  const first = isMap(doc.contents) ? doc.contents.items[0]?.key : undefined;
  const header = doc.commentBefore ?? (isScalar(first) ? first.commentBefore : undefined);
  return { data: (doc.toJS() as Data | null) ?? {}, header: header ?? undefined };
}

/** `value` with every object's keys in `fields`' order (unknown ones last), empty ones left out. */
function ordered(value: unknown, fields: FieldOrder[] | undefined): unknown {
  if (Array.isArray(value)) return value.map((item) => ordered(item, fields));
  if (!value || typeof value !== "object" || !fields) return value;
  const rank = (key: string) => {
    const at = fields.findIndex((f) => f.name === key);
    return at === -1 ? fields.length : at;
  };
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined && v !== null)
      .sort(([a], [b]) => rank(a) - rank(b))
      .map(([key, v]) => {
        const field = fields.find((f) => f.name === key);
        if (field?.types && Array.isArray(v))
          // Each entry as its type has it: the type first, then its fields in order.
          return [
            key,
            v.map((item: unknown) => {
              const tag = (item as { type?: unknown } | null)?.type;
              const type = field.types!.find((t) => t.name === tag);
              return ordered(item, [{ name: "type" }, ...(type?.fields ?? [])]);
            }),
          ];
        return [key, ordered(v, field?.fields ?? field?.field?.fields)];
      }),
  );
}

/**
 * Data back to the file's text: fields in `fields`' order (the schema's), a blank line between
 * top-level fields and between the entries of a top-level list (unless `spaced` is false: a
 * Markdown file's front matter), dates and London times quoted.
 */
export function writeContentYaml(data: Data, fields: FieldOrder[], header?: string, spaced = true) {
  const doc = new Document(ordered(data, fields));
  if (!isMap(doc.contents)) return doc.toString({ lineWidth: 0 });
  const top = doc.contents.items;
  if (header && isScalar(top[0]?.key)) top[0].key.commentBefore = header;
  top.forEach((pair, i) => {
    if (!spaced) return;
    if (i > 0 && isScalar(pair.key)) pair.key.spaceBefore = true;
    if (isSeq(pair.value))
      pair.value.items.forEach((item, j) => {
        if (j > 0 && isMap(item)) item.spaceBefore = true;
      });
  });
  const quoteTimes = (node: unknown) => {
    if (isScalar(node)) {
      if (typeof node.value === "string" && DATE.test(node.value)) node.type = Scalar.QUOTE_DOUBLE;
    } else if (isMap(node)) node.items.forEach((pair) => quoteTimes(pair.value));
    else if (isSeq(node)) node.items.forEach(quoteTimes);
  };
  quoteTimes(doc.contents);
  return doc.toString({ lineWidth: 0 });
}

/** A Markdown file (a guide): its front matter's fields, and its text as `body` (Decap's name). */
export function readFrontMatter(text: string): Data {
  const match = /^---\n([\s\S]*?)\n---\n\n?([\s\S]*)$/.exec(text);
  if (!match) return { body: text };
  return { ...((parseDocument(match[1]).toJS() as Data | null) ?? {}), body: match[2] };
}

/** Data back to a Markdown file: the front matter in `fields`' order, a blank line, the text. */
export function writeFrontMatter(data: Data, fields: FieldOrder[]) {
  const { body, ...front } = data;
  const text = typeof body === "string" ? body : "";
  return `---\n${writeContentYaml(front, fields, undefined, false)}---\n\n${text.endsWith("\n") ? text : `${text}\n`}`;
}
