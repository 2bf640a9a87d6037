import { join } from "node:path";
import { servicesFileSchema } from "./schema/services";
import { fillSiteFacts } from "./siteFacts";
import { loadYaml } from "./yamlFile";
import { localizedAll } from "../i18n/scope";

/** The /student-services page: content/services.yaml, checked, with the site's facts filled in. */
export const { services } = localizedAll(
  fillSiteFacts(
    loadYaml(join(import.meta.dirname, "../../content/services.yaml"), servicesFileSchema),
  ),
);
