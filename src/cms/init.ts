/**
 * The editor's start-up, bundled into dist/admin/cms-init.js and loaded before Decap's script:
 * no automatic start (which would fetch a config.yml), our file format for each collection, then
 * Decap with the configuration the build generated from the schemas (window.EASTGATE_CMS), and
 * the guides' preview: the site's guide page and stylesheet (./guidePreview.tsx).
 */
import {
  readContentYaml,
  readFrontMatter,
  writeContentYaml,
  writeFrontMatter,
  type FieldOrder,
} from "./contentFormat";
import type { EditorBoot } from "./boot";
import { guidePreviewHtml } from "./guidePreview";

/** An entry as Decap hands it to a preview (an Immutable.js map). */
interface PreviewProps {
  entry: { get(key: "data"): { toJS(): Record<string, unknown> } };
}

interface Decap {
  init(options: { config: unknown }): void;
  registerCustomFormat(
    name: string,
    extension: string,
    format: { fromFile(text: string): unknown; toFile(data: unknown): string },
  ): void;
  registerPreviewTemplate(collection: string, component: (props: PreviewProps) => unknown): void;
  registerPreviewStyle(style: string, options?: { raw: boolean }): void;
}

/** The parts of a collection's configuration the format reads (src/cms/config.ts): a file, or a folder of Markdown. */
type Collection = { name: string; format: string } & (
  { files: { fields: FieldOrder[] }[] } | { folder: string; fields: FieldOrder[] }
);

const page = window as Window & {
  CMS_MANUAL_INIT?: boolean;
  CMS?: Decap;
  EASTGATE_CMS?: EditorBoot;
  /** Decap's own React's createElement (its React 18, not ours). */
  h?: (type: string, props: Record<string, unknown>) => unknown;
};
page.CMS_MANUAL_INIT = true;

document.addEventListener("DOMContentLoaded", () => {
  const boot = page.EASTGATE_CMS;
  const cms = page.CMS;
  if (!boot || !cms) throw new Error("The editor's script or configuration did not load");
  for (const collection of (boot.config as { collections: Collection[] }).collections) {
    if ("folder" in collection) {
      const { fields } = collection;
      cms.registerCustomFormat(collection.format, "md", {
        fromFile: readFrontMatter,
        toFile: (data) => writeFrontMatter(data as Record<string, unknown>, fields),
      });
      // Our React 19 draws the page to HTML; Decap's React shows that HTML in its preview frame.
      const h = page.h;
      if (collection.name === "guides" && h)
        cms.registerPreviewTemplate(collection.name, ({ entry }) =>
          h("div", {
            dangerouslySetInnerHTML: { __html: guidePreviewHtml(entry.get("data").toJS(), fields) },
          }),
        );
      continue;
    }
    let header = boot.headers[collection.name];
    cms.registerCustomFormat(collection.format, "yaml", {
      fromFile(text) {
        const read = readContentYaml(text);
        header = read.header ?? header;
        return read.data;
      },
      toFile: (data) =>
        writeContentYaml(data as Record<string, unknown>, collection.files[0].fields, header),
    });
  }
  if (boot.preview) {
    cms.registerPreviewStyle(boot.preview.stylesheet);
    cms.registerPreviewStyle(boot.preview.fontFaces, { raw: true });
  }
  cms.init({ config: boot.config });
});
