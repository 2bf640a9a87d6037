/** Where the local server takes enquiries; `npm start` builds the forms to post here. */
export const ENQUIRY_PATH = "/api/enquiry";
/** Where the local server takes real visitors' Web Vitals; `npm start` builds pages to send here. */
export const VITALS_PATH = "/api/vitals";
/** Where the local server takes bookings (and serves free times at /slots); `npm start` builds /book to post here. */
export const BOOKING_PATH = "/api/booking";
/** Event registrations (`…/register`), live places (`…/places`), invites (`…/ics`). */
export const EVENTS_PATH = "/api/events";
/** The process answers (for a load balancer or platform: is it alive). */
export const HEALTH_PATH = "/healthz";
/** It has resumed what it had pending and is not stopping (send it traffic). */
export const READY_PATH = "/readyz";
/** Prometheus' metrics, for the operator (a METRICS_TOKEN bearer). */
export const METRICS_PATH = "/metrics";
/** Where a booking's e-mailed link lets the student see, move or cancel it. */
export const MANAGE_PATH = "/book/manage";
/** Where a registration's e-mailed link lets the student see or cancel it. */
export const EVENT_MANAGE_PATH = "/events/manage";
/** Where the acknowledgement's signed link lets a student ask for a copy of their data or its erasure. */
export const PRIVACY_REQUEST_PATH = "/privacy-request";
/**
 * The server's own pages (`_headers` patterns): each shows a student's own details, so each is
 * isolated from other sites' windows (src/build/headers.ts, `isolated`).
 */
export const SERVER_PAGES = [
  "/api/*",
  ...[MANAGE_PATH, EVENT_MANAGE_PATH, PRIVACY_REQUEST_PATH].flatMap((path) => [path, `${path}/`]),
];
