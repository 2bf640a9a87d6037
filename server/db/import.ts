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
import { StaffRequests } from "../staffRequests";
import type { Database } from "./schema";
import { readJsonLines } from "../jsonl";
import { EnquiryStore, readEnquiryFile } from "../store";
import { storedVitalsFrom, VitalsStore } from "../vitalsStore";
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

/** Every old file of a data folder that has a table now, by what it held. */
const oldFiles = (dataFile: string) => ({
  enquiries: dataFile,
  bookings: bookingsFileFor(dataFile),
  registrations: registrationsFileFor(dataFile),
  vitals: vitalsFileFor(dataFile),
  eventVersions: scheduleFileFor(dataFile),
  bookingRequests: staffFileFor(dataFile),
  eventRequests: eventsStaffFileFor(dataFile),
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
  return found.flatMap(([what, imported]) =>
    imported
      ? [
          `Imported ${imported.added} of ${imported.read} ${what} from ${imported.file} into ${database.location}${imported.added < imported.read ? " (the others, or the same file, were there already)" : ""}; the file is kept as ${imported.aside}`,
        ]
      : [],
  );
}
