import { bookingFile } from "./bookingFile";
import { fillSiteFacts } from "./siteFacts";
import { localized } from "../i18n/scope";

/**
 * The rules of consultation booking: content/booking.yaml, checked against
 * src/content/schema/booking.ts, the only place any of them is written. The office hours they
 * offer times within are `site.officeHours`, from the same file.
 */
export const booking = localized(
  fillSiteFacts({
    zone: bookingFile.zone,
    slotMinutes: bookingFile.slotMinutes,
    bufferMinutes: bookingFile.bufferMinutes,
    minNoticeHours: bookingFile.minNoticeHours,
    horizonDays: bookingFile.horizonDays,
    modes: bookingFile.modes,
    bankHolidays: bookingFile.bankHolidays,
    agencyClosed: bookingFile.agencyClosed,
  }),
);

/** The page's and the e-mails' words. */
export const bookingCopy = localized({
  title: "Book a free consultation",
  description:
    "Pick a free 30-minute consultation with an Eastgate adviser: by video, by phone or at our London office, at a time shown in your own time zone.",
  lead: "Choose how you would like to talk, then a day and a time. Times are shown in your own time zone with London time beside them. You get a calendar invite and a link to move or cancel.",
  weeklyHoursTitle: "When our advisers take consultations",
  weeklyHoursNote:
    "London time. Closed on bank holidays in England and Wales. Book at least 12 hours ahead, up to three weeks ahead.",
  noServer: {
    title: "Book by e-mail or WhatsApp",
    text: "Online booking is not available on this copy of our site. Send us the days and times that suit you (with your time zone) and an adviser confirms one within one business day.",
    /** "E-mail admissions@...": the address is filled in. */
    emailAction: "E-mail {address}",
    /** The subject of the e-mail that button starts. */
    emailSubject: "Consultation booking",
  },
  freeTextNote: "Rather describe what you need first?",
  freeTextLink: "Send a consultation request",
  modeLegend: "How would you like to talk?",
  dayLegend: "Choose a day",
  timeLegend: "Choose a time",
  dateLabel: "Date (London)",
  timeLabel: "Time (London)",
  /** The time select's first, empty choice (JavaScript off). */
  timePrompt: "Choose a time",
  zoneLabel: "Your time zone",
  zoneHint: "Type a city, e.g. Lagos or Asia/Kolkata",
  noJsNote:
    "Times are in London time. With JavaScript on, this page shows the free times in your own time zone.",
  submit: "Book this consultation",
  detailsTitle: "Your details",
  loading: "Finding free times...",
  noTimes:
    "No free times in the next three weeks for this choice. Please choose another way to talk, or write to us.",
  slotsFailed: "We could not load the free times. Check your connection and try again.",
  retry: "Try again",
  zoneShown: "Times below are in {zone}, with London time beside each.",
  londonOnly: "London time.",
  crossesMidnight:
    "Some of these times fall on another day in London than in {zone}: the London date is shown beside them.",
  freeCount: "{count} free",
  /** The calendar's key: a day with free times. */
  dayFree: "Free times",
  /** A calendar day the office is open but has no free time left (booked, or too soon). */
  dayFull: "Full",
  /** A calendar day the office takes no consultations (a weekend, a bank holiday). */
  dayClosed: "Closed",
  inLondon: "{time} in London",
  unknownZone: "“{value}” is not a time zone we know: pick one from the list, e.g. Africa/Lagos.",
  chosen: "Your choice: {when}",
  confirmedTitle: "Your consultation is booked",
  addToCalendar: "Add to calendar (.ics)",
  manage: "Move or cancel this booking",
  confirmationSent: "We have e-mailed the details and a calendar invite to {email}.",
  taken:
    "Someone booked that time a moment ago. Here are the nearest free times: pick one and book again. Everything you typed is kept.",
  invalidSlot:
    "That time cannot be booked (it is outside our hours, too soon, too far ahead or on a day we are closed). Here are the nearest free times.",
  existing:
    "This e-mail address already has a consultation booked. We have e-mailed it the link to move or cancel that booking: use it to choose another time.",
  pickSlot: "Please choose a time for your consultation.",
  pickMode: "Please choose how you would like to talk.",
} as const);

/** What the server's booking pages and answers say (a booking posted or managed). */
export const bookingAnswers = localized({
  when: "When",
  how: "How",
  length: "Length",
  minutes: "{minutes} minutes",
  booked: "Booked",
  chooseAnother: "Please choose another time",
  notBookedYet: "Not booked yet",
  backToBooking: "Back to the booking page",
  checkTitle: "Please check your booking",
  checkLead:
    "It is not booked yet. Everything you typed is below: correct the fields marked and send it again.",
  consultation: "Consultation",
  bookAction: "Book a consultation",
  whatsappAction: "Message us on WhatsApp",
  callAction: "Call {phone}",
  yourBooking: "Your booking",
  yourConsultation: "Your consultation",
  moveTitle: "Choose another time",
  moveAction: "Move to this time",
  cancelTitle: "Cancel",
  cancelNote: "The place is freed for another student, and the calendar entry removed.",
  cancelAction: "Cancel this consultation",
  notBooked: "Not booked",
  notSent: "Not sent",
  method: "Bookings are made with the form on our booking page.",
  tooLarge: "Your booking is longer than we can take (over {kb} kB). Please shorten your message.",
  alreadyBooked: "You already have a consultation booked",
  notSaved: "Something went wrong on our side and your booking was not saved. Please try again.",
  unavailableTitle: "Booking not available",
  badLink:
    "This link does not open a booking. Please use the link in your latest e-mail from us, or book again.",
  wasCancelled: "This consultation was cancelled. You are welcome to book another time.",
  isPast: "This consultation has already taken place. You are welcome to book another.",
  cancelledTitle: "Your consultation is cancelled",
  cancelledEyebrow: "Cancelled",
  cancelledLead:
    "We have e-mailed {email} to confirm, and the calendar entry is removed. You are welcome to book another time.",
  notCancelled: "Not cancelled",
  notMoved: "Not moved",
  tryAgainOrCall: "Something went wrong on our side. Please try again, or call us.",
  moved: "Moved. We have e-mailed {email} the new time and an updated calendar invite.",
});

/** The student's booking e-mails (the advisers' stay in English, in server/booking/mail.tsx). */
export const bookingMail = localized({
  londonTime: "London time",
  dear: "Dear {name},",
  cancelledSubject: "Your consultation is cancelled: {agency}",
  cancelledLine: "Your consultation on {when} is cancelled.",
  cancelledByStaffLine:
    "Your consultation on {when} is cancelled by our team; we are sorry. An adviser will write to you to find another time.",
  cancelledNext:
    "The calendar entry is removed with this e-mail. You are welcome to book another time whenever it suits you.",
  movedSubject: "Your consultation has moved: {when}",
  movedLine:
    "Your consultation has moved. Here is the new time; the calendar invite replaces the earlier one.",
  bookedSubject: "Your consultation is booked: {when}",
  bookedLine:
    "Thank you for booking a free consultation with {agency}. Here are the details; the invite is attached for your calendar.",
  reminderSubject: "Tomorrow: your consultation with {agency}",
  reminderLine: "A reminder that your free consultation is in about 24 hours.",
  linkSubject: "Move or cancel your consultation: {agency}",
  linkLine:
    "Someone (we hope you) tried to book another consultation with this e-mail address. You already have one booked: use the link below to choose another time or cancel it.",
  contact: "Questions? Call {phone}, WhatsApp {whatsapp} or reply to this e-mail.",
  signOff: "Best wishes,\nThe admissions team, {agency}",
  inviteSummary: "{agency}: free consultation ({mode})",
  invitePhone: "Phone call to {phone}",
  inviteVideo: "Video call (link e-mailed on the day)",
});
