import { join } from "node:path";
import { testimonialsFileSchema } from "./schema/testimonials";
import { loadYaml } from "./yamlFile";

/** Student success stories (home #testimonials), in carousel order: content/testimonials.yaml, checked. */
export const { testimonials } = loadYaml(
  join(import.meta.dirname, "../../content/testimonials.yaml"),
  testimonialsFileSchema,
);
