import { existsSync, renameSync, statSync } from "node:fs";
import { readEnquiryFile, type EnquiryStore } from "../store";

/**
 * The enquiries of an old JSON-lines file (what the server kept before the database), stored
 * once each (by id: a crash before the rename only repeats a no-op), then the file is set
 * aside as FILE.imported so the next start does not read it again. Undefined: no such file.
 */
export async function importEnquiryFile(store: EnquiryStore, file: string) {
  if (!statSync(file, { throwIfNoEntry: false })?.isFile()) return undefined;
  const enquiries = readEnquiryFile(file);
  const added = await store.import(enquiries);
  let aside = `${file}.imported`;
  for (let n = 2; existsSync(aside); n++) aside = `${file}.imported.${n}`;
  renameSync(file, aside);
  return { read: enquiries.length, added, aside };
}
