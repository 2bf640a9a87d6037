import { discardRest } from "../../service/body";
import { queryOf, type Handler } from "../../reservations/http";
import type { EventsContext } from "./context";

/** GET /api/events/ics: a registration's invite, for a calendar. */
export const icsRoute =
  (ctx: EventsContext): Handler =>
  async (req, res) => {
    const { schedule, languages, options, fromLink, closed } = ctx;
    discardRest(req);
    const params = queryOf(req);
    const r = await fromLink(params.get("r") ?? undefined, params.get("t") ?? "");
    const scheduled = r && schedule.get(r.event);
    if (!r || !scheduled || r.state === "waiting") return closed(res, r);
    const invite = languages.in(languages.codeOf(r.lang)).registrationInvite(
      r,
      scheduled,
      {
        mailFrom: options.mailFrom,
        manageUrl: options.manageUrl(r),
        eventUrl: options.eventUrl(r.event, r.lang),
      },
      r.state === "cancelled" || scheduled.cancelled ? "CANCEL" : "PUBLISH",
    );
    res.writeHead(200, {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="event.ics"',
      "Cache-Control": "no-store",
    });
    res.end(invite);
  };
