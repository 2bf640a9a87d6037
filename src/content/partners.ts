import { join } from "node:path";
import { partnersFileSchema } from "./schema/partners";
import { loadYaml } from "./yamlFile";

/** Partner university wordmarks (name and monogram, no copied logos): content/partners.yaml, checked. */
export const { partners } = loadYaml(
  join(import.meta.dirname, "../../content/partners.yaml"),
  partnersFileSchema,
  {
    partners: "university",
  },
);
