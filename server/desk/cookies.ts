import type { FastifyReply } from "fastify";
import type { Desk } from "./context";
import { ABSOLUTE_MS } from "./session";

/** The browser's sign-in cookie lives a day: long enough to open a link, short enough to forget. */
const BROWSER_COOKIE_S = 24 * 3600;

/**
 * The cookies' names and whether they are Secure: `__Host-desk` (HttpOnly, Secure,
 * SameSite=Lax, Path=/, no Domain) wherever the desk is served over https. Browsers refuse a
 * `__Host-` cookie without Secure, and refuse Secure cookies over plain http, so on plain-http
 * localhost (development, the tests) the names lose the prefix and the flag; nowhere else.
 */
export function cookieNames(publicUrl: string) {
  const url = new URL(publicUrl);
  const local =
    url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  const prefix = local ? "" : "__Host-";
  return { session: `${prefix}desk`, browser: `${prefix}desk-browser`, secure: !local };
}

const attributes = (desk: Desk, maxAge: number) => ({
  path: "/",
  httpOnly: true,
  secure: desk.cookies.secure,
  sameSite: "lax" as const,
  maxAge,
});

export const setSessionCookie = (desk: Desk, reply: FastifyReply, token: string) =>
  reply.setCookie(desk.cookies.session, token, attributes(desk, ABSOLUTE_MS / 1000));

export const clearSessionCookie = (desk: Desk, reply: FastifyReply) =>
  reply.clearCookie(desk.cookies.session, attributes(desk, 0));

export const setBrowserCookie = (desk: Desk, reply: FastifyReply, value: string) =>
  reply.setCookie(desk.cookies.browser, value, attributes(desk, BROWSER_COOKIE_S));
