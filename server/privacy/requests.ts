/**
 * Requests students send from the link in their acknowledgement e-mail (a copy, or erasure):
 * recorded as pending, never acted on by the link alone (a mail scanner may open links, and
 * anyone may forward an e-mail). Staff confirm them in the desk (or npm run privacy --
 * confirm ID), after checking it is the student asking; a confirmed erasure is then carried
 * out by a server (erase.ts), a copy is made with npm run privacy -- export.
 */
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, PrivacyRequestTable } from "../db/schema";
import { expiresAt } from "../../src/content/retention";
import { normalEmail } from "./strip";

/** The signature of a request link: an HMAC of its purpose and the address (the links' key). */
export const signRequest = (secret: Buffer, email: string) =>
  createHmac("sha256", secret)
    .update(`privacy:${normalEmail(email)}`)
    .digest("base64url");

/** Whether a link's signature is the address's (compared in constant time). */
export function verifyRequest(secret: Buffer, email: string, token: string) {
  const expected = Buffer.from(signRequest(secret, email));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A student's request, pending until staff confirm it; returns its id. */
export async function recordRequest(
  db: Kysely<Database>,
  {
    email,
    kind,
    lang,
    now = new Date(),
  }: { email: string; kind: PrivacyRequestTable["kind"]; lang?: string; now?: Date },
) {
  const id = randomUUID();
  await db
    .insertInto("privacyRequests")
    .values({
      id,
      kind,
      email: normalEmail(email),
      source: "link",
      lang: lang ?? null,
      state: "pending",
      actor: null,
      at: now.toISOString(),
      doneAt: null,
      outcome: null,
    })
    .execute();
  return id;
}

/** The requests waiting for staff, oldest first (the desk lists them). */
export function pendingRequests(db: Kysely<Database>) {
  return db
    .selectFrom("privacyRequests")
    .selectAll()
    .where("state", "=", "pending")
    .orderBy("at")
    .execute();
}

/**
 * Staff confirm a pending request: an erasure becomes one a server carries out, a copy is
 * marked done (staff send the export). Returns a problem, or undefined.
 */
export async function confirmRequest(
  db: Kysely<Database>,
  id: string,
  actor: string,
  now = new Date(),
) {
  const row = await db
    .selectFrom("privacyRequests")
    .select(["kind", "state"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return `No request ${id}.`;
  if (row.state !== "pending") return `Request ${id} is ${row.state}, not pending.`;
  await db
    .updateTable("privacyRequests")
    .set(
      row.kind === "erase"
        ? { state: "confirmed", actor }
        : { state: "done", actor, doneAt: now.toISOString() },
    )
    .where("id", "=", id)
    .where("state", "=", "pending")
    .execute();
  return undefined;
}

/** The day a request is to be answered by: one month after it was made (UK GDPR article 12). */
export const dueBy = (at: string) =>
  expiresAt(new Date(at), { keep: 1, unit: "months" }).toISOString();

/** Requests confirmed or done since `since` (the desk shows them after the pending ones). */
export function recentRequests(db: Kysely<Database>, since: string) {
  return db
    .selectFrom("privacyRequests")
    .selectAll()
    .where("state", "!=", "pending")
    .where("at", ">=", since)
    .orderBy("at", "desc")
    .limit(100)
    .execute();
}

/** One request by its id. */
export const requestById = (db: Kysely<Database>, id: string) =>
  db.selectFrom("privacyRequests").selectAll().where("id", "=", id).executeTakeFirst();
