import { createHash } from "node:crypto";
import { existsSync, readFileSync, renameSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { readJsonLines } from "../jsonl";
import { readEnquiryFile, type EnquiryStore } from "../store";
import { storedVitalsFrom, type VitalsStore } from "../vitalsStore";

/**
 * The enquiries of an old JSON-lines file (what the server kept before the database), stored
 * once each (by id: a crash before the rename only repeats a no-op), then the file is set
 * aside as FILE.imported so the next start does not read it again. Undefined: no such file.
 */
export async function importEnquiryFile(store: EnquiryStore, file: string) {
  if (!statSync(file, { throwIfNoEntry: false })?.isFile()) return undefined;
  const enquiries = readEnquiryFile(file);
  const added = await store.import(enquiries);
  return { read: enquiries.length, added, aside: setAside(file) };
}

/** The Web Vitals reports earlier versions kept beside the enquiries file (data/vitals.jsonl). */
export const vitalsFileFor = (dataFile: string) => join(dirname(dataFile), "vitals.jsonl");

/**
 * The reports of an old vitals.jsonl, stored in one transaction that also records the file's
 * SHA-256: the same content again (a crash before the rename, a copy restored by hand) adds
 * nothing. Then the file is set aside as FILE.imported. Undefined: no such file.
 */
export async function importVitalsFile(store: VitalsStore, file: string) {
  if (!statSync(file, { throwIfNoEntry: false })?.isFile()) return undefined;
  const sha256 = createHash("sha256").update(readFileSync(file)).digest("hex");
  const reports = readJsonLines(file)
    .map(storedVitalsFrom)
    .filter((r) => r !== undefined);
  const added = await store.import(reports, { sha256, file });
  return { read: reports.length, added, aside: setAside(file) };
}

/** FILE renamed FILE.imported (or .imported.2, ...: an earlier one is never overwritten). */
function setAside(file: string) {
  let aside = `${file}.imported`;
  for (let n = 2; existsSync(aside); n++) aside = `${file}.imported.${n}`;
  renameSync(file, aside);
  return aside;
}
