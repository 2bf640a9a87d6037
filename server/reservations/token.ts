import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * The key manage links are signed with: BOOKING_SECRET, or one generated on first use and kept
 * beside the data (readable by the server's user only), so links survive restarts.
 */
export function linkSecret(fromEnv: string | undefined, file: string): Buffer {
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

/** What a link manages: its kind is signed too, so a booking's token opens no registration. */
export type LinkKind = "booking" | "registration";

/** The token of a manage link: an HMAC of kind and id, unguessable without the secret. */
export const signLink = (secret: Buffer, kind: LinkKind, id: string) =>
  createHmac("sha256", secret).update(`${kind}:${id}`).digest("base64url");

/** Whether a token is the reservation's (compared in constant time). */
export function verifyLink(secret: Buffer, kind: LinkKind, id: string, token: string) {
  const expected = Buffer.from(signLink(secret, kind, id));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
