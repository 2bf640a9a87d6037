// Site-wide behaviour that needs no component state, so pages without islands load no React.
import { startHeader } from "./header";
import { startAnchors } from "./anchors";
import { startOfficeMap } from "./officeMap";
import { startHero } from "./hero";

document.documentElement.classList.add("js");
startHeader();
startAnchors();
startOfficeMap();
const hero = document.querySelector<HTMLElement>("[data-hero]");
if (hero) startHero(hero);

if (document.querySelector("form[data-enquiry]")) {
  import("./forms").then((m) => m.startForms()).catch((error: unknown) => console.error(error));
}
