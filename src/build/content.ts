import * as about from "../../content/about";
import * as booking from "../../content/booking";
import * as costOfStudy from "../../content/costOfStudy";
import * as destinations from "../../content/destinations";
import * as enquiryMail from "../../content/enquiryMail";
import * as eventPages from "../../content/eventPages";
import * as formats from "../../content/formats";
import * as forms from "../../content/forms";
import * as guides from "../../content/guides";
import * as home from "../../content/home";
import * as navigation from "../../content/navigation";
import * as programmes from "../../content/programmes";
import * as registration from "../../content/registration";
import * as routeFinder from "../../content/routeFinder";
import * as services from "../../content/services";
import * as site from "../../content/site";
import * as studyRoutes from "../../content/studyRoutes";
import * as testimonials from "../../content/testimonials";
import * as ui from "../../content/ui";
import * as zoneCities from "../../content/zoneCities";
import * as events from "../events/content";
import type { ContentModule } from "./validate";

/**
 * Every content file, as the validator and the translations read them: the same module instances
 * the pages import, so a locale's words put in place (src/i18n/apply.ts) reach every page.
 */
export const contentModules: ContentModule[] = [
  { file: "content/about.ts", exports: about },
  { file: "content/booking.ts", exports: booking },
  { file: "content/costOfStudy.yaml", exports: costOfStudy },
  { file: "content/destinations.yaml", exports: destinations },
  { file: "content/enquiryMail.ts", exports: enquiryMail },
  { file: "content/eventPages.ts", exports: eventPages },
  // Read from YAML and checked against src/events/schema.ts.
  { file: "content/events.yaml", exports: events },
  { file: "content/formats.ts", exports: formats },
  { file: "content/forms.ts", exports: forms },
  // One Markdown file a guide (content/guides/<slug>.md), checked against src/content/schema/guides.ts.
  { file: "content/guides", exports: guides },
  { file: "content/home.ts", exports: home },
  { file: "content/navigation.ts", exports: navigation },
  { file: "content/programmes.yaml", exports: programmes },
  { file: "content/registration.ts", exports: registration },
  { file: "content/routeFinder.yaml", exports: routeFinder },
  { file: "content/services.yaml", exports: services },
  { file: "content/site.ts", exports: site },
  { file: "content/studyRoutes.ts", exports: studyRoutes },
  { file: "content/testimonials.yaml", exports: testimonials },
  { file: "content/ui.ts", exports: ui },
  // Filled from CLDR for a translated locale (src/i18n/apply.ts): no texts of its own.
  { file: "content/zoneCities.ts", exports: zoneCities },
];
