import type { FastifyRequest } from "fastify";
import { hmac, sameSecret } from "./tokens";

/** The hidden field every desk form carries. */
export const CSRF_FIELD = "csrf";

/**
 * A form's token, bound to what the browser holds: the session's token once signed in, the
 * browser's sign-in cookie before. A page of another site can read neither, so it cannot make
 * the token; the cookie alone (sent with a forged post) is not enough.
 */
export const csrfToken = (secret: string) => hmac(secret, "desk csrf");

export function csrfMatches(given: unknown, secret: string | undefined) {
  return typeof given === "string" && Boolean(secret) && sameSecret(given, csrfToken(secret!));
}

/** The origin a request came from, by its Origin header (browsers send it with every POST). */
export function originMatches(request: FastifyRequest, expected: string) {
  const origin = request.headers.origin;
  return typeof origin === "string" && origin === expected;
}
