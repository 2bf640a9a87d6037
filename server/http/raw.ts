import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance, FastifyPluginAsync, HTTPMethods } from "fastify";
import { log } from "../service/log";

/** A handler that reads the request itself (its body, within its own limit) and answers it. */
export type RawHandler = (req: IncomingMessage, res: ServerResponse) => Promise<unknown> | void;

/**
 * An unexpected failure of a handler: logged once, with its stack, in one record naming the
 * request; a bare 500 if nothing was sent yet.
 */
export function failed(reqId: string, res: ServerResponse, error: unknown) {
  log.error({ err: error, reqId }, "Request failed");
  if (!res.headersSent) res.writeHead(500, { "Cache-Control": "no-store" }).end();
  else res.destroy();
}

/**
 * A route whose handler writes the answer itself: taken over in its onRequest hook, before
 * Fastify reads a body, so each form keeps its own limits, its 413/415 answers in the visitor's
 * language and its "Expect: 100-continue" refusal. The instance's hooks (request id, headers,
 * the request log) still run around it.
 */
export function rawRoute(
  app: FastifyInstance,
  method: HTTPMethods | HTTPMethods[],
  url: string,
  handler: RawHandler,
) {
  app.route({
    method,
    url,
    onRequest: async (request, reply) => {
      reply.hijack();
      try {
        await handler(request.raw, reply.raw);
      } catch (error) {
        failed(request.id, reply.raw, error);
      }
    },
    handler: () => {},
  });
}

/** Every method a form or an endpoint may be sent with; each handler answers 405 itself. */
export const ANY: HTTPMethods[] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** A feature's raw handlers by path (under its prefix), as the one plugin it registers. */
export const rawRoutes =
  (handlers: Record<string, RawHandler>): FastifyPluginAsync =>
  (app) => {
    for (const [url, handler] of Object.entries(handlers)) rawRoute(app, ANY, url, handler);
    return Promise.resolve();
  };
