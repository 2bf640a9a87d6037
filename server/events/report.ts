import type { StaffRequests } from "../reservations/staffRequests";
import { csvCell } from "../service/csv";
import { EVENT_ZONE, loadEvents, type SiteEvent } from "../../src/events/load";
import { slotLabel } from "../../src/lib/slots";
import type { Registration, RegistrationStore } from "./store";

export interface EventCount {
  event: SiteEvent;
  confirmed: number;
  waiting: number;
  cancelled: number;
}

/** Each event in the file with its registered, waiting and cancelled counts, soonest first. */
export async function eventCounts(
  store: RegistrationStore,
  eventsFile?: string,
): Promise<EventCount[]> {
  const registrations = await store.all();
  return loadEvents(eventsFile).map((event) => {
    const of = registrations.filter((r) => r.event === event.slug);
    const count = (state: Registration["state"]) => of.filter((r) => r.state === state).length;
    return {
      event,
      confirmed: count("confirmed"),
      waiting: count("waiting"),
      cancelled: count("cancelled"),
    };
  });
}

/** The table staff read: London date and time, registered / waiting / capacity, slug. */
export function formatEventCounts(counts: EventCount[], now: number) {
  return counts
    .map(({ event, confirmed, waiting }) => {
      const at = slotLabel(event.startsAt, EVENT_ZONE);
      const past = Date.parse(event.startsAt) <= now ? "  (past)" : "";
      const status = event.status === "cancelled" ? "  CANCELLED" : "";
      return `${at.date} ${at.time}  ${`${confirmed} / ${event.capacity}`.padStart(9)} registered  ${String(waiting).padStart(3)} waiting  ${event.slug}${status}${past}`;
    })
    .join("\n");
}

/** One event's registrations as CSV (BOM, CRLF, formulas neutralised), in order of arrival. */
export async function registrationsCsv(store: RegistrationStore, slug: string) {
  const rows = await store.all(slug);
  let line = 0;
  const header = [
    "id",
    "state",
    "waiting place",
    "name",
    "e-mail",
    "country",
    "study interest",
    "language",
    "time zone",
    "registered (UTC)",
    "cancelled by",
  ];
  const lines = [
    header,
    ...rows.map((r) => [
      r.id,
      r.state,
      r.state === "waiting" ? String(++line) : "",
      r.fullName,
      r.email,
      r.country,
      r.interest,
      r.lang ?? "en",
      r.zone ?? "",
      r.createdAt,
      r.cancelledBy ?? "",
    ]),
  ];
  return `\uFEFF${lines.map((cells) => cells.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

/** Ask the server to cancel an event and tell everyone; returns a problem, or undefined. */
export async function requestEventCancel(
  requests: StaffRequests,
  slug: string,
  eventsFile?: string,
  now = new Date(),
) {
  if (!loadEvents(eventsFile).some((e) => e.slug === slug))
    return `No event ${slug} in the events file.`;
  await requests.ask("event", slug, now);
  return undefined;
}
