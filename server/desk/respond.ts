import type { FastifyReply, FastifyRequest } from "fastify";
import type { Desk } from "./context";
import type { PageContext } from "./pages/Layout";
import { messagePage } from "./pages/Message";

/** A desk page's context for this request: who is signed in, the form token, the assets. */
export const contextFor = (
  desk: Desk,
  request: FastifyRequest,
  extra: Partial<PageContext> = {},
): PageContext => ({
  staff: request.desk.session?.staff,
  csrf: request.desk.csrf,
  stylesheet: desk.assets.stylesheet,
  script: desk.assets.script,
  ...extra,
});

export const sendPage = (reply: FastifyReply, status: number, html: string) =>
  reply.code(status).type("text/html; charset=utf-8").send(html);

/** Post-redirect-get: 303 to a desk address. */
export const seeOther = (reply: FastifyReply, to: string) =>
  reply.code(303).header("Location", to).send();

/** A refusal as a page saying why and what to do. */
export function refuse(
  desk: Desk,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  title: string,
  lines: string[],
  link?: { href: string; label: string },
) {
  const signedIn = Boolean(request.desk.session);
  return sendPage(
    reply,
    status,
    messagePage(
      title,
      contextFor(desk, request),
      lines,
      link ?? (signedIn ? { href: "/desk", label: "Go to the desk's home" } : undefined),
    ),
  );
}

/** A form's field as text ("" when absent). */
export const field = (body: unknown, name: string) => {
  const value = body && typeof body === "object" ? (body as Record<string, unknown>)[name] : "";
  return typeof value === "string" ? value : "";
};

/** A query parameter as text, undefined when empty. */
export const param = (request: FastifyRequest, name: string) => {
  const value = (request.query as Record<string, unknown>)[name];
  return typeof value === "string" && value.trim() ? value.trim() : undefined;
};

/** Where to go once signed in: a /desk address only (no other site, no other part of this one). */
export function safeNext(next: string | undefined) {
  return next && /^\/desk(\/[\w\-/]*)?$/.test(next) && !next.includes("//") ? next : "/desk";
}

/** Writes an audit entry for the signed-in person (or nobody), from this request's client. */
export const audit = (
  desk: Desk,
  request: FastifyRequest,
  action: string,
  record?: { kind: string; id: string },
  detail?: string,
) =>
  desk.audit.write({
    staffId: request.desk.session?.staff.id ?? null,
    action,
    recordKind: record?.kind,
    recordId: record?.id,
    client: request.ip,
    detail,
  });
