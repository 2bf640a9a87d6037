/**
 * The guides' preview in the editor: the entry as the build would read it, drawn by the site's
 * own guide page component (src/pages/GuidePage.tsx) into static HTML, which the editor shows
 * under the site's stylesheet. The text is read by the build's reader (readGuideMarkdown) from the
 * file the editor would write, so a problem shows as the build's message, with the file's line.
 * Runs in the editor (bundled into dist/admin/cms-init.js) and in the tests.
 */
// "browser" build in the editor's bundle (esbuild's browser platform), Node's in the tests.
import { renderToStaticMarkup } from "react-dom/server";
import type { Guide } from "../content/types";
import { ContentError } from "../content/contentError";
import { readGuideMarkdown } from "../content/guideMarkdown";
import { fillSiteFacts } from "../content/siteFacts";
import { GuidePage } from "../pages/GuidePage";
import { writeFrontMatter, type FieldOrder } from "./contentFormat";

/** The preview's HTML for an entry's fields (`body`: its text), as the guide page shows them. */
export function guidePreviewHtml(data: Record<string, unknown>, fields: FieldOrder[]): string {
  const slug = typeof data.slug === "string" && data.slug ? data.slug : "new-guide";
  const file = `content/guides/${slug}.md`;
  try {
    const { sections } = readGuideMarkdown(writeFrontMatter(data, fields), file);
    const guide = fillSiteFacts({ ...data, body: undefined, sections } as unknown as Guide);
    return renderToStaticMarkup(<GuidePage guide={guide} />);
  } catch (error) {
    // The build's own message names the file and line; anything else is a field not filled in
    // yet (a new guide), where a programmer's error would only puzzle the editor.
    if (error instanceof ContentError)
      return renderToStaticMarkup(
        <PreviewProblem title={`The build would refuse ${file}:`} message={error.message} />,
      );
    return renderToStaticMarkup(
      <PreviewProblem title="The preview shows the guide once its fields are filled in." />,
    );
  }
}

/** What the build would say, where the page would be. */
function PreviewProblem({ title, message }: { title: string; message?: string }) {
  return (
    <div className="section">
      <div className="container prose" role="alert">
        <h1>{title}</h1>
        {message && <pre style={{ whiteSpace: "pre-wrap" }}>{message}</pre>}
      </div>
    </div>
  );
}
