import { join } from "node:path";
import { routeFinderFileSchema } from "./schema/routeFinder";
import { loadYaml } from "./yamlFile";
import { localizedAll } from "../i18n/scope";

/** The route finder's questions, decision table and words: content/routeFinder.yaml, checked. */
export const { routeQuestions, routeRules, routeFinderCopy } = localizedAll(
  loadYaml(join(import.meta.dirname, "../../content/routeFinder.yaml"), routeFinderFileSchema),
);
