import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** A new random token (32 bytes, base64url): what a browser or an e-mail holds. */
export const randomToken = () => randomBytes(32).toString("base64url");

/** What the database keeps of a token: its SHA-256, hex. */
export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** HMAC-SHA-256 of `message` under `key`, base64url. */
export const hmac = (key: string | Buffer, message: string) =>
  createHmac("sha256", key).update(message).digest("base64url");

/** A key of this process's, for comparing secrets in constant time (never stored). */
const comparisonKey = randomBytes(32);

/**
 * Whether two secrets are equal, in constant time whatever their lengths: their HMACs under a
 * random key (equal lengths) are compared with timingSafeEqual.
 */
export function sameSecret(given: string, expected: string) {
  const a = createHmac("sha256", comparisonKey).update(given).digest();
  const b = createHmac("sha256", comparisonKey).update(expected).digest();
  return timingSafeEqual(a, b) && given.length > 0;
}
