import type { FastifyReply, FastifyRequest } from "fastify";
import { log } from "../../service/log";
import { clearSessionCookie, setSessionCookie } from "../cookies";
import type { Desk, Handler } from "../context";
import { confirmLinkPage, linkSentPage, signInPage } from "../pages/SignIn";
import { audit, contextFor, field, param, refuse, safeNext, seeOther, sendPage } from "../respond";
import { deviceOf } from "../session";
import { isEmail } from "../staff";
import { sha256 } from "../tokens";

export const showSignIn: Handler = async (desk, request, reply) => {
  if (request.desk.session) return seeOther(reply, safeNext(param(request, "next")));
  return sendPage(
    reply,
    200,
    signInPage(contextFor(desk, request), safeNext(param(request, "next"))),
  );
};

/** Too many attempts (per account, per client): how long to wait, else 0. */
async function limited(desk: Desk, request: FastifyRequest, account?: string) {
  const client = await desk.limits.client.take(request.ip);
  const forAccount = account ? await desk.limits.account.take(sha256(account)) : 0;
  return Math.max(client, forAccount);
}

function tooMany(desk: Desk, request: FastifyRequest, reply: FastifyReply, seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  reply.header("Retry-After", String(seconds));
  return refuse(desk, request, reply, 429, "Too many sign-in attempts", [
    `There have been too many attempts to sign in. Wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
    "If you did not try to sign in, tell an administrator.",
  ]);
}

/** The link e-mail: plain text and the same in HTML; the token is only ever in it. */
function linkMessage(desk: Desk, to: string, link: string) {
  const text = [
    "Someone (we hope you) asked to sign in to the Eastgate desk.",
    "",
    `Sign in: ${link}`,
    "",
    "The link works for 15 minutes, once, in the browser where it was asked for.",
    "If you did not ask, ignore this e-mail: nobody can sign in with it from another browser.",
  ].join("\n");
  const html = `<p>Someone (we hope you) asked to sign in to the Eastgate desk.</p><p><a href="${link}">Sign in to the desk</a></p><p>The link works for 15 minutes, once, in the browser where it was asked for. If you did not ask, ignore this e-mail: nobody can sign in with it from another browser.</p>`;
  return { from: desk.mailFrom, to, subject: "Sign in to the Eastgate desk", text, html };
}

/**
 * An address is given: the same answer whatever it is (no one learns which addresses have
 * accounts); an active account's owner gets a link, sent without waiting for the mail server.
 */
export const requestLink: Handler = async (desk, request, reply) => {
  const email = field(request.body, "email").trim().toLowerCase();
  const next = safeNext(field(request.body, "next"));
  if (!isEmail(email))
    return sendPage(
      reply,
      400,
      signInPage(
        contextFor(desk, request),
        next,
        "Enter your work e-mail address, like name@example.org.",
      ),
    );
  const wait = await limited(desk, request, email);
  if (wait) {
    await audit(desk, request, "sign-in.limited");
    return tooMany(desk, request, reply, wait);
  }
  const member = await desk.staff.byEmail(email);
  if (member && !member.disabled && request.desk.browser) {
    const token = await desk.links.issue(email, request.desk.browser, next);
    const link = `${desk.relyingParty(request).origin}/desk/sign-in/link?t=${token}`;
    await desk.audit.write({
      staffId: member.id,
      action: "sign-in.link-sent",
      client: request.ip,
    });
    if (!desk.mailer)
      log.warn("Desk: a sign-in link was asked for, but SMTP_URL is not set: no e-mail");
    else
      desk.mailer.send(linkMessage(desk, email, link)).catch((error: unknown) =>
        // The error's text may name the address: only its code is logged.
        log.error(
          { code: (error as { code?: unknown }).code ?? "unknown" },
          "Desk: a sign-in link could not be e-mailed",
        ),
      );
  } else
    await audit(desk, request, "sign-in.no-account", undefined, member ? "disabled" : undefined);
  return seeOther(reply, "/desk/sign-in/sent");
};

export const linkSent: Handler = async (desk, request, reply) =>
  sendPage(reply, 200, linkSentPage(contextFor(desk, request)));

const LINK_PROBLEMS = {
  unknown: [
    "This sign-in link is not one we sent, or it was copied incompletely.",
    "Ask for a new link on the sign-in page.",
  ],
  used: [
    "This sign-in link has been used already: each link signs in once.",
    "If you are not signed in, ask for a new link on the sign-in page.",
  ],
  expired: [
    "This sign-in link has expired: links work for 15 minutes.",
    "Ask for a new link on the sign-in page.",
  ],
  "other browser": [
    "This sign-in link was asked for in another browser (or this browser's cookies were cleared), and it works only there.",
    "Open it in the browser where you asked for it, or ask for a new link here.",
  ],
};

/** A link that cannot sign anyone in (opened or used): audited, and a page saying what to do. */
async function refuseLink(
  desk: Desk,
  request: FastifyRequest,
  reply: FastifyReply,
  why: keyof typeof LINK_PROBLEMS,
) {
  await audit(desk, request, "sign-in.link-refused", undefined, why);
  return refuse(desk, request, reply, 400, "This link cannot sign you in", LINK_PROBLEMS[why]);
}

/** The link opened: a page with one button (a mail scanner following it signs nobody in). */
export const openLink: Handler = async (desk, request, reply) => {
  const token = param(request, "t") ?? "";
  const checked = await desk.links.check(token, request.desk.browser);
  if (!checked.ok) return refuseLink(desk, request, reply, checked.why);
  return sendPage(reply, 200, confirmLinkPage(contextFor(desk, request), token));
};

/** Begins a session for a member of staff (a new token, the old session ended: rotated). */
export async function beginSession(
  desk: Desk,
  request: FastifyRequest,
  reply: FastifyReply,
  staffId: string,
  how: string,
) {
  if (request.desk.session)
    await desk.sessions.end(request.desk.session.idHash, "replaced by a new sign-in");
  const token = await desk.sessions.begin(
    staffId,
    deviceOf(request.headers["user-agent"]),
    request.ip,
  );
  setSessionCookie(desk, reply, token);
  await desk.audit.write({ staffId, action: "sign-in", client: request.ip, detail: how });
}

export const useLink: Handler = async (desk, request, reply) => {
  const wait = await limited(desk, request);
  if (wait) return tooMany(desk, request, reply, wait);
  const used = await desk.links.use(field(request.body, "t"), request.desk.browser);
  if (!used.ok) return refuseLink(desk, request, reply, used.why);
  const member = await desk.staff.byEmail(used.email);
  if (!member || member.disabled)
    return refuse(desk, request, reply, 403, "This account cannot sign in", [
      "The account has been disabled. Ask an administrator.",
    ]);
  await beginSession(desk, request, reply, member.id, "e-mailed link");
  return seeOther(reply, safeNext(used.next ?? undefined));
};

export const signOut: Handler = async (desk, request, reply) => {
  const session = request.desk.session!;
  await desk.sessions.end(session.idHash, "signed out");
  await audit(desk, request, "sign-out");
  clearSessionCookie(desk, reply);
  return seeOther(reply, "/desk/sign-in");
};

/** Passkey sign-in, step 1: a challenge for this browser (its sign-in cookie). */
export const passkeyOptions: Handler = async (desk, request, reply) => {
  const options = await desk.passkeys.authenticationOptions(
    request.desk.browser!,
    desk.relyingParty(request),
  );
  return reply.send(options);
};

/** Step 2: the authenticator's answer; a session if it proves an active account's passkey. */
export const passkeySignIn: Handler = async (desk, request, reply) => {
  const body = request.body as Record<string, unknown> | undefined;
  if (!body || typeof body.response !== "object" || !body.response)
    return refuse(desk, request, reply, 400, "Passkeys need JavaScript", [
      "Signing in with a passkey needs JavaScript in this browser. Use the e-mailed link instead.",
    ]);
  const wait = await limited(desk, request);
  if (wait) return reply.code(429).send({ error: "Too many sign-in attempts: wait and try again" });
  const staffId = await desk.passkeys.authenticate(
    request.desk.browser!,
    body.response as never,
    desk.relyingParty(request),
  );
  const member = staffId ? await desk.staff.byId(staffId) : undefined;
  if (!member || member.disabled) {
    await audit(desk, request, "sign-in.passkey-refused");
    return reply.code(403).send({ error: "That passkey does not sign in to an active account" });
  }
  await beginSession(desk, request, reply, member.id, "passkey");
  return reply.send({ to: safeNext(field(body, "next")) });
};
