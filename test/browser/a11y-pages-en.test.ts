import { axeEveryPage } from "./a11y-pages";

axeEveryPage("en");
