import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import { HEALTH_PATH, METRICS_PATH, READY_PATH } from "../service/paths";
import type { Metrics } from "../service/metrics";

export interface ProbeOptions {
  /** Started (schema migrated, what was pending resumed) and not stopping. */
  state: () => "ok" | "starting" | "stopping";
  /** The database answers and takes a write, within a bounded time; throws why not. */
  check: () => Promise<void>;
  metrics: Metrics;
  /** METRICS_TOKEN: /metrics answers only with `Authorization: Bearer` it; unset: 404. */
  metricsToken?: string;
}

const plain = (reply: FastifyReply, status: number, text: string) =>
  reply
    .code(status)
    .header("Content-Type", "text/plain; charset=utf-8")
    .header("Cache-Control", "no-store")
    .send(`${text}\n`);

/**
 * /healthz: the process answers (liveness). /readyz: started, not stopping, and the database
 * answers and takes a write now (a load balancer's check). /metrics: for the operator only.
 */
export function probes(app: FastifyInstance, options: ProbeOptions, done: (error?: Error) => void) {
  app.get(HEALTH_PATH, (_request, reply) => plain(reply, 200, "ok"));

  app.get(READY_PATH, async (request, reply) => {
    const state = options.state();
    if (state !== "ok") return plain(reply, 503, state);
    try {
      await options.check();
    } catch (error) {
      request.log.warn(
        { reason: error instanceof Error ? error.message : String(error) },
        "Not ready: the database does not answer",
      );
      return plain(reply, 503, "database unavailable");
    }
    return plain(reply, 200, "ok");
  });

  const expected = options.metricsToken && Buffer.from(`Bearer ${options.metricsToken}`);
  app.get(METRICS_PATH, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? "");
    // Without a token set, there are no metrics to find; a wrong one is told nothing more.
    if (!expected) return reply.callNotFound();
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return reply
        .code(401)
        .header("WWW-Authenticate", 'Bearer realm="metrics"')
        .header("Cache-Control", "no-store")
        .send();
    const text = await options.metrics.text();
    return reply
      .header("Content-Type", options.metrics.contentType)
      .header("Cache-Control", "no-store")
      .send(text);
  });
  done();
}
