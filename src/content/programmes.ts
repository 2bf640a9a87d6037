import { join } from "node:path";
import { programmesFileSchema } from "./schema/programmes";
import { fillSiteFacts } from "./siteFacts";
import { loadYaml } from "./yamlFile";
import { localizedAll } from "../i18n/scope";

/** Programme category pages, in menu order: content/programmes.yaml, checked, intakes filled in. */
export const { categories } = localizedAll(
  fillSiteFacts(
    loadYaml(join(import.meta.dirname, "../../content/programmes.yaml"), programmesFileSchema),
  ),
);
