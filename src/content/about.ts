import { join } from "node:path";
import { aboutFileSchema, type AboutContent } from "./schema/about";
import { fillSiteFacts } from "./siteFacts";
import { loadYaml } from "./yamlFile";
import { localizedAll } from "../i18n/scope";

export type { AboutContent };

/** The /about page: content/about.yaml, checked, with the site's facts filled in. */
export const { about } = localizedAll(
  fillSiteFacts(
    loadYaml(join(import.meta.dirname, "../../content/about.yaml"), aboutFileSchema, {
      sections: "section",
    }),
  ),
);
