/**
 * `npm start`: build the site with the forms posting to this server (unless ENQUIRY_ENDPOINT
 * says otherwise; set it empty for the mailto fallback), then serve it on PORT (4173).
 * `npm run build:server` (`--build-only`): that build alone, for `npm run serve` on each
 * production instance.
 */
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { BOOKING_PATH, ENQUIRY_PATH, EVENTS_PATH, VITALS_PATH } from "../server/paths";

const root = resolve(import.meta.dirname, "..");
process.env.ENQUIRY_ENDPOINT ??= ENQUIRY_PATH;
process.env.VITALS_ENDPOINT ??= VITALS_PATH;
process.env.BOOKING_ENDPOINT ??= BOOKING_PATH;
process.env.EVENTS_ENDPOINT ??= EVENTS_PATH;
// Links in e-mails (a booking's manage link) lead back to this server unless told otherwise.
if (!process.env.PUBLIC_URL && !process.env.SITE_URL)
  process.env.PUBLIC_URL = `http://localhost:${process.env.PORT || 4173}`;

const build = spawnSync(process.execPath, ["--import", "tsx", resolve(root, "build.ts")], {
  cwd: root,
  env: process.env,
  stdio: "inherit",
});
if (build.status !== 0) {
  console.error("Build failed: not starting the server.");
  process.exit(build.status ?? 1);
}
console.log(`Forms post to ${process.env.ENQUIRY_ENDPOINT || "a pre-filled e-mail (no endpoint)"}`);
if (!process.argv.includes("--build-only")) await import("../server/main");
