/** Where the local server takes enquiries; `npm start` builds the forms to post here. */
export const ENQUIRY_PATH = "/api/enquiry";
/** Where the local server takes real visitors' Web Vitals; `npm start` builds pages to send here. */
export const VITALS_PATH = "/api/vitals";
/** Where the local server takes bookings (and serves free times at /slots); `npm start` builds /book to post here. */
export const BOOKING_PATH = "/api/booking";
/** Event registrations (`…/register`), live places (`…/places`), invites (`…/ics`). */
export const EVENTS_PATH = "/api/events";
