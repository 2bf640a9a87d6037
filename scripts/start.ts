/**
 * The build `npm start` and `npm run build:server` run: the site with the forms posting to this
 * server (unless ENQUIRY_ENDPOINT says otherwise; set it empty for the mailto fallback), then
 * the server bundled into dist-server/ (scripts/buildServer.ts). `npm start` then serves both
 * on PORT (4173) with `node scripts/serve.mjs --local`; each production instance runs
 * `node dist-server/main.js` on that build.
 */
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { BOOKING_PATH, ENQUIRY_PATH, EVENTS_PATH, VITALS_PATH } from "../server/service/paths";
import { buildServer } from "./buildServer";

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
  process.exitCode = build.status ?? 1;
} else {
  console.log(
    `Forms post to ${process.env.ENQUIRY_ENDPOINT || "a pre-filled e-mail (no endpoint)"}`,
  );
  await buildServer();
}
