import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import type { WebhookBody } from "../../server/webhooks";
import { until } from "./process";

/** One request as the test receiver got it, checked as any receiver would. */
export interface Hit {
  id: string;
  timestamp: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The verified, parsed body; undefined when the signature did not verify. */
  message?: WebhookBody;
  error?: string;
  /** What it was answered (0: held, or the connection was cut before an answer). */
  status: number;
  /** Date.now() when it arrived. */
  at: number;
}

/**
 * A real HTTP server in the test process that receives webhooks and verifies each with the
 * standardwebhooks package, as an agency tool would. `answer` decides each reply: a status, or
 * "hold" to keep it unanswered (held until release() or the sender hangs up). listen() again on
 * the same port after close() brings it back.
 */
export function testReceiver(secret: string) {
  const hits: Hit[] = [];
  const held: { hit: Hit; res: ServerResponse }[] = [];
  const state = {
    answer: (() => 200) as (hit: Hit, attempt: number) => number | "hold",
  };
  const verifier = new Webhook(secret);
  let port = 0;
  let server: ReturnType<typeof createServer> | undefined;
  const make = () =>
    createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        const hit: Hit = {
          id: String(req.headers["webhook-id"]),
          timestamp: String(req.headers["webhook-timestamp"]),
          headers: req.headers,
          body,
          status: 0,
          at: Date.now(),
        };
        try {
          if (req.method !== "POST") throw new Error(`method ${req.method}`);
          if (req.headers["content-type"] !== "application/json")
            throw new Error(`content-type ${req.headers["content-type"]}`);
          hit.message = verifier.verify(body, req.headers as Record<string, string>) as WebhookBody;
        } catch (error) {
          hit.error = String(error);
        }
        const attempt = hits.filter((h) => h.id === hit.id).length + 1;
        hits.push(hit);
        const answer = hit.message ? state.answer(hit, attempt) : 400;
        if (answer === "hold") {
          held.push({ hit, res });
          return;
        }
        hit.status = answer;
        res.writeHead(answer, { "content-type": "text/plain" }).end(answer < 300 ? "ok" : "no");
      });
    });
  return {
    hits,
    state,
    get held() {
      return held.length;
    },
    get url() {
      return `http://127.0.0.1:${port}/hooks/eastgate`;
    },
    /** Verified and answered 2xx: what a receiver keeps. */
    get accepted() {
      return hits.filter((h) => h.message && h.status >= 200 && h.status < 300);
    },
    async listen(on = port) {
      server = make();
      await new Promise<void>((done) => server!.listen(on, "127.0.0.1", done));
      port = (server.address() as AddressInfo).port;
    },
    /** Answer every held request with 200. */
    release() {
      for (const { hit, res } of held.splice(0)) {
        hit.status = 200;
        res.writeHead(200).end("ok");
      }
    },
    /** Accepted messages of these ids, at least `n` of them, within `ms`. */
    waitFor(n: number, ms = 20_000) {
      return until(
        () => this.accepted.length >= n && this.accepted,
        ms,
        () => `${this.accepted.length} of ${n} accepted; ${hits.length} hits`,
      );
    },
    async close() {
      held.splice(0);
      if (!server) return;
      server.closeAllConnections();
      await new Promise((done) => server!.close(done));
      server = undefined;
    },
  };
}

/** A fresh Standard Webhooks secret. */
export const newSecret = () =>
  `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64")}`;
