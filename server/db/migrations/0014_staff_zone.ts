import type { Kysely } from "kysely";

/**
 * A member of staff's own time zone (IANA; set on the desk's "Your sign-in" page): the
 * consultations' pages show its time beside London's. Null: London.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("staff").addColumn("time_zone", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("staff").dropColumn("time_zone").execute();
}
