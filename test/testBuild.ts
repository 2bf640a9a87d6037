import { existsSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * The settings `npm test` builds the site with (scripts/test.sh), as `npm start` does: forms,
 * Web Vitals, bookings and events posting to the local server, at a fixed now so which events
 * are upcoming, and so every page the tests read, is the same on any day.
 */
export const TEST_BUILD_ENV = {
  ENQUIRY_ENDPOINT: "/api/enquiry",
  VITALS_ENDPOINT: "/api/vitals",
  BOOKING_ENDPOINT: "/api/booking",
  EVENTS_ENDPOINT: "/api/events",
  BUILD_NOW: "2026-11-25T12:00:00Z",
};

/**
 * `dir`, if it holds a built site; else an error of one line saying how to make one, so a file
 * run alone against TEST_DIST fails at once rather than on every page it asks for.
 */
export function builtSite(dir: string) {
  if (existsSync(join(dir, "index.html"))) return dir;
  const error = new Error(
    `${dir} holds no built site: run \`npm run build:test\` first (it builds dist/ as npm test does), or leave TEST_DIST unset for the file to build its own`,
  );
  error.stack = error.message;
  throw error;
}

/** npm test's build (TEST_DIST, made with TEST_BUILD_ENV), read only; undefined when not set. */
export const sharedBuild = () =>
  process.env.TEST_DIST ? builtSite(resolve(process.env.TEST_DIST)) : undefined;
