import { discardRest } from "../../service/body";
import { queryOf, sendPage, type Handler } from "../../reservations/http";
import { type BookingContext } from "./context";
import { MANAGE_PATH } from "../../service/paths";
import { log } from "../../service/log";

// The manage page and its answers are in the language the booking was made in.
export const manageRoute =
  (ctx: BookingContext): Handler =>
  async (req, res, posted) => {
    const { desk, languages, readForm, fromLink, choiceOf, closed, urls } = ctx;
    if (req.method === "GET" || req.method === "HEAD") {
      discardRest(req);
      const params = queryOf(req);
      const token = params.get("t") ?? "";
      const b = await fromLink(params.get("b") ?? undefined, token);
      if (!b || !desk.isOpen(b)) return closed(res, b);
      const lang = languages.codeOf(b.lang);
      return sendPage(res, 200, languages.in(lang).managePage(b, token, urls(b)));
    }
    const fields = readForm(req, res, posted, false);
    if (!fields) return;
    const token = fields.t ?? "";
    const b = await fromLink(fields.b, token);
    if (!b || !desk.isOpen(b)) return closed(res, b);
    const lang = languages.codeOf(b.lang);
    const views = languages.in(lang);
    const word = views.bookingWord;
    const failed = (title: "notCancelled" | "notMoved") =>
      sendPage(res, 500, views.messagePage(word(title), word("tryAgainOrCall")));
    if (fields.action === "cancel") {
      const result = await desk.cancel(b.id, "student");
      if (result.outcome !== "cancelled") return failed("notCancelled");
      return sendPage(
        res,
        200,
        views.messagePage(
          word("cancelledTitle"),
          word("cancelledLead", { email: b.email }),
          word("cancelledEyebrow"),
        ),
      );
    }
    const choice = choiceOf({ ...fields, zone: fields.zone || b.zone });
    if (!choice) return sendPage(res, 400, views.managePage(b, token, urls(b), word("pickSlot")));
    const result = await desk.move(b.id, choice);
    switch (result.outcome) {
      case "moved":
        return sendPage(
          res,
          200,
          views.managePage(
            result.booking,
            token,
            urls(result.booking),
            word("moved", { email: b.email }),
          ),
        );
      case "taken":
      case "unavailable":
        return sendPage(
          res,
          result.outcome === "taken" ? 409 : 422,
          views.slotPage(
            word(result.outcome === "taken" ? "taken" : "invalidSlot"),
            result.alternatives,
            { b: b.id, t: token, action: "move", mode: choice.mode, zone: choice.zone },
            MANAGE_PATH,
          ),
        );
      case "closed":
        return closed(res, result.booking);
      case "unstored":
        log.error({ err: result.error }, "A move could not be stored");
        return failed("notMoved");
    }
  };
