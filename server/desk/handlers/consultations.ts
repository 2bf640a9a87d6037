import type { FastifyReply, FastifyRequest } from "fastify";
import { requestCancel } from "../../booking/report";
import type { Desk, Handler } from "../context";
import { bookingsSeenBy, byDay, shownDays, validDate } from "../consultations";
import { cancelBookingPage, consultationsPage } from "../pages/Consultations";
import { audit, contextFor, param, refuse, seeOther, sendPage } from "../respond";

const canCancel = (request: FastifyRequest) => request.desk.session!.staff.role !== "adviser";

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
      single: Boolean(day),
      now,
      canCancel: canCancel(request),
      done:
        param(request, "done") === "cancelled"
          ? "The cancellation is on its way: the student and the advisers are e-mailed within seconds."
          : undefined,
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
