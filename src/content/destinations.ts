import { join } from "node:path";
import { destinationsFileSchema } from "./schema/destinations";
import { loadYaml } from "./yamlFile";
import { localizedAll } from "../i18n/scope";

/** Study destinations (home #destinations and the footer): content/destinations.yaml, checked. */
export const { destinations } = localizedAll(
  loadYaml(join(import.meta.dirname, "../../content/destinations.yaml"), destinationsFileSchema),
);
