import type { FastifyError, FastifyPluginAsync, FastifyReply } from "fastify";
import { parseVitalsReport } from "../../src/lib/vitals";
import { mediaType } from "../http/answers";
import { ANY } from "../http/raw";
import type { RateLimit } from "../service/config";
import type { ProxyTrust } from "../service/proxies";
import { clientAddress, type Limiter } from "../service/rateLimit";
import type { StoredVitals, VitalsStore } from "./store";

/** A report is a few hundred bytes; anything much larger is not one. */
const VITALS_BODY_LIMIT = 2048;
/** Reports per client: one per page view, so a burst of 60 and then six a minute is plenty. */
export const VITALS_RATE_LIMIT: RateLimit = { max: 60, windowMs: 10 * 60_000 };

interface Options {
  store: VitalsStore;
  /** The site's pages: a report for any other path is refused. */
  routes: ReadonlySet<string>;
  /** Reports per client (VITALS_RATE_LIMIT's bucket); undefined: no limit. */
  limiter?: Limiter;
  trustProxy: ProxyTrust;
  now?: () => number;
}

/** sendBeacon sends a string as text/plain; JSON is accepted from other reporters. */
const TYPES = ["text/plain", "application/json"];

const refuse = (reply: FastifyReply, status: number, error: string) =>
  reply
    .code(status)
    .header("Content-Type", "application/json; charset=utf-8")
    .header("Cache-Control", "no-store")
    .send(JSON.stringify({ error }));

/**
 * POST /api/vitals: a page's report read by Fastify (at most 2 kB, as text), checked and
 * stored; 204 once it is committed. The method, the type and the client's allowance are
 * checked before the body is read.
 */
export function vitalsRoutes({ store, routes, limiter, trustProxy, now = Date.now }: Options) {
  const plugin: FastifyPluginAsync = (app) => {
    app.removeAllContentTypeParsers();
    for (const type of TYPES)
      app.addContentTypeParser(
        type,
        { parseAs: "string", bodyLimit: VITALS_BODY_LIMIT },
        (_request, body, done) => done(null, body),
      );
    app.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE")
        return refuse(reply, 413, `A report is at most ${VITALS_BODY_LIMIT} bytes.`);
      throw error;
    });
    app.route({
      method: ANY,
      url: "/",
      preParsing: async (request, reply) => {
        if (request.method !== "POST")
          return refuse(reply.header("Allow", "POST"), 405, "Send reports with POST.");
        if (!TYPES.includes(mediaType(request.headers["content-type"])))
          return refuse(reply, 415, "Send the report as text/plain or application/json.");
        const wait = (await limiter?.take(clientAddress(request.raw, trustProxy))) ?? 0;
        if (wait)
          return refuse(
            reply.header("Retry-After", String(wait)),
            429,
            `Too many reports: try again in ${wait} s.`,
          );
      },
      handler: async (request, reply) => {
        const parsed = parseVitalsReport(
          typeof request.body === "string" ? request.body : "",
          routes,
        );
        if ("error" in parsed) return refuse(reply, 400, `Not stored: ${parsed.error}.`);
        const { route, connection, device, metrics } = parsed.report;
        await store.append({
          receivedAt: new Date(now()).toISOString(),
          route,
          connection,
          device,
          metrics,
        } satisfies StoredVitals);
        return reply.code(204).header("Cache-Control", "no-store").send();
      },
    });
    return Promise.resolve();
  };
  return plugin;
}
