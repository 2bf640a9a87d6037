import { join } from "node:path";
import { partnersFileSchema } from "./schema/partners";
import { loadYaml } from "./yamlFile";
import { localizedAll } from "../i18n/scope";

/** Partner university wordmarks (name and monogram, no copied logos): content/partners.yaml, checked. */
export const { partners } = localizedAll(
  loadYaml(join(import.meta.dirname, "../../content/partners.yaml"), partnersFileSchema, {
    partners: "university",
  }),
);
