import { createHash } from "node:crypto";
import { existsSync, readFileSync, renameSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Kysely } from "kysely";
import {
  BookingStore,
  bookingsFileFor,
  readBookings,
  readBookingVersions,
  staffFileFor,
} from "../booking/store";
import {
  readRegistrations,
  readRegistrationVersions,
  RegistrationStore,
  registrationsFileFor,
  eventsStaffFileFor,
  scheduleFileFor,
} from "../events/store";
import { importEventVersions, readEventVersionFile } from "../events/schedule";
import { StaffRequests } from "../reservations/staffRequests";
import type { Database, OutboxName } from "./schema";
import { mailKey, requeueApplies, requeueRow, type DeliveryRecord } from "../outbox/outbox";
import { readJsonLines } from "./jsonl";
import { EnquiryStore, readEnquiryFile } from "../enquiries/store";
import { storedVitalsFrom, VitalsStore } from "../vitals/store";
import type { OpenDatabase } from ".";

/** What one old file gave: how many records it held, how many were new, where it was set aside. */
export interface Imported {
  file: string;
  read: number;
  added: number;
  aside: string;
}

/**
 * The records of an old JSON-lines file (what the server kept before the database), stored
 * once each (by id: a crash before the rename only repeats a no-op), then the file is set
 * aside as FILE.imported so the next start does not read it again. Undefined: no such file.
 */
async function importFile(
  file: string,
  store: (file: string) => Promise<{ read: number; added: number }>,
): Promise<Imported | undefined> {
  if (!statSync(file, { throwIfNoEntry: false })?.isFile()) return undefined;
  const { read, added } = await store(file);
  let aside = `${file}.imported`;
  for (let n = 2; existsSync(aside); n++) aside = `${file}.imported.${n}`;
  renameSync(file, aside);
  return { file, read, added, aside };
}

export const importEnquiryFile = (store: EnquiryStore, file: string) =>
  importFile(file, async (f) => {
    const enquiries = readEnquiryFile(f);
    return { read: enquiries.length, added: await store.import(enquiries) };
  });

/** Bookings: the latest state of each, and every version (the webhooks' history). */
export const importBookingFile = (store: BookingStore, file: string) =>
  importFile(file, async (f) => {
    const latest = readBookings(f);
    return { read: latest.length, added: await store.import(latest, readBookingVersions(f)) };
  });

/** Registrations: the latest state of each, and every version. */
export const importRegistrationFile = (store: RegistrationStore, file: string) =>
  importFile(file, async (f) => {
    const latest = readRegistrations(f);
    return { read: latest.length, added: await store.import(latest, readRegistrationVersions(f)) };
  });

/** The Web Vitals reports earlier versions kept beside the enquiries file (data/vitals.jsonl). */
export const vitalsFileFor = (dataFile: string) => join(dirname(dataFile), "vitals.jsonl");

/**
 * The reports of an old vitals.jsonl, stored in one transaction that also records the file's
 * SHA-256: the same content again (a crash before the rename, a copy restored by hand) adds
 * nothing (reports have no id to tell them apart).
 */
export const importVitalsFile = (store: VitalsStore, file: string) =>
  importFile(file, async (f) => {
    const sha256 = createHash("sha256").update(readFileSync(f)).digest("hex");
    const reports = readJsonLines(f)
      .map(storedVitalsFrom)
      .filter((r) => r !== undefined);
    return { read: reports.length, added: await store.import(reports, { sha256, file: f }) };
  });

/** Each event's announced version (the latest line of each), where no process has announced one. */
export const importEventVersionFile = (db: Kysely<Database>, file: string) =>
  importFile(file, async (f) => {
    const versions = readEventVersionFile(f);
    return { read: versions.length, added: await importEventVersions(db, versions) };
  });

/**
 * Staff's requests (cancel a booking, an event): all of them again, as open requests; one
 * carried out before is a no-op the second time (a cancelled booking stays cancelled).
 */
export const importStaffFile = (requests: StaffRequests, kind: "booking" | "event", file: string) =>
  importFile(file, async (f) => {
    const asked = readJsonLines(f).flatMap((r) => {
      const target = kind === "booking" ? r.id : r.event;
      return typeof target === "string" && typeof r.at === "string" && r.action === "cancel"
        ? [{ target, at: new Date(r.at) }]
        : [];
    });
    for (const { target, at } of asked) await requests.ask(kind, target, at);
    return { read: asked.length, added: asked.length };
  });

/** Every whole record of an old outbox file (DATA_DIR/enquiries.outbox.jsonl...), oldest first. */
export const readOutboxFile = (file: string) =>
  readJsonLines(file).filter(
    (r): r is DeliveryRecord & Record<string, unknown> =>
      typeof r.id === "string" &&
      typeof r.mail === "string" &&
      typeof r.state === "string" &&
      typeof r.at === "string",
  );

/**
 * An old outbox file: the latest record of each e-mail (webhook), where the table has no row
 * for it yet (one there is newer: a crash before the rename only repeats a no-op), so nothing
 * recorded as sent goes again and nothing pending is dropped.
 */
export const importOutboxFile = (db: Kysely<Database>, outbox: OutboxName, file: string) =>
  importFile(file, async (f) => {
    const latest = new Map<string, DeliveryRecord>();
    for (const r of readOutboxFile(f)) latest.set(mailKey(r.id, r.mail), r);
    const added = await db.transaction().execute(async (trx) => {
      let added = 0;
      for (const r of latest.values()) {
        const result = await trx
          .insertInto("deliveries")
          .values({
            outbox,
            id: r.id,
            mail: r.mail,
            state: r.state,
            at: r.at,
            reply: typeof r.reply === "string" ? r.reply : null,
            reason: typeof r.reason === "string" ? r.reason : null,
            attempts: typeof r.attempts === "number" ? r.attempts : 0,
            since: typeof r.since === "string" ? r.since : null,
          })
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        added += Number(result.numInsertedOrUpdatedRows);
      }
      return added;
    });
    return { read: latest.size, added };
  });

/**
 * Staff's re-queues of an old requeue file (DATA_DIR/enquiries.requeue.jsonl...), applied as
 * the server applied them: to an e-mail still flagged from before it was asked for.
 */
export const importRequeueFile = (db: Kysely<Database>, outbox: OutboxName, file: string) =>
  importFile(file, async (f) => {
    const asked = readJsonLines(f).flatMap((r) =>
      typeof r.id === "string" && typeof r.mail === "string" && typeof r.at === "string"
        ? [{ id: r.id, mail: r.mail, at: r.at }]
        : [],
    );
    const added = await db.transaction().execute(async (trx) => {
      let added = 0;
      for (const requeue of asked) {
        const row = await trx
          .selectFrom("deliveries")
          .select(["state", "at"])
          .where("outbox", "=", outbox)
          .where("id", "=", requeue.id)
          .where("mail", "=", requeue.mail)
          .executeTakeFirst();
        if (!requeueApplies(row && { ...requeue, ...row }, requeue)) continue;
        await requeueRow(trx, { outbox, id: requeue.id, mail: requeue.mail }, requeue.at);
        added += 1;
      }
      return added;
    });
    return { read: asked.length, added };
  });

/** The outboxes, by the name their old files took: DATA_DIR/NAME.outbox.jsonl */
const OUTBOXES: OutboxName[] = ["enquiries", "bookings", "registrations", "webhooks"];

/** Every old file of a data folder that has a table now, by what it held. */
const oldFiles = (dataFile: string) => ({
  enquiries: dataFile,
  bookings: bookingsFileFor(dataFile),
  registrations: registrationsFileFor(dataFile),
  vitals: vitalsFileFor(dataFile),
  eventVersions: scheduleFileFor(dataFile),
  bookingRequests: staffFileFor(dataFile),
  eventRequests: eventsStaffFileFor(dataFile),
  // The enquiries' took its name from the enquiries file, the others sit beside it.
  outbox: (name: OutboxName) =>
    name === "enquiries"
      ? `${dataFile.replace(/\.jsonl$/, "")}.outbox.jsonl`
      : join(dirname(dataFile), `${name}.outbox.jsonl`),
  requeue: (name: OutboxName) =>
    name === "enquiries"
      ? `${dataFile.replace(/\.jsonl$/, "")}.requeue.jsonl`
      : join(dirname(dataFile), `${name}.requeue.jsonl`),
});

/**
 * Moves whatever old files a data folder (named by its enquiries file) still has into the
 * database, once each, and says what it did, a line per file.
 */
export async function importOldFiles(
  database: Pick<OpenDatabase, "db" | "exclusive" | "location" | "engine">,
  dataFile: string,
) {
  const files = oldFiles(dataFile);
  const found: [string, Imported | undefined][] = [
    ["enquiries", await importEnquiryFile(new EnquiryStore(database.db), files.enquiries)],
    ["bookings", await importBookingFile(new BookingStore(database), files.bookings)],
    [
      "registrations",
      await importRegistrationFile(new RegistrationStore(database), files.registrations),
    ],
    [
      "Web Vitals reports",
      await importVitalsFile(new VitalsStore(database.db, database.engine), files.vitals),
    ],
    ["event versions", await importEventVersionFile(database.db, files.eventVersions)],
    [
      "staff requests about bookings",
      await importStaffFile(new StaffRequests(database.db), "booking", files.bookingRequests),
    ],
    [
      "staff requests about events",
      await importStaffFile(new StaffRequests(database.db), "event", files.eventRequests),
    ],
  ];
  // Delivery state after the items it is about; re-queues after the records they apply to.
  for (const name of OUTBOXES)
    found.push([
      `${name === "webhooks" ? "webhook" : name.replace(/ies$/, "y").replace(/s$/, "")} deliveries`,
      await importOutboxFile(database.db, name, files.outbox(name)),
    ]);
  for (const name of OUTBOXES)
    found.push([
      `staff re-queues of ${name === "webhooks" ? "webhooks" : `${name.replace(/ies$/, "y").replace(/s$/, "")} e-mails`}`,
      await importRequeueFile(database.db, name, files.requeue(name)),
    ]);
  return found.flatMap(([what, imported]) =>
    imported
      ? [
          `Imported ${imported.added} of ${imported.read} ${what} from ${imported.file} into ${database.location}${imported.added < imported.read ? " (the others, or the same file, were there already)" : ""}; the file is kept as ${imported.aside}`,
        ]
      : [],
  );
}
