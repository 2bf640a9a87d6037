/**
 * Where the bundled server takes event registrations (`…/register`) and answers live places
 * (`…/places`); `npm start` and `npm run dev` build the events pages to use it. Kept here until
 * server/paths.ts, where the other endpoints' paths live, names it beside the server's handler.
 */
export const EVENTS_PATH = "/api/events";
