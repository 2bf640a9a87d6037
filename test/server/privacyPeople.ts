/**
 * The people the privacy tests export and erase, and what they look for after an erasure: shared
 * by the command's tests (privacy-erase.test.ts) and the desk's (desk-privacy.test.ts).
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../../server/db/schema";
import type { Booking } from "../../server/booking/store";

export interface Person {
  name: string;
  email: string;
  phone: string;
}
export const PERSON: Person = {
  name: "Zara Quillfeather",
  email: "zara.quill@example.com",
  phone: "+44 7700 900417",
};
export const OTHER: Person = {
  name: "Omar Lindqvist",
  email: "omar.lind@example.org",
  phone: "+44 7700 900582",
};

export const form = (origin: string, path: string, fields: Record<string, string>) =>
  fetch(`${origin}${path}`, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });

/** A consultation that ended a month ago, as the booking store keeps it. */
export const pastBooking = (id: string, p: Person): Booking => {
  const start = new Date(Date.now() - 30 * 86_400_000).toISOString();
  return {
    id,
    sequence: 0,
    state: "booked",
    createdAt: start,
    updatedAt: start,
    mode: "video",
    start,
    end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
    zone: "Europe/London",
    fullName: p.name,
    email: p.email,
    phone: p.phone,
    country: "Oman",
    interest: "Foundation",
    message: `Past question from ${p.name}`,
  };
};

/** Every row of every table, as text: the search after an erasure. */
export async function dumpAll(db: Kysely<Database>) {
  const tables = await db.introspection.getTables();
  const out: string[] = [];
  for (const t of tables) {
    const rows = await sql`select * from ${sql.table(t.name)}`.execute(db);
    out.push(`${t.name}: ${JSON.stringify(rows.rows)}`);
  }
  return out.join("\n").toLowerCase();
}

export const traces = (p: Person) => [p.email, p.name, p.phone];
