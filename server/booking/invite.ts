import { bookingCopy, bookingMail } from "../../src/content/booking";
import { enquiryMail } from "../../src/content/enquiryMail";
import { site } from "../../src/content/site";
import { isolateLtr } from "../../src/lib/bidi";
import { fill } from "../../src/lib/template";
import { modeById } from "../../src/lib/bookingRules";
import { calendarInvite, type InviteMethod } from "../reservations/invite";
import type { Booking } from "./store";

export interface InviteSettings {
  /** The organiser: the agency's sender address. */
  organiser: { name: string; email: string };
  /** The domain the event's UID is made in. */
  domain: string;
  manageUrl: string;
}

/**
 * The booking as an invite: its UID stays the same for the booking's life and its SEQUENCE is
 * its version. REQUEST invites or updates; CANCEL (for a cancelled booking) removes it.
 */
export function inviteFor(
  booking: Booking,
  settings: InviteSettings,
  method: InviteMethod = booking.state === "cancelled" ? "CANCEL" : "REQUEST",
) {
  const mode = modeById(booking.mode);
  // Numbers and the address are isolated: calendars show these fields in the invite's language.
  const where =
    booking.mode === "office"
      ? isolateLtr(site.address.lines.join(", "))
      : booking.mode === "phone"
        ? fill(bookingMail.invitePhone, { phone: isolateLtr(booking.phone) })
        : bookingMail.inviteVideo;
  return calendarInvite({
    uid: `booking-${booking.id}@${settings.domain}`,
    sequence: booking.sequence,
    method,
    stamp: new Date(booking.updatedAt),
    start: new Date(booking.start),
    end: new Date(booking.end),
    summary: fill(bookingMail.inviteSummary, {
      agency: site.name,
      mode: mode?.name ?? booking.mode,
    }),
    description: [
      mode?.description ?? "",
      "",
      `${bookingCopy.manage}: ${settings.manageUrl}`,
      `${isolateLtr(site.phone.display)} · ${enquiryMail.layout.whatsappLabel} ${isolateLtr(site.mobile.display)}`,
    ].join("\n"),
    location: where,
    url: settings.manageUrl,
    cancelled: booking.state === "cancelled",
    organiser: settings.organiser,
    attendee: { name: booking.fullName, email: booking.email },
    product: "Consultations",
  });
}
