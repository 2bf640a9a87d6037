import { discardRest } from "../../service/body";
import { queryOf, type Handler } from "../../reservations/http";
import type { BookingContext } from "./context";

/** GET /api/booking/ics: the booking's invite, for a calendar. */
export const icsRoute =
  (ctx: BookingContext): Handler =>
  async (req, res) => {
    const { languages, links, options, fromLink, closed } = ctx;
    discardRest(req);
    const params = queryOf(req);
    const b = await fromLink(params.get("b") ?? undefined, params.get("t") ?? "");
    if (!b) return closed(res, b);
    const invite = languages
      .in(languages.codeOf(b.lang))
      .inviteFor(
        b,
        { organiser: options.organiser, domain: options.domain, manageUrl: links.manageUrl(b) },
        b.state === "cancelled" ? "CANCEL" : "PUBLISH",
      );
    res.writeHead(200, {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="consultation.ics"',
      "Cache-Control": "no-store",
    });
    res.end(invite);
  };
