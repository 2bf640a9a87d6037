import { join } from "node:path";
import { testimonialsFileSchema } from "../src/content/schema/testimonials";
import { loadYaml } from "../src/content/yamlFile";

/** Student success stories (home #testimonials), in carousel order: content/testimonials.yaml, checked. */
export const { testimonials } = loadYaml(
  join(import.meta.dirname, "testimonials.yaml"),
  testimonialsFileSchema,
);
