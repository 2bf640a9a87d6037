import { join } from "node:path";
import { aboutFileSchema, type AboutContent } from "../src/content/schema/about";
import { fillSiteFacts } from "../src/content/siteFacts";
import { loadYaml } from "../src/content/yamlFile";

export type { AboutContent };

/** The /about page: content/about.yaml, checked, with the site's facts filled in. */
export const { about } = fillSiteFacts(
  loadYaml(join(import.meta.dirname, "about.yaml"), aboutFileSchema, { sections: "section" }),
);
