import { booking as rules } from "../../src/content/booking";
import { sendJson } from "../http/answers";
import { queryOf, refuseUnlessGet, sharedJson, type Handler } from "../reservations/http";
import { MANAGE_PATH } from "../service/paths";
import { bookRoute } from "./routes/book";
import {
  BOOKING_PATH,
  bookingContext,
  ICS_PATH,
  SLOTS_PATH,
  slotView,
  type BookingContext,
  type Options,
} from "./routes/context";
import { icsRoute } from "./routes/ics";
import { manageRoute } from "./routes/manage";

export { BOOKING_PATH, ICS_PATH, SLOTS_PATH };
export type { BookingLinks } from "./routes/context";

/** How long a browser or CDN may reuse a slot list: short, the server refuses a taken slot anyway. */
const SLOTS_MAX_AGE_S = 5;

/** GET /api/booking/slots?mode=: the free times of a way to talk, from now to the horizon. */
const slotsRoute = (ctx: BookingContext): Handler => {
  // Three weeks of slots (a query and ~5 ms of work): reused until this process takes or frees
  // a place, and for at most the seconds a browser may keep them.
  const answer = sharedJson(SLOTS_MAX_AGE_S);
  return async (req, res) => {
    const mode = queryOf(req).get("mode") ?? "";
    if (refuseUnlessGet(req, res)) return;
    if (!ctx.desk.isMode(mode))
      return sendJson(res, 400, {
        ok: false,
        error: `Unknown mode "${mode.slice(0, 20)}": use video, phone or office.`,
      });
    const now = ctx.desk.now();
    await answer(req, res, {
      key: mode,
      revision: ctx.desk.revision,
      now,
      json: async () => ({
        zone: rules.zone,
        // The server's clock: the picker's calendar starts on its today, whatever the visitor's says.
        now: new Date(now).toISOString(),
        slotMinutes: rules.slotMinutes,
        slots: (await ctx.desk.slots(mode)).map(slotView),
      }),
    });
  };
};

/** GET /api/booking/slots, POST /api/booking, /book/manage and the .ics download. */
export function bookingHandlers(options: Options): Record<string, Handler> {
  const ctx = bookingContext(options);
  return {
    [SLOTS_PATH]: slotsRoute(ctx),
    [BOOKING_PATH]: bookRoute(ctx),
    [MANAGE_PATH]: manageRoute(ctx),
    [ICS_PATH]: icsRoute(ctx),
  };
}
