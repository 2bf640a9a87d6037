/**
 * Reading one YAML content file against its zod schema. Every problem names the file and line,
 * the entry (the first list item on the field's path, by number and slug, id or name) and the
 * field, so whoever edits the file can find it: "content/events.yaml:12: event 2
 * (visa-questions) field start: ...". Rules a schema cannot state (two files that must agree,
 * dates in order) report through the same `problem`, with the same words.
 */
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { LineCounter, parseDocument } from "yaml";
import type { z } from "zod";
import { ContentError } from "./contentError";

export { ContentError };

/** A checked file: its data, and a place to report the problems of cross-field rules. */
export interface CheckedFile<T> {
  data: T;
  /** Notes a problem at a field's path (`["events", 1, "start"]`); `done()` throws them all. */
  problem: (path: readonly PropertyKey[], message: string) => void;
  /** Throws a ContentError listing every problem noted, if any. */
  done: () => void;
}

/** How an entry of each list is called in messages, by the list's key: `{ events: "event" }`. */
export type EntryNames = Record<string, string>;

/** The words that identify an entry beside its number: its slug, id or name. */
const IDENTIFYING = ["slug", "id", "name", "title"];

/** Parses `text` (the file `file`) and checks it against `schema`; throws ContentError when wrong. */
export function checkYaml<S extends z.ZodType>(
  text: string,
  file: string,
  schema: S,
  entryNames: EntryNames = {},
  /** Lines of the file before `text` (a Markdown file's front matter starts on line 2). */
  linesBefore = 0,
  /** What is done to the data before it is checked (a page's empty picture boxes taken out). */
  prepare: (data: unknown) => unknown = (data) => data,
): CheckedFile<z.output<S>> {
  const name = relative(process.cwd(), file) || file;
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  if (doc.errors.length)
    throw new ContentError(
      doc.errors
        .map(
          (e) =>
            `${name}:${lineCounter.linePos(e.pos[0]).line + linesBefore}: ${e.message.split("\n")[0]}`,
        )
        .join("\n"),
    );
  const problems: string[] = [];
  const problem = (path: readonly PropertyKey[], message: string) => {
    // The line of the field, else of the nearest thing above it that is written (a missing field).
    let node: unknown;
    for (let n = path.length; n >= 0 && !node; n--) node = doc.getIn(path.slice(0, n), true);
    const range = (node as { range?: [number, number, number] } | undefined)?.range;
    const line = range ? `:${lineCounter.linePos(range[0]).line + linesBefore}` : "";
    const at = path.findIndex((p) => typeof p === "number");
    let entry = "";
    if (at > 0) {
      const list = String(path[at - 1]);
      const index = path[at] as number;
      const label = [...path.slice(0, at - 1).map(String), entryNames[list] ?? list].join(".");
      const id = IDENTIFYING.map((key) => doc.getIn([...path.slice(0, at + 1), key])).find(
        (v) => typeof v === "string" && v,
      );
      entry = ` ${label} ${index + 1}${typeof id === "string" ? ` (${id})` : ""}`;
    }
    const field = path
      .slice(at > 0 ? at + 1 : 0)
      .map(String)
      .join(".");
    problems.push(`${name}${line}:${entry}${field ? ` field ${field}` : ""}: ${message}`);
  };
  const done = () => {
    if (problems.length) throw new ContentError(problems.join("\n"));
  };
  const parsed = schema.safeParse(prepare(doc.toJS()));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problem(issue.path, issue.message);
    done();
  }
  return { data: parsed.data as z.output<S>, problem, done };
}

/** A content file read and checked, with no rule beyond its schema. */
export function loadYaml<S extends z.ZodType>(
  file: string,
  schema: S,
  entryNames?: EntryNames,
): z.output<S> {
  const checked = checkYaml(readFileSync(file, "utf8"), file, schema, entryNames);
  checked.done();
  return checked.data;
}
