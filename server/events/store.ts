import { dirname, join } from "node:path";
import type { OpenDatabase } from "../db";
import { readLatest, readVersions } from "../reservations/legacy";
import {
  ReservationStore,
  type ReservationReader,
  type ReservationShape,
} from "../reservations/store";

/** confirmed: has a place; waiting: on the event's waiting list; cancelled: by them, staff or the event's cancellation. */
export type RegistrationState = "confirmed" | "waiting" | "cancelled";

/** One registration for an event as it is stored (a row of `reservations`; each version kept too). */
export interface Registration {
  id: string;
  /** The event's slug. */
  event: string;
  /** 0 when registered, one more at each change (promoted, cancelled). */
  sequence: number;
  state: RegistrationState;
  /** Order of arrival among all registrations: the waiting list's order. */
  arrival: number;
  /** The event's version this registration's last e-mail described (its invite's base SEQUENCE). */
  eventSequence: number;
  createdAt: string;
  updatedAt: string;
  /** The locale it was made in (absent: English): its e-mails and pages are in it. */
  lang?: string;
  /** The registrant's IANA zone when their browser said (JavaScript), for the times in e-mails. */
  zone?: string;
  fullName: string;
  email: string;
  country: string;
  interest: string;
  idempotencyKey?: string;
  /** The privacy notice's version the form was sent under (src/lib/notice.ts), if it said. */
  notice?: string;
  /** Set when a place freed up and went to them from the waiting list. */
  promotedAt?: string;
  cancelledBy?: "registrant" | "staff" | "event";
  /** What a cancelled registration was: a place's holder is sent a cancelling invite. */
  cancelledFrom?: "confirmed" | "waiting";
  /** The hour (ISO) someone last asked, by registering again, for the manage link to be e-mailed. */
  linkRequested?: string;
}

const isRegistration = (r: Record<string, unknown>) =>
  typeof r.event === "string" && typeof r.state === "string" && typeof r.arrival === "number";

const registrationShape: ReservationShape<Registration> = {
  kind: "registration",
  pool: (r) => (r.state === "confirmed" ? r.event : undefined),
  line: (r) => (r.state === "waiting" ? r.event : undefined),
  scope: (r) => r.event,
  active: (r) => r.state !== "cancelled",
  endsAt: () => undefined,
  arrival: (r) => r.arrival,
};

/**
 * Registrations in the database: a confirmed registration holds one of its event's places
 * (the event is its pool); the waiting list is the event's waiting registrations in order of
 * arrival.
 */
export class RegistrationStore extends ReservationStore<Registration> {
  constructor(database: Pick<OpenDatabase, "db" | "exclusive">, ready?: Promise<unknown>) {
    super(database, registrationShape, ready);
  }

  /** Each event's confirmed and waiting registrations, by slug. */
  async counts() {
    const [confirmed, waiting] = await Promise.all([this.placesByPool(), this.lineLengths()]);
    return {
      confirmed: (slug: string) => confirmed.get(slug) ?? 0,
      waiting: (slug: string) => waiting.get(slug) ?? 0,
    };
  }
}

/** Someone's place on the waiting list (1 is next), or undefined when not waiting. */
export async function placeInLine(reader: ReservationReader<Registration>, r: Registration) {
  if (r.state !== "waiting") return undefined;
  const line = await reader.inLine(r.event);
  return line.findIndex((w) => w.id === r.id) + 1;
}

/** The address's registration for an event that is not cancelled, if any. */
export async function activeRegistrationFor(
  reader: ReservationReader<Registration>,
  event: string,
  email: string,
) {
  const [found] = await reader.activeIn(event, email);
  return found;
}

export const readRegistrations = (file: string) => readLatest<Registration>(file, isRegistration);

/** The registrations file beside the enquiries: data/enquiries.jsonl -> data/registrations.jsonl */
export const registrationsFileFor = (dataFile: string) =>
  join(dirname(dataFile), "registrations.jsonl");

/** Staff's requests (cancel an event), appended by `npm run events`, read by the server only. */
export const eventsStaffFileFor = (dataFile: string) =>
  join(dirname(dataFile), "events.staff.jsonl");

/** Each event's versions as the server has announced them (moves, cancellations). */
export const scheduleFileFor = (dataFile: string) => join(dirname(dataFile), "events.state.jsonl");

/** Every version of every registration in an old file (each id and sequence once), oldest first. */
export const readRegistrationVersions = (file: string) =>
  readVersions<Registration>(file, isRegistration);
