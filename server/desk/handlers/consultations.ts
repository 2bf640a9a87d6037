import type { FastifyReply, FastifyRequest } from "fastify";
import { requestCancel } from "../../booking/report";
import type { Desk, Handler } from "../context";
import { bookingsSeenBy, byDay, LONDON, shownDays, validDate } from "../consultations";
import { cancelBookingPage, consultationsPage, moveBookingPage } from "../pages/Consultations";
import { audit, contextFor, field, param, refuse, seeOther, sendPage } from "../respond";
import { wallClock } from "../../../src/lib/slots";

const canCancel = (request: FastifyRequest) => request.desk.session!.staff.role !== "adviser";

const DONE: Record<string, string> = {
  cancelled:
    "The cancellation is on its way: the student and the advisers are e-mailed within seconds.",
  moved:
    "The consultation is moved: the student and the advisers are e-mailed the new time and an updated invite within seconds.",
};

export const showConsultations: Handler = async (desk, request, reply) => {
  const day = validDate(param(request, "day"));
  const week = validDate(param(request, "week"));
  const now = desk.clock.now();
  const days = shownDays({ day, week }, now);
  const me = request.desk.session!.staff;
  const bookings = await bookingsSeenBy(desk, me);
  await audit(desk, request, "consultations.view", undefined, `${day ? "day" : "week"}=${days[0]}`);
  return sendPage(
    reply,
    200,
    consultationsPage(contextFor(desk, request), {
      days: byDay(bookings, days),
      zone: me.timeZone,
      single: Boolean(day),
      now,
      canCancel: canCancel(request),
      done: DONE[param(request, "done") ?? ""],
    }),
  );
};

/** The booking in the address, if a manager or admin is asking and it can be cancelled. */
async function cancellable(desk: Desk, request: FastifyRequest, reply: FastifyReply) {
  const { id } = request.params as { id: string };
  if (!canCancel(request)) {
    await audit(desk, request, "booking.refused", { kind: "booking", id }, "cancel");
    await refuse(desk, request, reply, 403, "Not open to you", [
      "Managers and administrators cancel consultations. Ask one to cancel this one.",
    ]);
    return undefined;
  }
  const booking = await desk.bookings?.get(id);
  if (!booking) {
    await refuse(desk, request, reply, 404, "No such consultation", [
      "There is no consultation at this address. It may have been mistyped.",
    ]);
    return undefined;
  }
  return booking;
}

export const confirmCancelBooking: Handler = async (desk, request, reply) => {
  const booking = await cancellable(desk, request, reply);
  if (!booking) return reply;
  return sendPage(reply, 200, cancelBookingPage(contextFor(desk, request), booking));
};

/** Cancels by the very request `npm run bookings -- --cancel` makes: the server carries it out. */
export const cancelBooking: Handler = async (desk, request, reply) => {
  const booking = await cancellable(desk, request, reply);
  if (!booking) return reply;
  const problem = await requestCancel(
    desk.bookings!,
    desk.requests,
    booking.id,
    new Date(desk.clock.now()),
  );
  if (problem)
    return refuse(desk, request, reply, 409, "It cannot be cancelled", [problem], {
      href: "/desk/consultations",
      label: "Go to the consultations",
    });
  await audit(desk, request, "booking.cancel", { kind: "booking", id: booking.id });
  return seeOther(reply, "/desk/consultations?done=cancelled");
};

/** The booking in the address, if it can still be moved (managers: the route's role). */
async function movable(desk: Desk, request: FastifyRequest, reply: FastifyReply) {
  const { id } = request.params as { id: string };
  const booking = await desk.bookings?.get(id);
  if (!booking || !desk.bookingDesk) {
    await refuse(desk, request, reply, 404, "No such consultation", [
      "There is no consultation at this address. It may have been mistyped.",
    ]);
    return undefined;
  }
  if (!desk.bookingDesk.isOpen(booking)) {
    await refuse(desk, request, reply, 409, "It cannot be moved", [
      "This consultation is cancelled or over.",
    ]);
    return undefined;
  }
  return booking;
}

/** The free times of the same way to talk, to choose one. */
export const confirmMoveBooking: Handler = async (desk, request, reply) => {
  const booking = await movable(desk, request, reply);
  if (!booking) return reply;
  const slots = (await desk.bookingDesk!.slots(booking.mode)).filter(
    (s) => s.free > 0 && s.start !== booking.start,
  );
  await audit(desk, request, "booking.view", { kind: "booking", id: booking.id }, "move");
  return sendPage(reply, 200, moveBookingPage(contextFor(desk, request), booking, slots));
};

/**
 * Moves by the very call the student's manage link makes (server/booking/desk.ts `move`): the
 * same e-mails, the invite's next SEQUENCE, the same webhook.
 */
export const moveBooking: Handler = async (desk, request, reply) => {
  const booking = await movable(desk, request, reply);
  if (!booking) return reply;
  const start = field(request.body, "start");
  const back = { href: `/desk/consultations/${booking.id}/move`, label: "Choose another time" };
  const result = await desk.bookingDesk!.move(booking.id, {
    mode: booking.mode,
    start,
    zone: booking.zone,
  });
  switch (result.outcome) {
    case "moved":
      await audit(
        desk,
        request,
        "booking.move",
        { kind: "booking", id: booking.id },
        `${booking.start} → ${result.booking.start}`,
      );
      return seeOther(
        reply,
        `/desk/consultations?day=${wallClock(result.booking.start, LONDON).date}&done=moved`,
      );
    case "taken":
    case "unavailable":
      return refuse(
        desk,
        request,
        reply,
        409,
        "That time is not free",
        [
          result.outcome === "taken"
            ? "Someone took the last place at that time since the page was shown."
            : "That is not a time consultations are offered (or it is too soon).",
        ],
        back,
      );
    case "closed":
      return refuse(desk, request, reply, 409, "It cannot be moved", [
        "This consultation is cancelled or over.",
      ]);
    case "unstored":
      return refuse(
        desk,
        request,
        reply,
        500,
        "Not moved",
        ["The move could not be saved. Nothing was changed or sent; try again."],
        back,
      );
  }
};
