import type { IncomingMessage, ServerResponse } from "node:http";
import { discardRest } from "../service/body";
import { acceptedEncoding, Compressible } from "../service/compress";
import { sendHtml, sendJson } from "../http/answers";
import type { Posted } from "../http/raw";
import { verifyLink, type LinkKind, type LinkSecret } from "./token";

/** One route of a reservation endpoint, given the body Fastify read (server/http/raw.ts). */
export type Handler = (req: IncomingMessage, res: ServerResponse, posted: Posted) => Promise<void>;

/** Send a page once it is rendered (its policy is in its head, its headers set by its path). */
export const sendPage = (res: ServerResponse, status: number, html: string) =>
  sendHtml(res, status, html);

/** The reservation a manage link names, when its token is right. */
export const linkReader =
  <T>(secret: LinkSecret, kind: LinkKind, get: (id: string) => Promise<T | undefined>) =>
  async (id: string | undefined | null, token: string | undefined | null) => {
    if (!id || !token || !/^[\w-]{1,64}$/.test(id)) return undefined;
    return verifyLink(await secret.loaded, kind, id, token) ? get(id) : undefined;
  };

/** A link's query parameters. */
export const queryOf = (req: IncomingMessage) => new URL(req.url ?? "/", "http://x").searchParams;

/**
 * A JSON answer that many visitors ask for at once (free times, places): worked out once per
 * state of this process's store (`revision`) and for no longer than browsers may keep it (so
 * another process's changes show within that time), compressed once
 * per answer as the client accepts, with its own short cache policy.
 */
export function sharedJson(maxAgeS: number) {
  const kept = new Map<string, { revision: number; until: number; body: Compressible }>();
  return async (
    req: IncomingMessage,
    res: ServerResponse,
    {
      key,
      revision,
      now,
      json,
    }: { key: string; revision: number; now: number; json: () => Promise<object> },
  ) => {
    let answer = kept.get(key);
    if (!answer || answer.revision !== revision || now >= answer.until) {
      answer = {
        revision,
        until: now + maxAgeS * 1000,
        body: new Compressible(JSON.stringify(await json())),
      };
      kept.set(key, answer);
    }
    const encoding = acceptedEncoding(req.headers["accept-encoding"]);
    res.writeHead(200, {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": `public, max-age=${maxAgeS}`,
      Vary: "Accept-Encoding",
      ...(encoding ? { "Content-Encoding": encoding } : {}),
    });
    res.end(req.method === "HEAD" ? undefined : answer.body.as(encoding));
  };
}

/** Data endpoints are read with GET: anything else is told so (true when refused). */
export function refuseUnlessGet(req: IncomingMessage, res: ServerResponse) {
  discardRest(req);
  if (req.method === "GET" || req.method === "HEAD") return false;
  res.setHeader("Allow", "GET");
  sendJson(res, 405, { ok: false, error: "Use GET." });
  return true;
}
