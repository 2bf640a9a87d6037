/**
 * The server's HTTP side, on Fastify: the hooks every request goes through (its id, the headers
 * of `_headers`, the request log and metrics, the stop), the probes, each feature's plugin under
 * its prefix (server/app.ts lists them), and the built site's files for everything else.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import { headersFor, type HeaderRule } from "../../src/build/headers";
import { BODY_LIMIT } from "../service/body";
import type { Logger } from "../service/log";
import type { Metrics } from "../service/metrics";
import type { Feature } from "../service/feature";
import { ENQUIRY_PATH, HEALTH_PATH, METRICS_PATH, READY_PATH } from "../service/paths";
import type { ProxyTrust } from "../service/proxies";
import type { siteSearch } from "../search";
import { FILES, files } from "./files";
import { probes, type ProbeOptions } from "./probes";

export interface HttpOptions extends Omit<ProbeOptions, "metrics"> {
  log: Logger;
  /** Whose X-Forwarded-For is believed (the request log's client address). */
  trust: ProxyTrust;
  dist: string;
  dev: boolean;
  /** The built `_headers` rules, applied to every answer by its path. */
  headerRules: HeaderRule[];
  metrics: Metrics;
  search: ReturnType<typeof siteSearch>;
  /** Each registered as its own plugin, under its prefix. */
  features: readonly Feature[];
}

/** A request id a client or proxy may pass on (X-Request-Id); anything else is replaced. */
const REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;
/** Answers for machines: none of the pages' headers. */
const PROBES = new Set([HEALTH_PATH, READY_PATH, METRICS_PATH]);

/**
 * One line per request, once it is answered, and its count and duration in the metrics: the
 * route and path, never the query (the e-mailed links' tokens, a search), the body, nor the
 * client's address (personal data too; the rate limits keep it in the database, for their window).
 */
class RequestLog extends LogController {
  constructor(private readonly metrics: Metrics) {
    super({ requestIdLogLabel: "reqId" });
  }

  override incomingRequest() {}

  override routeNotFound() {}

  override requestCompleted(_error: unknown, request: FastifyRequest, reply: FastifyReply) {
    const route = request.routeOptions.url ?? "(not found)";
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    this.metrics.observe(route, request.method, status, ms / 1000);
    request.log.info(
      {
        method: request.method,
        route,
        path: request.url.split("?")[0],
        status,
        ms: Math.round(ms * 10) / 10,
      },
      "request",
    );
  }
}

export function createHttp(options: HttpOptions) {
  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  let booted = false;
  // A request that comes while the routes are still being registered waits for them.
  const server = createServer((req, res) => {
    if (booted) handle?.(req, res);
    else void ready.then(() => handle?.(req, res));
  });
  const app = Fastify({
    loggerInstance: options.log,
    logController: new RequestLog(options.metrics),
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    },
    trustProxy: (address) => options.trust(address),
    // /api/enquiry/ is /api/enquiry, as every endpoint always was.
    routerOptions: { ignoreTrailingSlash: true },
    exposeHeadRoutes: true,
    // The stop is main.ts's: /readyz 503, connections closed after their answer.
    return503OnClosing: false,
    serverFactory: (handler) => {
      handle = handler;
      return server;
    },
  });

  // "Expect: 100-continue" with a body over the limit: refused before the client sends it.
  server.on("checkContinue", (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? "/").split("?")[0].replace(/(.)\/$/, "$1");
    if (path === ENQUIRY_PATH && Number(req.headers["content-length"]) > BODY_LIMIT)
      res.setHeader("Connection", "close");
    else res.writeContinue();
    server.emit("request", req, res);
  });

  app.addHook("onRequest", (request, reply, done) => {
    const res = reply.raw;
    // Sent back when the request came with one (a proxy tying its log to ours), and on every
    // answer the server makes itself; the site's files stay as a CDN would send them (an
    // asset's headers are held under 850 bytes: test/browser/headers.test.ts).
    if (request.headers["x-request-id"] || request.routeOptions.url !== FILES)
      res.setHeader("X-Request-Id", request.id);
    // Stopping: each answer closes its connection, so no client sends another request down a
    // kept-alive one to a process about to close its database; the next goes to another process.
    if (options.state() === "stopping") res.setHeader("Connection", "close");
    const path = request.url.split("?")[0];
    if (!PROBES.has(path))
      for (const [name, value] of Object.entries(headersFor(options.headerRules, path)))
        res.setHeader(name, value);
    done();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, "Request failed");
    return reply
      .code(status)
      .header("Cache-Control", "no-store")
      .send(status >= 500 ? "" : error.message);
  });

  void app.register(probes, options);
  for (const { routes, prefix } of options.features)
    if (routes) void app.register(routes, { prefix });
  void app.register(files, options);

  const ready = app.ready().then(() => {
    booted = true;
  });
  return { app, server, ready };
}
