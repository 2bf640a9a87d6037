/**
 * XLIFF 2.0, the exchange format translators' tools (Trados, memoQ, Phrase, Weblate, OmegaT)
 * open: one <file> per content file, one <unit> per text, with the English source, a note of
 * where it appears (and its length limit where there is one) and the current translation.
 * Importing checks that every {placeholder} and link of the English survived, and refuses the
 * whole file, naming every unit that broke a rule, if not.
 */
import { INLINE_LINK } from "../lib/inlineLinks";
import { parseDocument } from "htmlparser2";
import { hasChildren, isTag, isText, type ChildNode, type Element } from "domhandler";
import type { Unit } from "./units";
import { stateOf, type Catalog } from "./catalog";

const escape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export interface ExportFile {
  file: string;
  units: Unit[];
  catalog: Catalog;
  /** Where the file's texts appear, for the translator. */
  where: string;
}

/** Fields with a length limit (characters), by file and field. */
export const LENGTH_LIMITS: Record<string, Record<string, number>> = {
  "content/navigation.yaml": { "headerCta.desktopLabel": 16, "headerCta.mobileLabel": 28 },
};

/**
 * Placeholders a translation may use instead of the English's, by file and field: a reading time
 * is "{minutes} min read" in English, and "{duration}" (Intl's "8 دقائق") where the language
 * writes the unit with the number (src/lib/intlWords.ts fills both).
 */
export const ALTERNATIVE_PLACEHOLDERS: Record<string, Record<string, Record<string, string>>> = {
  "src/content/formats.ts": { "readingWords.readingTime": { "{duration}": "{minutes}" } },
};

export function exportXliff(lang: string, files: ExportFile[]): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="${escape(lang)}">`,
  ];
  for (const { file, units, catalog, where } of files) {
    out.push(`  <file id="${escape(file)}" original="${escape(file)}">`);
    // The entry each text takes (its own, or the one it moved away from), as the build does.
    const { entries } = stateOf(units, catalog);
    for (const unit of units) {
      const entry = entries.get(unit.field);
      const current = entry && entry.source === unit.text;
      const limit = LENGTH_LIMITS[file]?.[unit.field];
      out.push(`    <unit id="${escape(unit.field)}">`, "      <notes>");
      out.push(
        `        <note category="location">${escape(file)}, ${escape(unit.field)}: ${escape(where)}</note>`,
      );
      if (limit) out.push(`        <note category="max-length">${limit}</note>`);
      if (entry && !current)
        out.push(
          `        <note category="stale">The English changed. It was: ${escape(entry.source)}</note>`,
        );
      out.push("      </notes>");
      out.push(`      <segment state="${current ? "translated" : "initial"}">`);
      out.push(`        <source>${escape(unit.text)}</source>`);
      if (entry) out.push(`        <target>${escape(entry.text)}</target>`);
      out.push("      </segment>", "    </unit>");
    }
    out.push("  </file>");
  }
  out.push("</xliff>", "");
  return out.join("\n");
}

export interface Imported {
  locale?: string;
  /** file -> field -> { source, text } as the translator left them. */
  files: Record<string, Catalog>;
}

const elements = (nodes: ChildNode[], name: string): Element[] =>
  nodes.filter((n): n is Element => isTag(n) && n.name === name);

const textOf = (node: ChildNode): string =>
  isText(node) ? node.data : hasChildren(node) ? node.children.map(textOf).join("") : "";

/** The {placeholders}, links (a guide's `[words](/path)` too) and e-mail addresses a text must keep. */
export function tokensOf(text: string): string[] {
  return [
    ...(text.match(/\{[a-zA-Z]+\}/g) ?? []),
    ...[...text.matchAll(INLINE_LINK)].map((m) => `(${m[2]})`),
    ...(text.match(/https?:\/\/[^\s)]+/g) ?? []),
    ...(text.match(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g) ?? []),
  ].sort();
}

/** A rule a unit of an XLIFF file broke. */
export class XliffError extends Error {
  constructor(readonly problems: string[]) {
    super(`${problems.length} unit(s) refused, nothing imported:\n  ${problems.join("\n  ")}`);
  }
}

/**
 * Read an XLIFF 2.0 file back; throws an XliffError naming every unit that broke a rule. A unit
 * still marked `initial` whose target is what it was exported with (`exported`: the current
 * catalog, file -> field -> text) was not touched: it is left out, so an untouched stale
 * translation stays stale.
 */
export function importXliff(
  xml: string,
  exported: (file: string, field: string) => string | undefined = () => undefined,
): Imported {
  const doc = parseDocument(xml, { xmlMode: true, decodeEntities: true });
  const root = elements(doc.children, "xliff")[0];
  if (!root || root.attribs.version !== "2.0")
    throw new Error('not an XLIFF 2.0 file (no <xliff version="2.0">)');
  const result: Imported = { locale: root.attribs.trgLang, files: {} };
  const problems: string[] = [];
  for (const file of elements(root.children, "file")) {
    const name = file.attribs.id;
    const catalog: Catalog = (result.files[name] = {});
    for (const unit of elements(file.children, "unit")) {
      const field = unit.attribs.id;
      const segment = elements(unit.children, "segment")[0];
      const source = segment && elements(segment.children, "source")[0];
      if (!source) {
        problems.push(`${name} ${field}: no <segment> with a <source>`);
        continue;
      }
      const target = elements(segment.children, "target")[0];
      if (!target || !textOf(target).trim()) continue; // not translated yet
      const [en, text] = [textOf(source), textOf(target)];
      if (segment.attribs.state === "initial" && exported(name, field) === text) continue;
      const alternatives = ALTERNATIVE_PLACEHOLDERS[name]?.[field] ?? {};
      const want = tokensOf(en);
      const got = tokensOf(text)
        .map((t) => alternatives[t] ?? t)
        .sort();
      if (want.join("\n") !== got.join("\n")) {
        const lost = want.filter((t) => !got.includes(t));
        const added = got.filter((t) => !want.includes(t));
        problems.push(
          `${name} ${field}: the translation must keep every placeholder and link of the English` +
            (lost.length ? `; missing ${lost.join(", ")}` : "") +
            (added.length ? `; not in the English ${added.join(", ")}` : ""),
        );
        continue;
      }
      catalog[field] = { source: en, text };
    }
  }
  if (problems.length) throw new XliffError(problems);
  return result;
}
