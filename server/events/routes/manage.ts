import { discardRest } from "../../service/body";
import { readPostedForm } from "../../reservations/form";
import { queryOf, sendPage, type Handler } from "../../reservations/http";
import { type EventsContext } from "./context";
import { EVENT_MANAGE_PATH } from "../../service/paths";
import { log } from "../../service/log";

// The manage page and its answers are in the language the registration was made in.
export const manageRoute =
  (ctx: EventsContext): Handler =>
  async (req, res, posted) => {
    const { desk, schedule, languages, urls, fromLink, closed } = ctx;
    if (req.method === "GET" || req.method === "HEAD") {
      discardRest(req);
      const params = queryOf(req);
      const token = params.get("t") ?? "";
      const r = await fromLink(params.get("r") ?? undefined, token);
      if (!r || !desk.isOpen(r)) return closed(res, r);
      const lang = languages.codeOf(r.lang);
      const event = schedule.get(r.event)!.event;
      return sendPage(
        res,
        200,
        languages.in(lang).registrationManagePage(r, event, await desk.placeInLine(r), token, {
          ...urls(r),
          action: EVENT_MANAGE_PATH,
        }),
      );
    }
    const views = languages.in(languages.codeOfRequest(req));
    const fields = readPostedForm(
      req,
      res,
      posted,
      {
        method: () => views.registrationWord("method"),
        type: () => views.problem("type"),
        tooLarge: () => views.registrationWord("tooLarge"),
        malformed: () => views.problem("malformed"),
      },
      (status, message) => sendPage(res, status, views.registrationMessagePage(message, message)),
    );
    if (!fields) return;
    const r = await fromLink(fields.r, fields.t ?? "");
    if (!r || !desk.isOpen(r) || fields.action !== "cancel") return closed(res, r);
    const lang = languages.codeOf(r.lang);
    const speaker = languages.in(lang);
    const word = speaker.registrationWord;
    const result = await desk.cancel(r.id, "registrant");
    if (result.outcome === "closed") return closed(res, result.registration);
    if (result.outcome === "unstored") {
      log.error({ err: result.error }, "A registration's cancellation could not be stored");
      return sendPage(
        res,
        500,
        speaker.registrationMessagePage(word("notCancelled"), word("tryAgain")),
      );
    }
    return sendPage(
      res,
      200,
      speaker.registrationMessagePage(
        word("cancelledTitle"),
        word("cancelledLead", { email: r.email }),
      ),
    );
  };
