import * as about from "../content/about";
import * as booking from "../content/booking";
import * as costOfStudy from "../content/costOfStudy";
import * as destinations from "../content/destinations";
import * as enquiryMail from "../content/enquiryMail";
import * as eventPages from "../content/eventPages";
import * as formats from "../content/formats";
import * as forms from "../content/forms";
import * as guides from "../content/guides";
import * as home from "../content/home";
import * as navigation from "../content/navigation";
import * as programmes from "../content/programmes";
import * as registration from "../content/registration";
import * as routeFinder from "../content/routeFinder";
import * as search from "../content/search";
import * as services from "../content/services";
import * as site from "../content/site";
import * as studyRoutes from "../content/studyRoutes";
import * as testimonials from "../content/testimonials";
import * as ui from "../content/ui";
import * as zoneCities from "../content/zoneCities";
import * as events from "../events/content";
import * as pages from "../content/pages";
import * as privacy from "../content/privacy";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import type { Plugin } from "esbuild";
import type { ContentModule } from "./validate";

/**
 * Every content file, as the validator and the translations read them: the same module instances
 * the pages import; a locale's copy of each (src/i18n/apply.ts) is what its pages read.
 */
export const contentModules: ContentModule[] = [
  { file: "content/about.yaml", exports: about },
  { file: "src/content/booking.ts", exports: booking },
  { file: "content/costOfStudy.yaml", exports: costOfStudy },
  { file: "content/destinations.yaml", exports: destinations },
  { file: "src/content/enquiryMail.ts", exports: enquiryMail },
  { file: "src/content/eventPages.ts", exports: eventPages },
  // Read from YAML and checked against src/events/schema.ts.
  { file: "content/events.yaml", exports: events },
  { file: "src/content/formats.ts", exports: formats },
  { file: "src/content/forms.ts", exports: forms },
  // One Markdown file a guide (content/guides/<slug>.md), checked against src/content/schema/guides.ts.
  { file: "content/guides", exports: guides },
  // With the partner universities of content/partners.yaml.
  { file: "content/home.yaml", exports: home },
  { file: "content/navigation.yaml", exports: navigation },
  // One YAML file a page staff compose (content/pages/<slug>.yaml), src/content/schema/pages.ts.
  { file: "content/pages", exports: { pages: pages.pages } },
  // The periods it shows are content/retention.yaml's, numbers the page formats (not texts).
  { file: "content/privacy.yaml", exports: { privacy: privacy.privacy } },
  { file: "content/programmes.yaml", exports: programmes },
  { file: "src/content/registration.ts", exports: registration },
  { file: "content/routeFinder.yaml", exports: routeFinder },
  { file: "src/content/search.ts", exports: search },
  { file: "content/services.yaml", exports: services },
  { file: "src/content/site.ts", exports: site },
  { file: "content/studyRoutes.yaml", exports: studyRoutes },
  { file: "content/testimonials.yaml", exports: testimonials },
  { file: "src/content/ui.ts", exports: ui },
  // Filled from CLDR for a translated locale (src/i18n/apply.ts): no texts of its own.
  { file: "src/content/zoneCities.ts", exports: zoneCities },
];

/**
 * Every content module as a plain module of its values as loaded (and, in a translated locale's
 * process, translated), for the browser bundles (src/build/bundle.ts): a module read from YAML or
 * Markdown needs the file system, which a page's script does not have.
 */
export function writePlainContent(dir: string) {
  mkdirSync(dir, { recursive: true });
  for (const { file, exports } of contentModules)
    writeFileSync(
      join(dir, `${basename(file).replace(/\.\w+$/, "")}.ts`),
      Object.entries(exports)
        .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};\n`)
        .join(""),
    );
}

/**
 * For esbuild: imports of a content module (src/content/<name>) resolve to its plain copy in
 * `contentDir`. By its name alone, not the temporary folder's path: esbuild's file names hash the
 * paths of their inputs, and a new folder each build renamed the same chunks every build.
 */
export function plainContent(contentDir: string): Plugin {
  const loaders = join(import.meta.dirname, "../content");
  // src/events/content reads content/events.yaml: its plain copy is events.ts.
  const events = join(import.meta.dirname, "../events/content");
  return {
    name: "plain-content",
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        const path = resolve(args.resolveDir, args.path);
        const name = path === events ? "events" : dirname(path) === loaders ? basename(path) : "";
        return name && existsSync(join(contentDir, `${name}.ts`))
          ? { path: `${name}.ts`, namespace: "plain-content" }
          : undefined;
      });
      build.onLoad({ filter: /.*/, namespace: "plain-content" }, (args) => ({
        contents: readFileSync(join(contentDir, args.path), "utf8"),
        loader: "ts",
      }));
    },
  };
}
