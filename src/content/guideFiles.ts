/**
 * The guides, one Markdown file each in content/guides/ (`<slug>.md`), read and checked: the
 * front matter against the guide schema, the sections as src/content/guideMarkdown.ts reads
 * them, and the rules across fields and files (the file is named by its slug, reviewed not
 * before published, one guide per position). Every problem names file, line and field.
 */
import { readdirSync, readFileSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { readGuideMarkdown } from "./guideMarkdown";
import { guideFrontMatterSchema, guideSectionSchema, type Guide } from "./schema/guides";
import { fillSiteFacts } from "./siteFacts";
import { checkYaml, ContentError } from "./yamlFile";

/** One guide file, checked, and its place among the guides. */
export function parseGuide(text: string, file: string): { guide: Guide; position: number } {
  const name = relative(process.cwd(), file) || file;
  const markdown = readGuideMarkdown(text, name);
  const front = checkYaml(
    markdown.frontMatter,
    file,
    guideFrontMatterSchema,
    {},
    markdown.frontMatterLine,
  );
  const problems: string[] = [];
  const sections = markdown.sections.map((section, i) => {
    const parsed = guideSectionSchema.safeParse({
      id: section.id,
      title: section.title,
      paragraphs: section.paragraphs,
    });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const [field, index] = issue.path;
      const line =
        field === "paragraphs" && typeof index === "number"
          ? section.paragraphLines[index]
          : section.line;
      problems.push(
        `${name}:${line}: section ${i + 1} (${section.id}) field ${issue.path.join(".")}: ${issue.message}`,
      );
    }
    return null;
  });
  if (!markdown.sections.length)
    problems.push(`${name}: a guide needs a ## Heading {#id} and text`);
  const ids = markdown.sections.map((s) => s.id);
  markdown.sections.forEach((section, i) => {
    if (ids.indexOf(section.id) !== i)
      problems.push(
        `${name}:${section.line}: section ${i + 1} field id: "${section.id}" is used twice`,
      );
  });
  const { data } = front;
  if (data && data.slug !== basename(file, ".md"))
    front.problem(["slug"], `"${data.slug}" must be the file's name (${data.slug}.md)`);
  if (data && data.updated < data.published)
    front.problem(["updated"], `${data.updated} is before it was published (${data.published})`);
  try {
    front.done();
  } catch (error) {
    problems.unshift((error as Error).message);
  }
  if (problems.length) throw new ContentError(problems.join("\n"));
  const { position, ...fields } = data;
  return { guide: { ...fields, sections: sections as Guide["sections"] }, position };
}

/** Every guide in `dir`, in their positions' order, the site's facts ({intake}) filled in. */
export function loadGuides(dir: string): Guide[] {
  const read = readdirSync(dir)
    .filter((f) => f.endsWith(".md"))
    .sort()
    .map((f) => ({
      file: join(dir, f),
      ...parseGuide(readFileSync(join(dir, f), "utf8"), join(dir, f)),
    }));
  const problems = read
    .filter((g, i) => read.findIndex((h) => h.position === g.position) !== i)
    .map(
      (g) => `${relative(process.cwd(), g.file)}: position ${g.position} is another guide's too`,
    );
  if (problems.length) throw new ContentError(problems.join("\n"));
  return fillSiteFacts(read.sort((a, b) => a.position - b.position).map((g) => g.guide));
}
