import { BookingStore } from "../../server/booking/store";
import { openDatabase, type DatabaseConfig, type OpenDatabase } from "../../server/db";
import { RegistrationStore } from "../../server/events/store";
import { StaffRequests } from "../../server/reservations/staffRequests";
import { EnquiryStore } from "../../server/enquiries/store";
import { latestRecords, type OutboxName } from "../../server/outbox/outbox";

/** A data folder's SQLite database, or a PostgreSQL one. */
export type Where = string | DatabaseConfig;

/** Reads a database as the staff tools do (a server may be running on it). */
async function read<T>(where: Where, use: (database: OpenDatabase) => Promise<T>) {
  const database = openDatabase(typeof where === "string" ? { dataDir: where } : where);
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

/** The enquiries in a data folder's database, oldest first. */
export const storedEnquiries = (where: Where) =>
  read(where, (database) => new EnquiryStore(database.db).all());

/** The bookings in a data folder's database, as they are now. */
export const storedBookings = (where: Where) =>
  read(where, (database) => new BookingStore(database).all());

/** The registrations in a data folder's database, as they are now, in order of arrival. */
export const storedRegistrations = (where: Where) =>
  read(where, (database) => new RegistrationStore(database).all());

/** As a staff tool does: requests written to the database a server reads. */
export const withStaffRequests = <T>(where: Where, use: (requests: StaffRequests) => Promise<T>) =>
  read(where, (database) => use(new StaffRequests(database.db)));

/** The latest record of each e-mail (webhook) of an outbox, as the staff tool reads them. */
export const storedDeliveries = (where: Where, outbox: OutboxName) =>
  read(where, async (database) => [...(await latestRecords(database.db, outbox)).values()]);

/** The e-mails (webhooks) of an outbox recorded as sent, as "id/mail". */
export const sentDeliveries = async (where: Where, outbox: OutboxName) =>
  (await storedDeliveries(where, outbox))
    .filter((r) => r.state === "sent")
    .map((r) => `${r.id}/${r.mail}`);
