import type { FastifyReply, FastifyRequest } from "fastify";
import type { Desk, Handler } from "../context";
import { checkInPage } from "../pages/CheckIn";
import { cancelRegistrationPage, eventPage, eventsPage } from "../pages/Events";
import { audit, contextFor, field, param, refuse, seeOther, sendPage } from "../respond";

const canChange = (request: FastifyRequest) => request.desk.session!.staff.role !== "adviser";

export const showEvents: Handler = async (desk, request, reply) => {
  const now = desk.clock.now();
  const scheduled = (desk.events?.schedule.all() ?? []).filter(
    (s) => Date.parse(s.event.endsAt) > now,
  );
  const places = scheduled.length ? await desk.events!.desk.places(scheduled, now) : {};
  await audit(desk, request, "events.view");
  return sendPage(
    reply,
    200,
    eventsPage(contextFor(desk, request), {
      events: scheduled
        .map((s) => ({ event: s.event, places: places[s.event.slug] }))
        .sort((a, b) => a.event.startsAt.localeCompare(b.event.startsAt)),
    }),
  );
};

/** The event in the address, or a 404 page. */
async function eventOf(desk: Desk, request: FastifyRequest, reply: FastifyReply) {
  const { slug } = request.params as { slug: string };
  const scheduled = desk.events?.schedule.get(slug);
  if (!scheduled) {
    await refuse(desk, request, reply, 404, "No such event", [
      "There is no event at this address. It may have been mistyped.",
    ]);
    return undefined;
  }
  return scheduled;
}

/** Managers and administrators change registrations; an adviser's attempt is refused. */
async function mayChange(desk: Desk, request: FastifyRequest, reply: FastifyReply) {
  if (canChange(request)) return true;
  const { slug } = request.params as { slug: string };
  await audit(desk, request, "event.refused", { kind: "event", id: slug }, request.url);
  await refuse(desk, request, reply, 403, "Not open to you", [
    "Managers and administrators change registrations. Ask one to do it.",
  ]);
  return false;
}

export const showEvent: Handler = async (desk, request, reply) => {
  const scheduled = await eventOf(desk, request, reply);
  if (!scheduled) return reply;
  const { slug } = scheduled.event;
  const events = desk.events!;
  const [places, registrations] = await Promise.all([
    events.desk.places([scheduled]),
    events.store.all(slug),
  ]);
  const rows = await Promise.all(
    [...registrations]
      .sort((a, b) => a.arrival - b.arrival)
      .map(async (registration) => ({
        registration,
        place: await events.desk.placeInLine(registration),
      })),
  );
  await audit(desk, request, "event.view", { kind: "event", id: slug });
  return sendPage(
    reply,
    200,
    eventPage(contextFor(desk, request), {
      event: scheduled.event,
      places: places[slug],
      rows,
      canChange: canChange(request),
      done: param(request, "done"),
    }),
  );
};

/** Gives the free places to the first in line: the events' own promotion. */
export const promoteWaiting: Handler = async (desk, request, reply) => {
  const scheduled = await eventOf(desk, request, reply);
  if (!scheduled || !(await mayChange(desk, request, reply))) return reply;
  await desk.events!.desk.fill(scheduled);
  await audit(desk, request, "event.promote", { kind: "event", id: scheduled.event.slug });
  return seeOther(reply, `/desk/events/${scheduled.event.slug}?done=promoted`);
};

async function registrationOf(desk: Desk, request: FastifyRequest, reply: FastifyReply) {
  const scheduled = await eventOf(desk, request, reply);
  if (!scheduled || !(await mayChange(desk, request, reply))) return undefined;
  const { id } = request.params as { id: string };
  const registration = await desk.events!.store.get(id);
  if (!registration || registration.event !== scheduled.event.slug) {
    await refuse(desk, request, reply, 404, "No such registration", [
      "There is no registration at this address. It may have been mistyped.",
    ]);
    return undefined;
  }
  return { scheduled, registration };
}

export const confirmCancelRegistration: Handler = async (desk, request, reply) => {
  const found = await registrationOf(desk, request, reply);
  if (!found) return reply;
  return sendPage(
    reply,
    200,
    cancelRegistrationPage(contextFor(desk, request), found.scheduled.event, found.registration),
  );
};

/** Cancels as the registrant's manage link does, by staff: their e-mails and webhooks go out. */
export const cancelRegistration: Handler = async (desk, request, reply) => {
  const found = await registrationOf(desk, request, reply);
  if (!found) return reply;
  const { slug } = found.scheduled.event;
  const result = await desk.events!.desk.cancel(found.registration.id, "staff");
  if (result.outcome !== "cancelled")
    return refuse(
      desk,
      request,
      reply,
      409,
      "It cannot be cancelled",
      [
        result.outcome === "closed"
          ? "It is cancelled already, or the event is over or cancelled."
          : "The database did not answer. Try again in a minute.",
      ],
      { href: `/desk/events/${slug}`, label: "Go back to the event" },
    );
  await audit(desk, request, "registration.cancel", {
    kind: "registration",
    id: found.registration.id,
  });
  return seeOther(reply, `/desk/events/${slug}?done=cancelled`);
};

/** Who may be at the door: the confirmed, by name. */
async function doorList(desk: Desk, slug: string) {
  const registrations = await desk.events!.store.all(slug);
  return registrations
    .filter((r) => r.state === "confirmed")
    .sort((a, b) => a.fullName.localeCompare(b.fullName));
}

export const showCheckIn: Handler = async (desk, request, reply) => {
  const scheduled = await eventOf(desk, request, reply);
  if (!scheduled) return reply;
  const { slug } = scheduled.event;
  const [people, arrived] = await Promise.all([doorList(desk, slug), desk.checkIns.of(slug)]);
  await audit(desk, request, "checkin.view", { kind: "event", id: slug });
  return sendPage(
    reply,
    200,
    checkInPage(contextFor(desk, request), { event: scheduled.event, people, arrived }),
  );
};

export const tickCheckIn: Handler = async (desk, request, reply) => {
  const scheduled = await eventOf(desk, request, reply);
  if (!scheduled) return reply;
  const { slug } = scheduled.event;
  const id = field(request.body, "registration");
  const registration = id ? await desk.events!.store.get(id) : undefined;
  if (!registration || registration.event !== slug || registration.state !== "confirmed")
    return refuse(desk, request, reply, 404, "Not on this list", [
      "This person has no confirmed place at this event. Go back to the check-in list.",
    ]);
  const arrived = field(request.body, "arrived") !== "0";
  await desk.checkIns.set(slug, id, arrived, request.desk.session!.staff.id);
  await audit(
    desk,
    request,
    "checkin.tick",
    { kind: "registration", id },
    arrived ? "arrived" : "undone",
  );
  return seeOther(reply, `/desk/events/${slug}/check-in`);
};
