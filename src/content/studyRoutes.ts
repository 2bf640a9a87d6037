import { join } from "node:path";
import { studyRoutesFileSchema } from "./schema/studyRoutes";
import { loadYaml } from "./yamlFile";
import { localizedAll } from "../i18n/scope";

/**
 * The routes into UK study that both tools speak of: content/studyRoutes.yaml, checked against
 * src/content/schema/studyRoutes.ts (its Study Interests by src/build/validateTools.ts).
 */
export const { studyRoutes } = localizedAll(
  loadYaml(join(import.meta.dirname, "../../content/studyRoutes.yaml"), studyRoutesFileSchema, {
    studyRoutes: "study route",
  }),
);
