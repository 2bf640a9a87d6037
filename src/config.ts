import { site } from "./content/site";

/**
 * Build-time configuration, from the environment of `npm run build`.
 * ENQUIRY_ENDPOINT: where the enquiry forms post (the local server's /api/enquiry, or a hosted
 * form service's URL). Unset: the forms fall back to a pre-filled e-mail to admissions.
 */
export const enquiryEndpoint = process.env.ENQUIRY_ENDPOINT?.trim() || "";

/**
 * VITALS_ENDPOINT: where pages send real visitors' Web Vitals (the local server's /api/vitals,
 * which `npm start` and `npm run dev` set, or any endpoint on a CDN-only deploy). Unset, or
 * VITALS=off: no reporter is built into the pages.
 */
export const vitalsEndpoint =
  process.env.VITALS?.trim() === "off" ? "" : process.env.VITALS_ENDPOINT?.trim() || "";

/**
 * SITE_URL: the public origin the site is served from (default `url` in content/site.yaml),
 * written into canonical links, og:url and og:image, the sitemap, robots.txt and the JSON-LD.
 */
export const siteUrl = parseSiteUrl(process.env.SITE_URL?.trim() || site.url);

/** A site path as an absolute URL under SITE_URL ("/" keeps its slash). */
export const absoluteUrl = (path: string) => (path === "/" ? `${siteUrl}/` : siteUrl + path);

export function parseSiteUrl(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    // reported below
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash)
    throw new Error(
      `SITE_URL "${value}" is not an absolute http(s) address such as https://www.example.org`,
    );
  return url.href.replace(/\/$/, "");
}

/**
 * BOOKING_ENDPOINT: where the booking page posts and reads free times (`/api/booking`, the
 * bundled server's, which `npm start` and `npm run dev` set). Unset (a CDN-only deploy): the
 * booking page says how to book by e-mail or WhatsApp instead.
 */
export const bookingEndpoint = process.env.BOOKING_ENDPOINT?.trim() || "";

/**
 * EVENTS_ENDPOINT: where event registrations post (`…/register`) and live places are read
 * (`…/places`): `/api/events`, the bundled server's, which `npm start` and `npm run dev` set.
 * Unset (a CDN-only deploy): event pages say to register by e-mail, with the e-mail pre-filled.
 */
export const eventsEndpoint = process.env.EVENTS_ENDPOINT?.trim() || "";

/**
 * The build's "now", which splits upcoming events from past ones: BUILD_NOW (an ISO instant) or
 * CONTENT_TODAY (YYYY-MM-DD, midnight UTC) for tests and previews; else the clock.
 */
export const buildNow = parseBuildNow(process.env.BUILD_NOW, process.env.CONTENT_TODAY);

export function parseBuildNow(instant?: string, today?: string): number {
  const value = instant?.trim() || (today?.trim() ? `${today.trim()}T00:00:00Z` : "");
  if (!value) return Date.now();
  const at = Date.parse(value);
  if (Number.isNaN(at))
    throw new Error(`BUILD_NOW / CONTENT_TODAY "${value}" is not a date such as 2026-12-01T09:00Z`);
  return at;
}
