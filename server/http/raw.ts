import type { IncomingMessage, ServerResponse } from "node:http";
import type {
  FastifyError,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
} from "fastify";
import { BODY_LIMIT } from "../service/body";
import { parseFields } from "./answers";
import { log } from "../service/log";

/**
 * What Fastify made of a request's body: its text (a form or JSON, within the limit), nothing
 * (no body, or a GET), or the status of why it refused it (413, 415, 400), for the handler to
 * answer in the visitor's words.
 */
export type Posted = string | { refused: number } | undefined;

/** A handler that writes its answer on the response itself, given the body Fastify read. */
export type RawHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  posted: Posted,
) => Promise<unknown> | void;

/** The types a form is posted as: urlencoded (no JavaScript) or JSON (the page's script). */
export const FORM_TYPES = ["application/x-www-form-urlencoded", "application/json"];

/** Why a posted form cannot be read, as its answer's status and the visitor's problem. */
export type FormProblem =
  | { status: 413; problem: "tooLarge" }
  | { status: 415; problem: "type" }
  | { status: 400; problem: "malformed" };

/** A posted form's fields (the first value of each), or why it cannot be read. */
export function postedForm(
  type: string,
  posted: Posted,
): { fields: Record<string, string> } | FormProblem {
  const refused = typeof posted === "object" ? posted.refused : undefined;
  if (refused === 413) return { status: 413, problem: "tooLarge" };
  if (refused === 415 || !FORM_TYPES.includes(type)) return { status: 415, problem: "type" };
  const fields = refused ? null : parseFields(type, typeof posted === "string" ? posted : "");
  return fields ? { fields } : { status: 400, problem: "malformed" };
}

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
 * A route whose handler writes the answer itself and reads no body (the built site's files):
 * taken over in its onRequest hook. The instance's hooks (request id, headers, the request
 * log) still run around it.
 */
export function rawRoute(
  app: FastifyInstance,
  method: HTTPMethods | HTTPMethods[],
  url: string,
  handler: (req: IncomingMessage, res: ServerResponse) => Promise<unknown> | void,
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

/**
 * A feature's handlers by path (under its prefix), as the one plugin it registers: Fastify
 * reads a form's body (its two types, as text, within `bodyLimit`); a body it refuses reaches
 * the handler as `{ refused }`, so each route answers its 405/413/415 in the visitor's
 * language as it did when it read its own. The instance's hooks (request id, headers, the
 * request log) run around it.
 */
export const rawRoutes =
  (handlers: Record<string, RawHandler>, { bodyLimit = BODY_LIMIT } = {}): FastifyPluginAsync =>
  (app) => {
    app.removeAllContentTypeParsers();
    for (const type of FORM_TYPES)
      app.addContentTypeParser(type, { parseAs: "string", bodyLimit }, (_request, body, done) =>
        done(null, body),
      );
    for (const [url, handler] of Object.entries(handlers)) {
      const answer = async (request: FastifyRequest, reply: FastifyReply, posted: Posted) => {
        reply.hijack();
        try {
          await handler(request.raw, reply.raw, posted);
        } catch (error) {
          failed(request.id, reply.raw, error);
        }
      };
      app.route({
        method: ANY,
        url,
        handler: (request, reply) => answer(request, reply, request.body as Posted),
        errorHandler: (error: FastifyError, request, reply) => {
          if (!error.code?.startsWith("FST_ERR_CTP_")) throw error;
          void answer(request, reply, { refused: error.statusCode ?? 400 });
        },
      });
    }
    return Promise.resolve();
  };
