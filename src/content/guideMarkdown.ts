/**
 * A guide's Markdown, `content/guides/<slug>.md`: YAML front matter between `---` lines, then
 * sections, each a `## Heading {#id}` line followed by paragraphs separated by blank lines (a
 * paragraph's lines are joined with a space) and lists (`- item` lines; an item's next lines
 * indented). Paragraphs and items may link, `[text](/path)`, to a page of the site, a #section
 * or an https:// address. That is all a guide page shows, so anything else Markdown has (another
 * heading level, a numbered list, a quote, code, emphasis) is refused, naming the line, rather
 * than shown as stray signs on the page.
 */
import { INLINE_LINK } from "../lib/inlineLinks";
// Not from ./yamlFile (which reads files): this module runs in the editor's preview too.
import { ContentError } from "./contentError";
import type { GuideBlock } from "./schema/guides";

/** One section as written, with the lines its parts start on (for messages). */
export interface MarkdownSection {
  id: string;
  title: string;
  paragraphs: GuideBlock[];
  line: number;
  paragraphLines: number[];
}

export interface GuideMarkdown {
  /** The front matter's YAML, and how many lines of the file come before it (1: the `---`). */
  frontMatter: string;
  frontMatterLine: number;
  sections: MarkdownSection[];
}

const HEADING = /^## (.+?)\s*\{#([^}\s]+)\}\s*$/;

/** The targets a guide may link to. */
const SAFE_HREF = /^(?:\/[\w\-./]*(?:#[\w-]+)?|#[\w-]+|https:\/\/[^\s"<>]+)$/;

/** What a line may not start with (or contain), and what to write instead. */
const REFUSED: [RegExp, string][] = [
  [/^#(?!# )/, "only sections' headings are allowed, written ## Heading {#id}"],
  [/^## (?!.*\{#[^}\s]+\}\s*$)/, "a section's heading needs its id: ## Heading {#id}"],
  [/^\s*(?:[*+]|\d+[.)])\s/, "a list's items are written - item (numbered lists are not shown)"],
  [/^\s*>/, "quotes are not shown on guide pages"],
  [/^\s*(?:```|~~~|\t| {4})/, "code is not shown on guide pages"],
  [/<https?:/, "a link is written [text](https://...)"],
  [/[*_`]{1,2}\S/, "emphasis and code marks are not shown on guide pages"],
];

/** Splits a guide file into its front matter and sections; throws ContentError naming file:line. */
export function readGuideMarkdown(text: string, name: string): GuideMarkdown {
  const lines = text.split("\n");
  if (lines[0] !== "---")
    throw new ContentError(`${name}:1: a guide starts with its front matter, after a line ---`);
  const end = lines.indexOf("---", 1);
  if (end === -1) throw new ContentError(`${name}:1: the front matter is not closed by a line ---`);
  const problems: string[] = [];
  const sections: MarkdownSection[] = [];
  // The block being read: a paragraph's lines, or a list's items (each its lines).
  let paragraph: string[] = [];
  let list: string[][] = [];
  const close = () => {
    const section = sections[sections.length - 1];
    if (paragraph.length) section.paragraphs.push(paragraph.join(" "));
    if (list.length) section.paragraphs.push({ items: list.map((item) => item.join(" ")) });
    paragraph = [];
    list = [];
  };
  lines.slice(end + 1).forEach((raw, i) => {
    const line = end + 2 + i;
    const heading = HEADING.exec(raw);
    if (heading) {
      if (sections.length) close();
      sections.push({
        id: heading[2],
        title: heading[1],
        paragraphs: [],
        line,
        paragraphLines: [],
      });
      return;
    }
    if (!raw.trim()) return sections.length ? close() : undefined;
    const item = /^- (.*)$/.exec(raw);
    const continued = list.length > 0 && /^ {2}\S/.test(raw);
    const refused = REFUSED.find(([pattern]) => pattern.test(item ? item[1] : raw));
    if (refused && !continued) return void problems.push(`${name}:${line}: ${refused[1]}`);
    if (!sections.length)
      return void problems.push(`${name}:${line}: text before the first ## Heading {#id}`);
    for (const [, , target] of raw.matchAll(INLINE_LINK))
      if (!SAFE_HREF.test(target))
        problems.push(
          `${name}:${line}: a link to "${target}": link to a page of the site (/contact), a #section or an https:// address`,
        );
    const section = sections[sections.length - 1];
    if (item) {
      if (paragraph.length) close();
      if (!list.length) section.paragraphLines.push(line);
      list.push([item[1].trim()]);
    } else if (continued) list[list.length - 1].push(raw.trim());
    else {
      if (list.length) close();
      if (!paragraph.length) section.paragraphLines.push(line);
      paragraph.push(raw.trim());
    }
  });
  if (sections.length) close();
  if (problems.length) throw new ContentError(problems.join("\n"));
  return { frontMatter: lines.slice(1, end).join("\n"), frontMatterLine: 1, sections };
}

/**
 * A text block's Markdown (a staff page's text section): paragraphs and lists by the guides'
 * rules, with no heading of its own (the block has a heading field). Messages say the line within
 * the text, after `name` when there is one.
 */
export function readMarkdownBody(body: string, name = ""): GuideBlock[] {
  const at = (line: number) => `${name ? `${name} ` : ""}line ${line}:`;
  // Read as a guide of one section: its three lines before the text are taken off line numbers.
  const renumber = (message: string) =>
    message.replace(/^NAME:(\d+):/gm, (_, line: string) => at(Number(line) - 3));
  let read: GuideMarkdown;
  try {
    read = readGuideMarkdown(`---\n---\n## Text {#text}\n${body}`, "NAME");
  } catch (error) {
    if (error instanceof ContentError) throw new ContentError(renumber(error.message));
    throw error;
  }
  if (read.sections.length > 1)
    throw new ContentError(
      `${at(read.sections[1].line - 3)} a text section has one heading, its Heading field: start another text section instead`,
    );
  return read.sections[0]?.paragraphs ?? [];
}
