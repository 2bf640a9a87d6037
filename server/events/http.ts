import { refuseUnlessGet, sharedJson, type Handler } from "../reservations/http";
import { EVENT_MANAGE_PATH } from "../service/paths";
import {
  EVENT_ICS_PATH,
  eventsContext,
  PLACES_PATH,
  REGISTER_PATH,
  type EventsContext,
  type Options,
} from "./routes/context";
import { icsRoute } from "./routes/ics";
import { manageRoute } from "./routes/manage";
import { registerRoute } from "./routes/register";

export { EVENT_ICS_PATH, PLACES_PATH, REGISTER_PATH };

/** How long a browser or CDN may reuse the places: short; the server decides at registration anyway. */
const PLACES_MAX_AGE_S = 5;

/** GET /api/events/places: each event's places, waiting list and whether it takes registrations. */
const placesRoute = ({ desk, schedule }: EventsContext): Handler => {
  const answer = sharedJson(PLACES_MAX_AGE_S);
  return async (req, res) => {
    if (refuseUnlessGet(req, res)) return;
    const now = desk.now();
    await answer(req, res, {
      key: "places",
      revision: desk.revision,
      now,
      json: async () => ({
        now: new Date(now).toISOString(),
        events: await desk.places(schedule.all(), now),
      }),
    });
  };
};

/** GET places, POST a registration, the manage page and the .ics download. */
export function eventHandlers(options: Options): Record<string, Handler> {
  const ctx = eventsContext(options);
  return {
    [PLACES_PATH]: placesRoute(ctx),
    [REGISTER_PATH]: registerRoute(ctx),
    [EVENT_MANAGE_PATH]: manageRoute(ctx),
    [EVENT_ICS_PATH]: icsRoute(ctx),
  };
}
