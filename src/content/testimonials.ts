import { join } from "node:path";
import { testimonialsFileSchema } from "./schema/testimonials";
import { loadYaml } from "./yamlFile";
import { localizedAll } from "../i18n/scope";

/** Student success stories (home #testimonials), in carousel order: content/testimonials.yaml, checked. */
export const { testimonials } = localizedAll(
  loadYaml(join(import.meta.dirname, "../../content/testimonials.yaml"), testimonialsFileSchema),
);
