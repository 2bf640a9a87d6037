import { join } from "node:path";
import { programmesFileSchema } from "../src/content/schema/programmes";
import { fillSiteFacts } from "../src/content/siteFacts";
import { loadYaml } from "../src/content/yamlFile";

/** Programme category pages, in menu order: content/programmes.yaml, checked, intakes filled in. */
export const { categories } = fillSiteFacts(
  loadYaml(join(import.meta.dirname, "programmes.yaml"), programmesFileSchema),
);
