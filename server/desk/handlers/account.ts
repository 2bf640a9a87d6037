import { clearSessionCookie } from "../cookies";
import type { Handler } from "../context";
import { accountPage } from "../pages/Account";
import { LONDON } from "../consultations";
import { audit, contextFor, field, param, refuse, seeOther, sendPage } from "../respond";
import { isTimeZone } from "../../../src/lib/slots";

const DONE: Record<string, string> = {
  "passkey-added": "Your passkey is added: next time, sign in with it.",
  "passkey-removed": "The passkey is removed.",
  "session-ended": "That session is ended: the browser is signed out.",
  zone: "Your time zone is saved.",
};

/** Every zone this server's Intl knows (London among them), for the select. */
const ZONES = [...new Set([LONDON, ...Intl.supportedValuesOf("timeZone")])].sort();

export const showAccount: Handler = async (desk, request, reply) => {
  const session = request.desk.session!;
  const [sessions, passkeys] = await Promise.all([
    desk.sessions.running(session.staff.id),
    desk.passkeys.list(session.staff.id),
  ]);
  return sendPage(
    reply,
    200,
    accountPage(contextFor(desk, request), {
      now: desk.clock.now(),
      current: session.idHash,
      sessions,
      passkeys,
      zones: ZONES,
      done: DONE[param(request, "done") ?? ""],
    }),
  );
};

/** Ends one of the person's own sessions (this one: signed out). */
export const endSession: Handler = async (desk, request, reply) => {
  const session = request.desk.session!;
  const which = field(request.body, "session");
  const ended = await desk.sessions.end(which, "ended by its owner", session.staff.id);
  if (ended) await audit(desk, request, "session.end");
  if (which === session.idHash) {
    clearSessionCookie(desk, reply);
    return seeOther(reply, "/desk/sign-in");
  }
  return seeOther(reply, "/desk/account?done=session-ended");
};

export const registrationOptions: Handler = async (desk, request, reply) => {
  const session = request.desk.session!;
  const options = await desk.passkeys.registrationOptions(
    session.staff,
    session.idHash,
    desk.relyingParty(request),
  );
  return reply.send(options);
};

export const addPasskey: Handler = async (desk, request, reply) => {
  const session = request.desk.session!;
  const body = request.body as Record<string, unknown> | undefined;
  if (!body || typeof body.response !== "object" || !body.response)
    return reply.code(400).send({ error: "Adding a passkey needs JavaScript" });
  const added = await desk.passkeys.register(
    session.staff,
    session.idHash,
    body.response as never,
    field(body, "name"),
    desk.relyingParty(request),
  );
  if (!added) return reply.code(400).send({ error: "The passkey could not be verified" });
  await audit(desk, request, "passkey.add");
  return reply.send({ to: "/desk/account?done=passkey-added" });
};

export const removePasskey: Handler = async (desk, request, reply) => {
  const session = request.desk.session!;
  if (await desk.passkeys.remove(session.staff.id, field(request.body, "credential")))
    await audit(desk, request, "passkey.remove");
  return seeOther(reply, "/desk/account?done=passkey-removed");
};

/** The person's own time zone, shown beside London's. */
export const setTimeZone: Handler = async (desk, request, reply) => {
  const zone = field(request.body, "zone");
  if (!ZONES.includes(zone) || !isTimeZone(zone))
    return refuse(desk, request, reply, 400, "No such time zone", [
      "Choose a time zone from the list.",
    ]);
  await desk.staff.setTimeZone(request.desk.session!.staff.id, zone);
  await audit(desk, request, "account.zone", undefined, zone);
  return seeOther(reply, "/desk/account?done=zone");
};
