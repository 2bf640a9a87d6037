import type { IncomingMessage, ServerResponse } from "node:http";
import { parseVitalsReport } from "../../src/lib/vitals";
import { BodyTooLarge, discardRest, readBody } from "../service/body";
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

/** POST /api/vitals: check a page's report and store it; 204 once it is committed. */
export function vitalsHandler({ store, routes, limiter, trustProxy, now = Date.now }: Options) {
  const refuse = (res: ServerResponse, status: number, error: string, headers = {}) => {
    res.writeHead(status, {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      ...headers,
    });
    res.end(JSON.stringify({ error }));
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== "POST") {
      discardRest(req);
      return refuse(res, 405, "Send reports with POST.", { Allow: "POST" });
    }
    // sendBeacon sends a string as text/plain; JSON is accepted from other reporters.
    if (!/^(text\/plain|application\/json)\b/i.test(req.headers["content-type"] ?? "")) {
      discardRest(req);
      return refuse(res, 415, "Send the report as text/plain or application/json.");
    }
    const wait = (await limiter?.take(clientAddress(req, trustProxy))) ?? 0;
    if (wait) {
      discardRest(req);
      return refuse(res, 429, `Too many reports: try again in ${wait} s.`, {
        "Retry-After": String(wait),
      });
    }
    let body: Buffer;
    try {
      body = await readBody(req, VITALS_BODY_LIMIT);
    } catch (error) {
      if (error instanceof BodyTooLarge)
        return refuse(res, 413, `A report is at most ${VITALS_BODY_LIMIT} bytes.`);
      throw error;
    }
    const parsed = parseVitalsReport(body.toString("utf8"), routes);
    if ("error" in parsed) return refuse(res, 400, `Not stored: ${parsed.error}.`);
    const { route, connection, device, metrics } = parsed.report;
    await store.append({
      receivedAt: new Date(now()).toISOString(),
      route,
      connection,
      device,
      metrics,
    } satisfies StoredVitals);
    res.writeHead(204, { "Cache-Control": "no-store" });
    res.end();
  };
  return handle;
}
