import type { IncomingMessage } from "node:http";

/** Largest enquiry body accepted; a full form at every field's limit is under 8 kB. */
export const BODY_LIMIT = 16 * 1024;
/** A refused request's body is read and dropped, up to this much; past it the client is cut off. */
const DISCARD_LIMIT = 1024 * 1024;

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
