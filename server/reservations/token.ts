import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Kysely } from "kysely";
import type { Database } from "../db";

/**
 * The key manage links are signed with: BOOKING_SECRET, else one kept in the database (made
 * once, or taken from the data folder's `booking-secret` file that earlier versions made), so
 * a restored backup of the database opens every link already e-mailed.
 */
export class LinkSecret {
  #key: Buffer | undefined;
  /** Resolves to the key once the database is ready and the key read from it. */
  readonly loaded: Promise<Buffer>;

  constructor(load: Promise<Buffer>) {
    this.loaded = load.then((key) => (this.#key = key));
    // Whoever needs the key awaits `loaded` and sees a failure; none may end the process here.
    this.loaded.catch(() => {});
  }

  /** The key, once `loaded` has resolved (a reservation read from a store means it has). */
  get key(): Buffer {
    if (!this.#key) throw new Error("the manage links' key is not loaded yet");
    return this.#key;
  }
}

/** The database's key, per database: booking and events share one load (and one log line). */
const loads = new WeakMap<object, Promise<Buffer>>();

/**
 * The links' key: `fromEnv` when set; else the database's, once `ready` (the schema migrated).
 * `legacyFile` is the `booking-secret` file of a data folder, moved into the database the first
 * time, so links e-mailed before the upgrade still open.
 */
export function linkSecret(
  fromEnv: string | undefined,
  legacyFile: string,
  db: Kysely<Database>,
  ready: Promise<unknown>,
) {
  if (fromEnv) return new LinkSecret(ready.then(() => Buffer.from(fromEnv, "utf8")));
  let load = loads.get(db);
  if (!load) {
    load = ready.then(() => storedSecret(db, legacyFile));
    loads.set(db, load);
  }
  return new LinkSecret(load);
}

/** The `booking` key in the database, put there first if it is not (from the file, or new). */
async function storedSecret(db: Kysely<Database>, legacyFile: string) {
  const read = () =>
    db.selectFrom("secrets").select("value").where("name", "=", "booking").executeTakeFirst();
  const stored = await read();
  if (stored) return Buffer.from(stored.value, "hex");
  const fromFile = readLegacy(legacyFile);
  const inserted = await db
    .insertInto("secrets")
    .values({
      name: "booking",
      value: fromFile ?? randomBytes(32).toString("hex"),
      createdAt: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column("name").doNothing())
    .executeTakeFirst();
  if (fromFile && Number(inserted.numInsertedOrUpdatedRows))
    console.log(
      `The manage links' key from ${legacyFile} is now kept in the database (backed up with it); the file is no longer needed.`,
    );
  // Another process may have put its own first: everyone uses the one stored.
  const now = await read();
  if (!now) throw new Error("the manage links' key could not be stored in the database");
  return Buffer.from(now.value, "hex");
}

/** The hex text of an earlier version's key file, or undefined if there is none. */
function readLegacy(file: string) {
  try {
    return readFileSync(file, "utf8").trim() || undefined;
  } catch {
    return undefined;
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
