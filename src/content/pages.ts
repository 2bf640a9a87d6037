/**
 * The pages staff compose, one YAML file each in content/pages/, read and checked: each file
 * against the page schema (src/content/schema/pages.ts, made with the ids cards may name), each
 * text block's Markdown by the guides' rules, and across files and the site: a slug used once,
 * block ids used once on a page, no reserved address. Every problem names the file, line and field.
 * That no page takes a built-in page's address is checked with the routes (src/routes.tsx).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { categories } from "./programmes";
import { guides } from "./guides";
import { destinations } from "./destinations";
import { testimonials } from "./testimonials";
import { events } from "../events/content";
import { readMarkdownBody } from "./guideMarkdown";
import {
  pageSchema,
  RESERVED_SLUGS,
  staffPagePath,
  withoutEmptyImages,
  type KnownIds,
  type StaffPage,
} from "./schema/pages";
import { checkYaml, ContentError } from "./yamlFile";
import { englishOf, localized } from "../i18n/scope";

/** The ids cards may name: what content/ holds now. */
export const knownIds = (): KnownIds => ({
  programmes: categories.map((c) => c.id),
  guides: guides.map((g) => g.slug),
  events: Object.keys(events),
  destinations: destinations.map((d) => d.countryCode),
  stories: testimonials.map((t) => t.id),
});

/** One page file, checked; throws ContentError listing every problem, naming file, line and field. */
export function parsePage(text: string, file: string, known: KnownIds): StaffPage {
  const checked = checkYaml(
    text,
    file,
    pageSchema(known),
    { blocks: "block", items: "item" },
    0,
    withoutEmptyImages,
  );
  const { data } = checked;
  const ids = data.blocks.map((b) => b.id);
  data.blocks.forEach((block, i) => {
    if (ids.indexOf(block.id) !== i)
      checked.problem(["blocks", i, "id"], `"${block.id}" is another block's id on this page`);
    if (block.type === "text")
      try {
        readMarkdownBody(block.body);
      } catch (error) {
        if (!(error instanceof ContentError)) throw error;
        checked.problem(["blocks", i, "body"], error.message);
      }
    if (
      block.type === "cards" &&
      !(["programmes", "guides", "events", "destinations", "stories"] as const).some(
        (k) => block[k]?.length,
      )
    )
      checked.problem(["blocks", i, "programmes"], "choose at least one card");
  });
  if (RESERVED_SLUGS.includes(data.slug) && !data.folder)
    checked.problem(
      ["slug"],
      `"${data.slug}" is reserved (${RESERVED_SLUGS.map((s) => `/${s}`).join(", ")} belong to the server, the editor, files or a language)`,
    );
  if (data.blocks.filter((b) => b.type === "hero").length > 1)
    checked.problem(["blocks"], "a page has one hero at most (it holds the page's heading)");
  checked.done();
  return data;
}

export interface LoadedPage {
  page: StaffPage;
  /** Its file, from the project root, for messages. */
  file: string;
}

/** Every page of `dir`, by file name; two pages with one slug or one address stop it. */
export function loadPageFiles(dir: string, known: KnownIds): LoadedPage[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const problems: string[] = [];
  const read = names
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()
    .flatMap((f) => {
      const file = join(dir, f);
      try {
        return [{ page: parsePage(readFileSync(file, "utf8"), file, known), file }];
      } catch (error) {
        if (!(error instanceof ContentError)) throw error;
        problems.push(error.message);
        return [];
      }
    });
  const rel = (file: string) => relative(process.cwd(), file) || file;
  read.forEach(({ page, file }, i) => {
    const first = read.findIndex((r) => r.page.slug === page.slug);
    if (first !== i)
      problems.push(
        `${rel(file)} field slug: "${page.slug}" is the slug of ${rel(read[first].file)} too: each page needs its own`,
      );
  });
  if (problems.length) throw new ContentError(problems.join("\n"));
  return read;
}

/**
 * Problems of pages whose address is a built-in page's, or a folder of one ("/events/x" would
 * sit among the events): each names the file and the field.
 */
export function addressClashes(loaded: LoadedPage[], builtIn: Iterable<string>): string[] {
  const paths = [...builtIn];
  return loaded.flatMap(({ page, file }) => {
    const path = staffPagePath(page);
    const rel = relative(process.cwd(), file) || file;
    if (paths.includes(path))
      return [
        `${rel} field slug: ${path} is already a page of the site: choose another slug or folder`,
      ];
    if (
      page.folder &&
      paths.some((p) => p === `/${page.folder}` || p.startsWith(`/${page.folder}/`))
    )
      return [`${rel} field folder: /${page.folder}/ holds the site's own pages`];
    return [];
  });
}

/** content/pages, or PAGES_DIR (the editor's browser test builds its edited copy). */
export const PAGES_DIR = process.env.PAGES_DIR
  ? resolve(process.env.PAGES_DIR)
  : join(import.meta.dirname, "../../content/pages");

/**
 * CONTENT_IDS=unchecked: cards may name anything, so that when a page names a deleted programme
 * or guide, the content check (src/build/checkCli.ts) can still load the rest and name every
 * other file that uses it. Never set for a build.
 */
const cardIds = (): KnownIds =>
  process.env.CONTENT_IDS === "unchecked"
    ? { programmes: null, guides: null, events: null, destinations: null, stories: null }
    : knownIds();

export const loadedPages = loadPageFiles(PAGES_DIR, cardIds());

/**
 * The pages as a content module (src/build/content.ts): in a translated locale, its copy, from
 * which a page not wholly translated is left out (src/i18n/apply.ts).
 */
export const pages: StaffPage[] = localized(loadedPages.map((l) => l.page));

/** The pages' English, whatever the locale of the work under way. */
export const englishPages: readonly StaffPage[] = englishOf(pages);
