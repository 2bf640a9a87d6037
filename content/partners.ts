import { join } from "node:path";
import { partnersFileSchema } from "../src/content/schema/partners";
import { loadYaml } from "../src/content/yamlFile";

/** Partner university wordmarks (name and monogram, no copied logos): content/partners.yaml, checked. */
export const { partners } = loadYaml(
  join(import.meta.dirname, "partners.yaml"),
  partnersFileSchema,
  {
    partners: "university",
  },
);
