/**
 * The editor's start-up, bundled into dist/admin/cms-init.js and loaded before Decap's script:
 * no automatic start (which would fetch a config.yml), our file format for each collection, then
 * Decap with the configuration the build generated from the schemas (window.EASTGATE_CMS), and
 * the guides' and pages' previews: the site's own components and stylesheet (./guidePreview.tsx,
 * ./pagePreview.tsx).
 */
import {
  readContentYaml,
  readFrontMatter,
  writeContentYaml,
  writeFrontMatter,
  type FieldOrder,
} from "./contentFormat";
import { ADDRESS_WIDGET, LOCAL_BACKEND, type EditorBoot } from "./boot";
import { registerAddressWidget, type WidgetHost } from "./addressWidget";
import { guidePreviewHtml } from "./guidePreview";
import { pagePreviewHtml } from "./pagePreview";

/** An entry as Decap hands it to a preview (an Immutable.js map). */
interface PreviewProps {
  entry: { get(key: "data"): { toJS(): Record<string, unknown> } };
}

/** An entry's file as a Decap backend reads it; decap-server's `data` is null when there is none. */
interface EntryFile {
  data: string | null;
  file: { path: string };
}

/** A Decap backend (the parts used here). */
interface Backend {
  getEntry(path: string): Promise<EntryFile>;
}

interface Decap extends WidgetHost {
  init(options: { config: unknown }): void;
  getBackend(name: string): { init: (...args: unknown[]) => Backend } | undefined;
  registerBackend(name: string, backend: new (...args: unknown[]) => Backend): void;
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
  | { files: { fields: FieldOrder[] }[] }
  | { folder: string; extension: string; fields: FieldOrder[] }
);

const page = window as Window & {
  CMS_MANUAL_INIT?: boolean;
  CMS?: Decap;
  EASTGATE_CMS?: EditorBoot;
  /** Decap's own React's createElement (its React 18, not ours). */
  h?: (type: unknown, props: unknown) => unknown;
  /** Decap's create-react-class: a class component of its React. */
  createClass?: (spec: Record<string, unknown>) => unknown;
};
page.CMS_MANUAL_INIT = true;

/**
 * The local backend: Decap's proxy backend (decap-server), except that an entry whose file is
 * not there is an error. decap-server answers a read of a missing file with its path and no
 * text (`data: null`), and Decap made an entry of that: a link whose address names no file (a
 * trailing slash, `.md` added, a capital letter, a guide renamed or not yet pulled) opened as a
 * saved entry with every field empty. Now Decap says it could not load the entry, naming the
 * file. (Decap's check that a new entry's file does not exist yet reads a refusal as "no file".)
 */
function registerLocalBackend(cms: Decap) {
  const registered = cms.getBackend("proxy");
  if (!registered) throw new Error("Decap's proxy backend is not registered");
  const proxy = registered.init;
  // Decap calls `new` on what is registered: an object returned from a constructor is the instance.
  function LocalBackend(...args: unknown[]) {
    const backend = proxy(...args);
    const getEntry = backend.getEntry.bind(backend);
    backend.getEntry = async (path) => {
      const entry = await getEntry(path);
      if (entry.data === null) throw new Error(`There is no file ${path} in the working copy`);
      return entry;
    };
    return backend;
  }
  cms.registerBackend(
    LOCAL_BACKEND,
    LocalBackend as unknown as new (...args: unknown[]) => Backend,
  );
}

/**
 * Another entry's address pasted into this tab (#/collections/X/entries/Y, from one entry to
 * another) changes Decap's route but not its form, which kept the old entry or showed an empty
 * one: the page loads the address afresh, as a new tab does.
 */
const ENTRY_ADDRESS = /^#\/collections\/[^/]+\/entries\/./;
window.addEventListener("hashchange", ({ oldURL, newURL }) => {
  const [was, now] = [new URL(oldURL).hash, new URL(newURL).hash];
  if (was !== now && ENTRY_ADDRESS.test(was) && ENTRY_ADDRESS.test(now)) location.reload();
});

document.addEventListener("DOMContentLoaded", () => {
  const boot = page.EASTGATE_CMS;
  const cms = page.CMS;
  if (!boot || !cms) throw new Error("The editor's script or configuration did not load");
  registerLocalBackend(cms);
  if (page.createClass && page.h)
    registerAddressWidget(cms, ADDRESS_WIDGET, boot, page.createClass, page.h);
  for (const collection of (boot.config as { collections: Collection[] }).collections) {
    if ("folder" in collection && collection.extension === "yaml") {
      // A folder of YAML files (the pages): each file wholly its fields, in the schema's order.
      const { fields } = collection;
      cms.registerCustomFormat(collection.format, "yaml", {
        fromFile: (text) => readContentYaml(text).data,
        toFile: (data) => writeContentYaml(data as Record<string, unknown>, fields),
      });
      const h = page.h;
      if (h)
        cms.registerPreviewTemplate(collection.name, ({ entry }) =>
          h("div", {
            dangerouslySetInnerHTML: { __html: pagePreviewHtml(entry.get("data").toJS()) },
          }),
        );
      continue;
    }
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
