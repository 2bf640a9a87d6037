import type { IncomingMessage } from "node:http";

/** Largest enquiry body accepted; a full form at every field's limit is under 8 kB. */
export const BODY_LIMIT = 16 * 1024;
/** Past the limit the rest is read and dropped (so the client sees the 413), up to this much. */
const DISCARD_LIMIT = 1024 * 1024;

export class BodyTooLarge extends Error {
  constructor() {
    super("Request body too large");
  }
}

/** The request body, or BodyTooLarge as soon as it passes the limit: never more is kept. */
export function readBody(req: IncomingMessage, limit = BODY_LIMIT): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers["content-length"]) > limit) {
      discardRest(req, 0);
      return reject(new BodyTooLarge());
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      cleanup();
      chunks.length = 0;
      discardRest(req, size - limit);
      reject(new BodyTooLarge());
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onClose);
    };
    const onClose = () => {
      if (!req.complete) onError(new Error("Request aborted"));
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("close", onClose);
  });
}

/** Drop the rest of a refused body without keeping it; a client that goes on and on is cut off. */
export function discardRest(req: IncomingMessage, already = 0) {
  let dropped = already;
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DISCARD_LIMIT) req.socket.destroy();
  });
  req.on("error", () => {});
  req.resume();
}
