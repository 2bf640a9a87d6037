import { join } from "node:path";
import { routeFinderFileSchema } from "../src/content/schema/routeFinder";
import { loadYaml } from "../src/content/yamlFile";

/** The route finder's questions, decision table and words: content/routeFinder.yaml, checked. */
export const { routeQuestions, routeRules, routeFinderCopy } = loadYaml(
  join(import.meta.dirname, "routeFinder.yaml"),
  routeFinderFileSchema,
);
