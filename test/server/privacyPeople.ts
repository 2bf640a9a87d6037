/**
 * The people the privacy tests export and erase, their leads, and what the tests look for after
 * an erasure: shared by the command's tests (privacy-erase.test.ts) and the desk's
 * (desk-privacy.test.ts).
 */
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { sql, type Kysely } from "kysely";
import { migrate, openDatabase, type DatabaseConfig } from "../../server/db";
import type { Database } from "../../server/db/schema";
import { BookingStore, type Booking } from "../../server/booking/store";

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

/**
 * A new database with PERSON's and OTHER's past consultations in it, stored before the server
 * starts (a clock cannot book the past).
 */
export async function withPastBookings(config: DatabaseConfig) {
  mkdirSync(config.dataDir, { recursive: true });
  const seed = openDatabase(config);
  await migrate(seed.db);
  const past = [pastBooking("past-person", PERSON), pastBooking("past-other", OTHER)];
  await new BookingStore(seed).import(past, past);
  await seed.close();
}

/**
 * Each person's enquiry through the server's own forms, and, for those not `enquiryOnly`, a
 * video consultation (the next free slots in turn) and the open day's registration: their ids,
 * by e-mail address.
 */
export async function sendLeads(origin: string, people: Person[], enquiryOnly: Person[] = []) {
  const { slots } = (await (await fetch(`${origin}/api/booking/slots?mode=video`)).json()) as {
    slots: { start: string }[];
  };
  assert.ok(slots.length >= people.length, "free slots");
  const ids: Record<string, Record<string, string>> = {};
  for (const [i, p] of people.entries()) {
    const base = {
      fullName: p.name,
      email: p.email,
      phone: p.phone,
      country: "Oman",
      interest: "Pre-Masters",
    };
    const enquiry = await form(origin, "/api/enquiry", {
      form: "enquiry",
      ...base,
      message: `A question from ${p.name}`,
    });
    assert.equal(enquiry.status, 200);
    ids[p.email] = { enquiry: ((await enquiry.json()) as { id: string }).id };
    if (enquiryOnly.includes(p)) continue;
    const booking = await form(origin, "/api/booking", {
      form: "booking",
      mode: "video",
      zone: "Europe/London",
      start: slots[i].start,
      ...base,
      message: "",
    });
    assert.equal(booking.status, 201, await booking.clone().text());
    const registration = await form(origin, "/api/events/register", {
      form: "registration",
      event: "open-day",
      zone: "Europe/London",
      ...base,
      interest: "",
    });
    assert.ok(registration.ok, await registration.clone().text());
    ids[p.email].booking = ((await booking.json()) as { booking: { id: string } }).booking.id;
    ids[p.email].registration = ((await registration.json()) as { id: string }).id;
  }
  return ids;
}

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
