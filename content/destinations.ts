import { join } from "node:path";
import { destinationsFileSchema } from "../src/content/schema/destinations";
import { loadYaml } from "../src/content/yamlFile";

/** Study destinations (home #destinations and the footer): content/destinations.yaml, checked. */
export const { destinations } = loadYaml(
  join(import.meta.dirname, "destinations.yaml"),
  destinationsFileSchema,
);
