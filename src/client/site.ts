// Site-wide behaviour that needs no component state, so pages without islands load no React.
import { startHeader } from "./header";
import { startAnchors } from "./anchors";
import { startOfficeMap } from "./officeMap";

document.documentElement.classList.add("js");
startHeader();
startAnchors();
startOfficeMap();

if (document.querySelector("form[data-enquiry]")) {
  import("./forms").then((m) => m.startForms()).catch((error: unknown) => console.error(error));
}
