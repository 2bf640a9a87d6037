/**
 * The desk's one script, bundled by esbuild into one file it serves (no inline script): the
 * passkeys' forms (passkeys.ts) and new leads while a page is open (live.ts). Every page works
 * without it.
 */
import "./passkeys";
import { watchForNewer } from "./live";

const region = document.querySelector<HTMLElement>("[data-newer]");
if (region) watchForNewer(region);
