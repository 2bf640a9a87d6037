/**
 * The agency's desk at /desk: a Fastify plugin. One onRequest hook for the whole prefix sets
 * the desk's headers and loads the session (no session: the sign-in page for a GET, 403 for a
 * POST); one preHandler checks every POST's Origin and CSRF token. The handlers, in handlers/,
 * stay thin; the pages are server-rendered React (pages/), working without JavaScript.
 */
import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { BookingDesk } from "../booking/desk";
import type { BookingStore } from "../booking/store";
import type { Services } from "../service/services";
import { DatabaseRateLimiter } from "../service/rateLimit";
import { StaffRequests } from "../reservations/staffRequests";
import { loadAssets } from "./assets";
import { AuditLog } from "./audit";
import { CheckIns } from "./checkIns";
import { StaleClaims } from "./claims";
import type { Clock } from "./clock";
import { cookieNames, setBrowserCookie } from "./cookies";
import { LIVE_MS, SIGN_IN_LIMITS, type Desk, type DeskEvents, type DeskOptions } from "./context";
import { Deliveries } from "./deliveries";
import { csrfMatches, csrfToken, CSRF_FIELD, originMatches } from "./csrf";
import { Leads } from "./leads";
import { Passkeys } from "./passkeys";
import { contextFor, refuse, sendPage } from "./respond";
import { DESK_ROUTES, STATIC_PATH, type DeskRoute } from "./routes";
import { Sessions } from "./session";
import { SignInLinks } from "./signInLink";
import { hasRole, StaffAccounts } from "./staff";
import { randomToken } from "./tokens";
import { messagePage } from "./pages/Message";

export type { DeskOptions } from "./context";
export { DESK_ROUTES } from "./routes";

/** The desk's Content-Security-Policy: its own files only; no inline script or style at all. */
export const DESK_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** Where the desk lives: every address under it asks for a session. */
export const DESK_PREFIX = "/desk";

const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

function deskHeaders(reply: FastifyReply) {
  reply
    .header("Cache-Control", "no-store")
    .header("X-Robots-Tag", "noindex, nofollow")
    .header("Cross-Origin-Opener-Policy", "same-origin")
    .header("Content-Security-Policy", DESK_CSP)
    .header("Referrer-Policy", "same-origin")
    // The site's pages forbid WebAuthn; the desk's passkeys need it, here only.
    .header(
      "Permissions-Policy",
      "publickey-credentials-create=(self), publickey-credentials-get=(self), camera=(), microphone=(), geolocation=()",
    );
}

export async function desk(app: FastifyInstance, options: DeskOptions) {
  const clock: Clock = { now: options.now ?? Date.now };
  const { db, engine, ready } = options;
  const limits = options.signInLimits ?? SIGN_IN_LIMITS;
  const publicOrigin = new URL(options.publicUrl).origin;
  const names = cookieNames(options.publicUrl);
  const assets = await loadAssets();
  const context: Desk = {
    clock,
    db,
    staff: new StaffAccounts(db, clock.now),
    sessions: new Sessions(db, clock),
    links: new SignInLinks(db, clock),
    passkeys: new Passkeys(db, clock),
    audit: new AuditLog(db, clock),
    leads: new Leads(db, clock),
    bookings: options.bookings,
    bookingDesk: options.bookingDesk,
    events: options.events,
    privacy: options.privacy ?? {},
    checkIns: new CheckIns(db, clock),
    deliveries: new Deliveries(db),
    claims: new StaleClaims(
      clock.now,
      options.events && (() => options.events!.schedule.all().map((s) => s.event)),
    ),
    requests: new StaffRequests(db, ready),
    assets,
    liveMs: options.liveMs ?? LIVE_MS,
    limits: {
      account: new DatabaseRateLimiter(
        db,
        engine,
        "desk-sign-in-account",
        limits.account,
        ready,
        clock.now,
      ),
      client: new DatabaseRateLimiter(
        db,
        engine,
        "desk-sign-in-client",
        limits.client,
        ready,
        clock.now,
      ),
    },
    mailer: options.mailer,
    mailFrom: options.mailFrom,
    cookies: names,
    // Over plain-http localhost (development, tests) the page's own origin, whatever its port;
    // everywhere else PUBLIC_URL's.
    relyingParty: (request) => {
      const origin =
        !names.secure && LOOPBACK.test(request.host) ? `http://${request.host}` : publicOrigin;
      return { origin, rpID: new URL(origin).hostname };
    },
  };

  await app.register(cookie);
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.decorateRequest("desk", undefined as never);

  const routeOf = new Map<string, DeskRoute>();
  for (const route of DESK_ROUTES) routeOf.set(`${route.method} ${route.path}`, route);

  // Every desk request: headers; the session from its cookie; the way to sign in if none.
  app.addHook("onRequest", async (request, reply) => {
    deskHeaders(reply);
    const pattern = (request.routeOptions.url ?? "").replace(/(.)\/$/, "$1");
    if (pattern === STATIC_PATH) return;
    await ready;
    const method = request.method === "HEAD" ? "GET" : request.method;
    const route = routeOf.get(`${method} ${pattern}`);
    const token = request.cookies[names.session];
    const session = token ? await context.sessions.load(token, !route?.background) : undefined;
    let browser = request.cookies[names.browser];
    if (!browser && route?.public && method === "GET") {
      browser = randomToken();
      setBrowserCookie(context, reply, browser);
    }
    const secret = session ? token : browser;
    request.desk = {
      session,
      token: session ? token : undefined,
      browser,
      csrf: secret ? csrfToken(secret) : "",
    };
    if (!route || route.public || session) {
      if (route?.role && session && !hasRole(session.staff.role, route.role)) {
        await context.audit.write({
          staffId: session.staff.id,
          action: "page.refused",
          client: request.ip,
          detail: route.path,
        });
        return refuse(context, request, reply, 403, "Not open to you", [
          route.role === "admin"
            ? "This part of the desk is for administrators."
            : "This part of the desk is for managers and administrators.",
        ]);
      }
      return;
    }
    if (method === "GET") {
      const next = request.url.split("?")[0];
      return reply
        .code(303)
        .header("Location", `/desk/sign-in?next=${encodeURIComponent(next)}`)
        .send();
    }
    return sendPage(
      reply,
      403,
      messagePage("Signed out", contextFor(context, request), [
        "You are not signed in (or your session has ended), so this was not done.",
        "Sign in again, then do it once more.",
      ]),
    );
  });

  // Every change: from the desk's own pages only (Origin) and with this browser's token.
  app.addHook("preHandler", async (request, reply) => {
    if (request.method === "GET" || request.method === "HEAD") return;
    if (request.routeOptions.url === STATIC_PATH) return;
    const expected = context.relyingParty(request).origin;
    const body = request.body as Record<string, unknown> | undefined;
    const secret = request.desk.token ?? request.desk.browser;
    const json = request.headers["content-type"]?.startsWith("application/json");
    let why: string | undefined;
    if (!originMatches(request, expected)) why = "it came from another site (its Origin)";
    else if (!csrfMatches(body?.[CSRF_FIELD], secret))
      why = secret
        ? "it was sent without this page's security token"
        : "this browser did not send the desk's cookie (allow cookies for this site)";
    if (!why) return;
    await context.audit.write({
      staffId: request.desk.session?.staff.id ?? null,
      action: "request.refused",
      client: request.ip,
      detail: why.startsWith("it came") ? "origin" : "csrf",
    });
    if (json) return reply.code(403).send({ error: `Refused: ${why}` });
    return refuse(context, request, reply, 403, "Not done: the form was refused", [
      `This form was refused because ${why}.`,
      "Go back, reload the page, and send the form again.",
    ]);
  });

  app.get(STATIC_PATH.slice(DESK_PREFIX.length), async (request, reply) => {
    const asset = assets.byName.get((request.params as { file: string }).file);
    if (!asset) return reply.code(404).send("");
    return reply
      .header("Cache-Control", "public, max-age=31536000, immutable")
      .type(asset.type)
      .send(asset.body);
  });
  for (const route of DESK_ROUTES)
    app.route({
      method: route.method,
      // Registered under the /desk prefix (server/http): the path without it.
      url: route.path.slice(DESK_PREFIX.length) || "/",
      handler: (request: FastifyRequest, reply: FastifyReply) =>
        route.handler(context, request, reply),
    });
}

/** What the desk works with besides the shared services: the other features' own code. */
export type DeskParts = Pick<DeskOptions, "liveMs" | "signInLimits" | "privacy"> & {
  bookings: { store: BookingStore; desk: BookingDesk };
  events: DeskEvents;
};

/** The desk as the front hall lists it: the plugin under /desk, on the shared services. */
export function deskFeature(services: Services, parts: DeskParts) {
  const { database, mail } = services;
  const options: DeskOptions = {
    db: database.db,
    engine: database.engine,
    ready: services.prepared,
    mailer: mail.mailer,
    mailFrom: mail.mailFrom,
    publicUrl: services.publicUrl,
    now: services.now,
    bookings: parts.bookings.store,
    bookingDesk: parts.bookings.desk,
    events: parts.events,
    signInLimits: parts.signInLimits,
    privacy: parts.privacy,
    liveMs: parts.liveMs,
  };
  const routes: FastifyPluginAsync = (app) => desk(app, options);
  return { prefix: DESK_PREFIX, routes };
}
