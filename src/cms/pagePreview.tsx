/**
 * The pages' preview in the editor: the entry's blocks drawn by the site's own components
 * (src/components/PageBlocks.tsx), each checked as the build checks it (src/content/schema/pages.ts
 * with the ids there are, the text by the guides' Markdown rules). A block not yet right shows
 * what the build would say of it, where it would be; the blocks that are right are drawn. An
 * entry with nothing drawable yet (a new page) shows a prompt, never a programmer's error.
 * Runs in the editor (bundled into dist/admin/cms-init.js) and in the tests.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { categories } from "../content/programmes";
import { guides } from "../content/guides";
import { destinations } from "../content/destinations";
import { testimonials } from "../content/testimonials";
import { events } from "../events/content";
import { AssetsContext } from "../components/Assets";
import { PageBlocks } from "../components/PageBlocks";
import { ContentError } from "../content/contentError";
import { readMarkdownBody } from "../content/guideMarkdown";
import {
  blockSchema,
  withoutEmptyImages,
  type KnownIds,
  type PageBlock,
  type StaffPage,
} from "../content/schema/pages";

/** The ids cards may name, from the content the editor was built with. */
const known = (): KnownIds => ({
  programmes: categories.map((c) => c.id),
  guides: guides.map((g) => g.slug),
  events: Object.keys(events),
  destinations: destinations.map((d) => d.countryCode),
  stories: testimonials.map((t) => t.id),
});

const words = (value: unknown) => (typeof value === "string" ? value : "");

/** The preview's HTML for an entry's fields, as the page would show them. */
export function pagePreviewHtml(data: Record<string, unknown>): string {
  try {
    const schema = blockSchema(known());
    const blocks: PageBlock[] = [];
    const problems: string[] = [];
    const raw = Array.isArray(data.blocks) ? (data.blocks as unknown[]) : [];
    raw.forEach((value, i) => {
      const parsed = schema.safeParse(withoutEmptyImages(value));
      const name = `block ${i + 1}${typeof (value as { id?: unknown })?.id === "string" ? ` (${(value as { id: string }).id})` : ""}`;
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          problems.push(`${name} field ${issue.path.join(".") || "type"}: ${issue.message}`);
        return;
      }
      if (parsed.data.type === "text")
        try {
          readMarkdownBody(parsed.data.body);
        } catch (error) {
          if (!(error instanceof ContentError)) throw error;
          problems.push(`${name} field body: ${error.message}`);
          return;
        }
      blocks.push(parsed.data);
    });
    const title = words(data.title);
    if (!blocks.length && !title)
      return renderToStaticMarkup(
        <PreviewNote title="The preview shows the page once its title and blocks are filled in." />,
      );
    const page = {
      slug: words(data.slug) || "new-page",
      title: title || "(no title yet)",
      description: words(data.description),
      campaign: words(data.campaign) || undefined,
      blocks,
    } as StaffPage;
    return renderToStaticMarkup(
      <AssetsContext.Provider value={{ css: "", font: "", worldMap: "", flags: {} }}>
        {problems.length > 0 && (
          <PreviewNote title="The build would refuse these blocks:" message={problems.join("\n")} />
        )}
        <PageBlocks page={page} />
      </AssetsContext.Provider>,
    );
  } catch {
    // Fields half filled in (a new entry): a prompt, never a programmer's error.
    return renderToStaticMarkup(
      <PreviewNote title="The preview shows the page once its fields are filled in." />,
    );
  }
}

function PreviewNote({ title, message }: { title: string; message?: string }) {
  return (
    <div className="section">
      <div className="container prose" role="alert">
        <p>
          <strong>{title}</strong>
        </p>
        {message && <pre style={{ whiteSpace: "pre-wrap" }}>{message}</pre>}
      </div>
    </div>
  );
}
