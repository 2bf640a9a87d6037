/**
 * A copy of everything held about an address (UK GDPR article 15): its enquiries, bookings
 * and registrations with every version, the e-mails sent about them and their states, the
 * webhooks sent and their states, and the privacy requests made for it. Reads only; the CLI
 * (npm run privacy -- export) and the desk print it as text or JSON.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { normalEmail } from "./strip";

export interface DeliveryEntry {
  outbox: string;
  /** The record's id (a webhook's message id). */
  id: string;
  /** Which e-mail ("ack", "student.1"), or for a webhook the receiver. */
  mail: string;
  state: string;
  at: string;
  attempts: number;
  reason?: string;
  /** A webhook's type (booking.created...). */
  type?: string;
}

export interface PersonExport {
  email: string;
  exportedAt: string;
  enquiries: {
    id: string;
    receivedAt: string;
    form: string;
    lang?: string;
    campaign?: string;
    fields: Record<string, unknown>;
  }[];
  bookings: { id: string; current: Record<string, unknown>; versions: Record<string, unknown>[] }[];
  registrations: {
    id: string;
    current: Record<string, unknown>;
    versions: Record<string, unknown>[];
  }[];
  emails: DeliveryEntry[];
  webhooks: DeliveryEntry[];
  requests: {
    id: string;
    kind: string;
    source: string;
    state: string;
    at: string;
    doneAt?: string;
  }[];
  /** The desk's private notes on their leads, with who wrote each (staff's name). */
  notes: { at: string; by: string; text: string; kind: string; lead: string }[];
  /** Their leads as the desk works them: status, who has it, when it last changed. */
  desk: { kind: string; id: string; status: string; assignee?: string; updatedAt: string }[];
}

/** Everything held about `email`; nothing about anyone else. */
export async function exportPerson(
  db: Kysely<Database>,
  email: string,
  { now = new Date() }: { now?: Date } = {},
): Promise<PersonExport> {
  const address = normalEmail(email);
  const records = await personRecords(db, address);
  const enquiries = records.enquiries.map((e) => ({
    id: e.id,
    receivedAt: e.receivedAt,
    form: e.form,
    ...(e.lang ? { lang: e.lang } : {}),
    ...(e.campaign ? { campaign: e.campaign } : {}),
    fields: JSON.parse(e.fields) as Record<string, unknown>,
  }));
  const reservations = await Promise.all(
    records.reservations.map(async (r) => ({
      kind: r.kind,
      id: r.id,
      current: JSON.parse(r.data) as Record<string, unknown>,
      versions: (
        await db
          .selectFrom("reservationVersions")
          .select("data")
          .where("id", "=", r.id)
          .orderBy("sequence")
          .execute()
      ).map((v) => JSON.parse(v.data) as Record<string, unknown>),
    })),
  );
  const ids = [...records.enquiries.map((e) => e.id), ...records.reservations.map((r) => r.id)];
  const deliveries = ids.length
    ? await db
        .selectFrom("deliveries")
        .selectAll()
        .where((eb) =>
          eb.or([
            eb.and([eb("outbox", "!=", "webhooks"), eb("id", "in", ids)]),
            eb.and([
              eb("outbox", "=", "webhooks"),
              eb.or(ids.map((id) => eb("id", "like", `msg_${id}_%`))),
            ]),
          ]),
        )
        .orderBy("at")
        .execute()
    : [];
  // Webhooks about the address itself (person.erased), found by what they carry.
  const erasures = await db
    .selectFrom("deliveries")
    .selectAll()
    .where("outbox", "=", "webhooks")
    .where("id", "like", "msg_%_person.erased%")
    .execute();
  const entry = (d: (typeof deliveries)[number]): DeliveryEntry => {
    const type = d.outbox === "webhooks" ? webhookType(d.item, d.id) : undefined;
    return {
      outbox: d.outbox,
      id: d.id,
      mail: d.mail,
      state: d.state,
      at: d.at,
      attempts: d.attempts,
      ...(d.reason ? { reason: d.reason } : {}),
      ...(type ? { type } : {}),
    };
  };
  const requests = await db
    .selectFrom("privacyRequests")
    .selectAll()
    .where("email", "=", address)
    .orderBy("at")
    .execute();
  return {
    email: address,
    exportedAt: now.toISOString(),
    enquiries,
    bookings: reservations
      .filter((r) => r.kind === "booking")
      .map((r) => ({ id: r.id, current: r.current, versions: r.versions })),
    registrations: reservations
      .filter((r) => r.kind === "registration")
      .map((r) => ({ id: r.id, current: r.current, versions: r.versions })),
    emails: deliveries.filter((d) => d.outbox !== "webhooks").map(entry),
    webhooks: [
      ...deliveries.filter((d) => d.outbox === "webhooks"),
      ...erasures.filter((d) => d.item?.toLowerCase().includes(`"${address}"`)),
    ].map(entry),
    requests: requests.map((r) => ({
      id: r.id,
      kind: r.kind,
      source: r.source,
      state: r.state,
      at: r.at,
      ...(r.doneAt ? { doneAt: r.doneAt } : {}),
    })),
    ...(await deskRecords(db, ids)),
  };
}

/** What the desk holds on these leads: their work state and staff's notes (staff by name). */
async function deskRecords(db: Kysely<Database>, ids: string[]) {
  if (!ids.length) return { notes: [], desk: [] };
  const staff = new Map(
    (await db.selectFrom("staff").select(["id", "name"]).execute()).map((s) => [s.id, s.name]),
  );
  const notes = await db
    .selectFrom("leadNotes")
    .selectAll()
    .where("leadId", "in", ids)
    .orderBy("at")
    .execute();
  const states = await db
    .selectFrom("leadStates")
    .select(["kind", "id", "status", "assignee", "updatedAt"])
    .where("id", "in", ids)
    .orderBy("receivedAt")
    .execute();
  return {
    notes: notes.map((n) => ({
      at: n.at,
      by: staff.get(n.staffId) ?? n.staffId,
      text: n.text,
      kind: n.kind,
      lead: n.leadId,
    })),
    desk: states.map((s) => ({
      kind: s.kind,
      id: s.id,
      status: s.status,
      ...(s.assignee ? { assignee: staff.get(s.assignee) ?? s.assignee } : {}),
      updatedAt: s.updatedAt,
    })),
  };
}

function webhookType(item: string | null, id: string) {
  try {
    if (item) return (JSON.parse(item) as { body: { type: string } }).body.type;
  } catch {
    // fall through: the id says it
  }
  return /^msg_.+?_([a-z]+\.[a-z]+)/.exec(id)?.[1];
}

/**
 * The rows that are the address's: enquiries whose posted e-mail is it (found by a text search
 * of the JSON, then checked field by field: a LIKE's _ and % match more, never less), bookings and registrations kept under it.
 */
export async function personRecords(db: Kysely<Database>, address: string) {
  const candidates = await db
    .selectFrom("enquiries")
    .selectAll()
    .where((eb) => eb(eb.fn("lower", ["fields"]), "like", `%${address}%`))
    .orderBy("receivedAt")
    .execute();
  const enquiries = candidates.filter((e) => {
    const fields = JSON.parse(e.fields) as Record<string, unknown>;
    return typeof fields.email === "string" && normalEmail(fields.email) === address;
  });
  const reservations = await db
    .selectFrom("reservations")
    .selectAll()
    .where("email", "=", address)
    .orderBy("id")
    .execute();
  return { enquiries, reservations };
}

/** The copy as text a person reads: each record and its history, then what was sent. */
export function formatExport(copy: PersonExport): string {
  const lines = [
    `Everything Eastgate Education holds about ${copy.email}, as of ${copy.exportedAt}`,
    "",
  ];
  const fields = (record: Record<string, unknown>, indent = "    ") =>
    Object.entries(record)
      .filter(([, v]) => v !== undefined && v !== null && v !== "")
      .map(([k, v]) => `${indent}${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`);
  lines.push(`Enquiries (${copy.enquiries.length})`);
  for (const e of copy.enquiries) {
    lines.push(
      `  ${e.receivedAt}  ${e.form} form${e.campaign ? `, campaign ${e.campaign}` : ""}  [${e.id}]`,
    );
    lines.push(...fields(e.fields));
  }
  for (const [title, list] of [
    ["Consultation bookings", copy.bookings],
    ["Event registrations", copy.registrations],
  ] as const) {
    lines.push("", `${title} (${list.length})`);
    for (const r of list) {
      lines.push(`  [${r.id}] now:`);
      lines.push(...fields(r.current));
      if (r.versions.length > 1)
        lines.push(
          `    history: ${r.versions.map((v) => `${String(v.state)} at ${String(v.updatedAt)}`).join("; ")}`,
        );
    }
  }
  lines.push("", `E-mails sent to them (${copy.emails.length})`);
  for (const d of copy.emails)
    lines.push(
      `  ${d.at}  ${d.outbox} ${d.id} ${d.mail}: ${d.state}${d.reason ? ` (${d.reason})` : ""}`,
    );
  lines.push("", `Webhooks sent to the agency's tools (${copy.webhooks.length})`);
  for (const d of copy.webhooks)
    lines.push(`  ${d.at}  ${d.type ?? d.id} to ${d.mail}: ${d.state}`);
  lines.push("", `Privacy requests (${copy.requests.length})`);
  for (const r of copy.requests)
    lines.push(`  ${r.at}  ${r.kind} (${r.source}): ${r.state}${r.doneAt ? ` ${r.doneAt}` : ""}`);
  lines.push("", `On the staff desk (${copy.desk.length})`);
  for (const d of copy.desk)
    lines.push(
      `  ${d.kind} ${d.id}: ${d.status}${d.assignee ? `, with ${d.assignee}` : ""}, last changed ${d.updatedAt}`,
    );
  lines.push("", `Advisers' notes (${copy.notes.length})`);
  for (const n of copy.notes) lines.push(`  ${n.at}  ${n.by} on ${n.kind} ${n.lead}: ${n.text}`);
  return `${lines.join("\n")}\n`;
}
