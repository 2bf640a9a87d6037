/**
 * A guide's Markdown, `content/guides/<slug>.md`: YAML front matter between `---` lines, then
 * sections, each a `## Heading {#id}` line followed by paragraphs separated by blank lines (a
 * paragraph's lines are joined with a space). That is all a guide page shows, so anything else
 * Markdown has (another heading level, a list, a quote, code, a link) is refused, naming the
 * line, rather than shown as stray signs on the page.
 */
// Not from ./yamlFile (which reads files): this module runs in the editor's preview too.
import { ContentError } from "./contentError";

/** One section as written, with the lines its parts start on (for messages). */
export interface MarkdownSection {
  id: string;
  title: string;
  paragraphs: string[];
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

/** What a line may not start with (or contain), and what to write instead. */
const REFUSED: [RegExp, string][] = [
  [/^#(?!# )/, "only sections' headings are allowed, written ## Heading {#id}"],
  [/^## (?!.*\{#[^}\s]+\}\s*$)/, "a section's heading needs its id: ## Heading {#id}"],
  [/^\s*(?:[-*+]|\d+[.)])\s/, "lists are not shown on guide pages: write the items as sentences"],
  [/^\s*>/, "quotes are not shown on guide pages"],
  [/^\s*(?:```|~~~|\t| {4})/, "code is not shown on guide pages"],
  [
    /\[[^\]]*\]\([^)]*\)|<https?:/,
    "links are not shown in guide paragraphs: name the page in words",
  ],
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
  let paragraph: string[] = [];
  const close = () => {
    if (!paragraph.length) return;
    const section = sections[sections.length - 1];
    section.paragraphs.push(paragraph.join(" "));
    paragraph = [];
  };
  lines.slice(end + 1).forEach((raw, i) => {
    const line = end + 2 + i;
    const heading = HEADING.exec(raw);
    if (heading) {
      close();
      sections.push({
        id: heading[2],
        title: heading[1],
        paragraphs: [],
        line,
        paragraphLines: [],
      });
      return;
    }
    if (!raw.trim()) return close();
    const refused = REFUSED.find(([pattern]) => pattern.test(raw));
    if (refused) return void problems.push(`${name}:${line}: ${refused[1]}`);
    if (!sections.length)
      return void problems.push(`${name}:${line}: text before the first ## Heading {#id}`);
    if (!paragraph.length) sections[sections.length - 1].paragraphLines.push(line);
    paragraph.push(raw.trim());
  });
  close();
  if (problems.length) throw new ContentError(problems.join("\n"));
  return { frontMatter: lines.slice(1, end).join("\n"), frontMatterLine: 1, sections };
}
