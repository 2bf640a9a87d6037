import { dirname, join } from "node:path";
import { readJsonLines } from "../jsonl";
import { readLatest, ReservationStore } from "../reservations/store";

/** confirmed: has a place; waiting: on the event's waiting list; cancelled: by them, staff or the event's cancellation. */
export type RegistrationState = "confirmed" | "waiting" | "cancelled";

/** One registration for an event as it is stored: each change is a new line with the whole registration. */
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

/**
 * Registrations (the reservation core's store): a confirmed registration holds one of its
 * event's places; the waiting list is the event's waiting registrations in order of arrival.
 */
export class RegistrationStore extends ReservationStore<Registration> {
  private arrivals = 0;

  constructor(file: string) {
    super(file, (r) => (r.state === "confirmed" ? r.event : undefined), isRegistration);
    for (const r of this.all()) this.arrivals = Math.max(this.arrivals, r.arrival);
  }

  /** The next arrival number: taken in the same synchronous step as the place. */
  nextArrival() {
    return ++this.arrivals;
  }

  confirmed(event: string) {
    return this.placesTaken(event);
  }

  /** The event's waiting list, first in line first. */
  waiting(event: string) {
    return this.all()
      .filter((r) => r.event === event && r.state === "waiting")
      .sort((a, b) => a.arrival - b.arrival);
  }

  /** Someone's place on the waiting list (1 is next), or undefined when not waiting. */
  placeInLine(r: Registration) {
    if (r.state !== "waiting") return undefined;
    return this.waiting(r.event).findIndex((w) => w.id === r.id) + 1;
  }

  /** The address's registration for an event that is not cancelled, if any. */
  activeFor(event: string, email: string) {
    const address = email.toLowerCase();
    return this.all().find(
      (r) => r.event === event && r.state !== "cancelled" && r.email.toLowerCase() === address,
    );
  }

  of(event: string) {
    return this.all().filter((r) => r.event === event);
  }
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

/** Every version of every registration in the file (each id and sequence once), oldest first. */
export function readRegistrationVersions(file: string): Registration[] {
  const seen = new Set<string>();
  const versions: Registration[] = [];
  for (const r of readJsonLines(file)) {
    if (typeof r.id !== "string" || !isRegistration(r)) continue;
    const key = `${r.id}/${String(r.sequence)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    versions.push(r as unknown as Registration);
  }
  return versions;
}
