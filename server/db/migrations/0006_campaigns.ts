import type { Kysely } from "kysely";

/**
 * The campaign (a staff page's `campaign:`, from `?campaign=` on its calls to action) an enquiry
 * or a booking came from: a column of its own beside the record, so staff can count leads by
 * campaign. Null: none (every row stored before, an event registration).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("enquiries").addColumn("campaign", "text").execute();
  await db.schema.alterTable("reservations").addColumn("campaign", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("reservations").dropColumn("campaign").execute();
  await db.schema.alterTable("enquiries").dropColumn("campaign").execute();
}
