import { join } from "node:path";
import { servicesFileSchema } from "../src/content/schema/services";
import { fillSiteFacts } from "../src/content/siteFacts";
import { loadYaml } from "../src/content/yamlFile";

/** The /student-services page: content/services.yaml, checked, with the site's facts filled in. */
export const { services } = fillSiteFacts(
  loadYaml(join(import.meta.dirname, "services.yaml"), servicesFileSchema),
);
