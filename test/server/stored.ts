import { openDatabase } from "../../server/db";
import { EnquiryStore } from "../../server/store";

/** The enquiries in a data folder's database, read as the staff tool does (oldest first). */
export async function storedEnquiries(dataDir: string) {
  const database = openDatabase({ dataDir });
  try {
    return await new EnquiryStore(database.db).all();
  } finally {
    await database.close();
  }
}
