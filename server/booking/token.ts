import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * The key manage links are signed with: BOOKING_SECRET, or one generated on first use and kept
 * beside the data (readable by the server's user only), so links survive restarts.
 */
export function bookingSecret(fromEnv: string | undefined, file: string): Buffer {
  if (fromEnv) return Buffer.from(fromEnv, "utf8");
  try {
    return Buffer.from(readFileSync(file, "utf8").trim(), "hex");
  } catch {
    mkdirSync(dirname(file), { recursive: true });
    const secret = randomBytes(32).toString("hex");
    try {
      writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    } catch {
      // Another process wrote it first: use theirs.
      return Buffer.from(readFileSync(file, "utf8").trim(), "hex");
    }
    return Buffer.from(secret, "hex");
  }
}

/** The token of a booking's manage link: an HMAC of its id, unguessable without the secret. */
export const signBooking = (secret: Buffer, id: string) =>
  createHmac("sha256", secret).update(`booking:${id}`).digest("base64url");

/** Whether a token is the booking's (compared in constant time). */
export function verifyBooking(secret: Buffer, id: string, token: string) {
  const expected = Buffer.from(signBooking(secret, id));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
