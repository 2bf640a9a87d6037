import type { Migration, MigrationProvider } from "kysely/migration";
import * as enquiries from "./0001_enquiries";
import * as reservations from "./0002_reservations";
import * as vitals from "./0003_vitals";
import * as eventsStaff from "./0004_events_staff";
import * as deliveries from "./0005_deliveries";
import * as campaigns from "./0006_campaigns";
import * as limitsHeartbeats from "./0007_limits_heartbeats";
import * as secrets from "./0008_secrets";
import * as desk from "./0009_desk";
import * as privacy from "./0011_privacy";
import * as checkIn from "./0012_checkin";
import * as staffZone from "./0014_staff_zone";
import * as leadActivity from "./0015_lead_activity";

/**
 * Every migration, in order: imported, not found on disk, so they run the same under tsx and
 * in any bundle. A new one is a new numbered file here; an applied one is never edited.
 */
const migrations: Record<string, Migration> = {
  "0001_enquiries": enquiries,
  "0002_reservations": reservations,
  "0003_vitals": vitals,
  "0004_events_staff": eventsStaff,
  "0005_deliveries": deliveries,
  "0006_campaigns": campaigns,
  "0007_limits_heartbeats": limitsHeartbeats,
  "0008_secrets": secrets,
  "0009_desk": desk,
  "0011_privacy": privacy,
  "0012_checkin": checkIn,
  "0014_staff_zone": staffZone,
  "0015_lead_activity": leadActivity,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
