/**
 * The editor's start-up, bundled into dist/admin/cms-init.js and loaded before Decap's script:
 * no automatic start (which would fetch a config.yml), our file format for the events, then
 * Decap with the configuration the build generated from the schema (window.EASTGATE_CMS).
 */
import { readEventsYaml, writeEventsYaml } from "./eventsFormat";
import { EVENTS_FORMAT, type EditorBoot } from "./boot";

interface Decap {
  init(options: { config: unknown }): void;
  registerCustomFormat(
    name: string,
    extension: string,
    format: { fromFile(text: string): unknown; toFile(data: unknown): string },
  ): void;
}

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
  let header = boot.header;
  cms.registerCustomFormat(EVENTS_FORMAT, "yaml", {
    fromFile(text) {
      const read = readEventsYaml(text);
      header = read.header ?? header;
      return read.data;
    },
    toFile: (data) =>
      writeEventsYaml(data as Parameters<typeof writeEventsYaml>[0], boot.order, header),
  });
  cms.init({ config: boot.config });
});
