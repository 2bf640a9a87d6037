import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from "ical-generator";
import { site } from "../../src/content/site";

/** REQUEST invites or updates; CANCEL removes; PUBLISH is a plain download. */
export type InviteMethod = "REQUEST" | "CANCEL" | "PUBLISH";

export interface InviteSpec {
  /** Stays the same for the reservation's life: calendars update the event they already hold. */
  uid: string;
  /** Goes up with every change the attendee is told of. */
  sequence: number;
  method: InviteMethod;
  /** When this version was made. */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string;
  url: string;
  cancelled: boolean;
  organiser: { name: string; email: string };
  attendee: { name: string; email: string };
  /** The calendar's product name: "Consultations", "Events". */
  product: string;
}

/**
 * One reservation as an iCalendar object: a single event in UTC (the same instant in every
 * zone), the one place bookings and event registrations make their invites.
 */
export function calendarInvite(spec: InviteSpec) {
  const calendar = ical({
    prodId: { company: site.name, product: spec.product, language: "EN" },
    method: ICalCalendarMethod[spec.method],
    name: spec.summary,
  });
  calendar.createEvent({
    id: spec.uid,
    sequence: spec.sequence,
    stamp: spec.stamp,
    start: spec.start,
    end: spec.end,
    summary: spec.summary,
    description: spec.description,
    location: spec.location,
    url: spec.url,
    status: spec.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: spec.organiser,
    attendees: [
      {
        ...spec.attendee,
        role: ICalAttendeeRole.REQ,
        status: spec.cancelled ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
      },
    ],
  });
  return calendar.toString();
}
