import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from "ical-generator";
import { bookingCopy, bookingMail } from "../../content/booking";
import { enquiryMail } from "../../content/enquiryMail";
import { site } from "../../content/site";
import { isolateLtr } from "../../src/lib/bidi";
import { fill } from "../../src/lib/template";
import { modeById } from "../../src/lib/bookingRules";
import type { Booking } from "./store";

export interface InviteSettings {
  /** The organiser: the agency's sender address. */
  organiser: { name: string; email: string };
  /** The domain the event's UID is made in. */
  domain: string;
  manageUrl: string;
}

/**
 * The booking as an iCalendar object: one event whose UID stays the same for the booking's life
 * and whose SEQUENCE is its version, times in UTC (the same instant in every zone). REQUEST
 * invites or updates; CANCEL (for a cancelled booking) removes it; PUBLISH is a plain download.
 */
export function inviteFor(
  booking: Booking,
  settings: InviteSettings,
  method: "REQUEST" | "CANCEL" | "PUBLISH" = booking.state === "cancelled" ? "CANCEL" : "REQUEST",
) {
  const mode = modeById(booking.mode);
  const summary = fill(bookingMail.inviteSummary, {
    agency: site.name,
    mode: mode?.name ?? booking.mode,
  });
  const calendar = ical({
    prodId: { company: site.name, product: "Consultations", language: "EN" },
    method: ICalCalendarMethod[method],
    name: summary,
  });
  // Numbers and the address are isolated: calendars show these fields in the invite's language.
  const where =
    booking.mode === "office"
      ? isolateLtr(site.address.lines.join(", "))
      : booking.mode === "phone"
        ? fill(bookingMail.invitePhone, { phone: isolateLtr(booking.phone) })
        : bookingMail.inviteVideo;
  calendar.createEvent({
    id: `booking-${booking.id}@${settings.domain}`,
    sequence: booking.sequence,
    stamp: new Date(booking.updatedAt),
    start: new Date(booking.start),
    end: new Date(booking.end),
    summary,
    description: [
      mode?.description ?? "",
      "",
      `${bookingCopy.manage}: ${settings.manageUrl}`,
      `${isolateLtr(site.phone.display)} · ${enquiryMail.layout.whatsappLabel} ${isolateLtr(site.mobile.display)}`,
    ].join("\n"),
    location: where,
    url: settings.manageUrl,
    status: booking.state === "cancelled" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: settings.organiser,
    attendees: [
      {
        name: booking.fullName,
        email: booking.email,
        role: ICalAttendeeRole.REQ,
        status:
          booking.state === "cancelled" ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
      },
    ],
  });
  return calendar.toString();
}
