/**
 * The editor's start-up, bundled into dist/admin/cms-init.js and loaded before Decap's script:
 * no automatic start (which would fetch a config.yml), our file format for each collection, then
 * Decap with the configuration the build generated from the schemas (window.EASTGATE_CMS).
 */
import {
  readContentYaml,
  readFrontMatter,
  writeContentYaml,
  writeFrontMatter,
  type FieldOrder,
} from "./contentFormat";
import type { EditorBoot } from "./boot";

interface Decap {
  init(options: { config: unknown }): void;
  registerCustomFormat(
    name: string,
    extension: string,
    format: { fromFile(text: string): unknown; toFile(data: unknown): string },
  ): void;
}

/** The parts of a collection's configuration the format reads (src/cms/config.ts): a file, or a folder of Markdown. */
type Collection = { name: string; format: string } & (
  { files: { fields: FieldOrder[] }[] } | { folder: string; fields: FieldOrder[] }
);

const page = window as Window & {
  CMS_MANUAL_INIT?: boolean;
  CMS?: Decap;
  EASTGATE_CMS?: EditorBoot;
};
page.CMS_MANUAL_INIT = true;

document.addEventListener("DOMContentLoaded", () => {
  const boot = page.EASTGATE_CMS;
  const cms = page.CMS;
  if (!boot || !cms) throw new Error("The editor's script or configuration did not load");
  for (const collection of (boot.config as { collections: Collection[] }).collections) {
    if ("folder" in collection) {
      cms.registerCustomFormat(collection.format, "md", {
        fromFile: readFrontMatter,
        toFile: (data) => writeFrontMatter(data as Record<string, unknown>, collection.fields),
      });
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
  cms.init({ config: boot.config });
});
