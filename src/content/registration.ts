import { localized } from "../i18n/scope";
/**
 * What the server says to someone registering for an event: its answers (JSON messages and the
 * pages shown without JavaScript), the manage page and the e-mails. `{placeholders}` are filled
 * in by the server. The events themselves are in content/events.yaml.
 */
export const registrationAnswers = localized({
  registeredEyebrow: "Registered",
  registeredTitle: "You're registered",
  registeredLead: "We've e-mailed {email} the details and an invite for your calendar.",
  waitingEyebrow: "Waiting list",
  waitingTitle: "You're on the waiting list",
  waitingLead:
    "This event is full. You're number {place} on the waiting list; we'll e-mail {email} at once if a place frees up.",
  alreadyTitle: "You're already registered",
  alreadyLead:
    "{email} is already registered for this event. We've e-mailed the link to manage your place again.",
  notRegistered: "Not registered",
  notSent: "Not sent",
  unknownEvent: "We couldn't find this event. Please choose one from our events page.",
  closed: "Registration for this event has closed.",
  cancelled: "This event has been cancelled.",
  past: "This event has already taken place.",
  method: "Register with the form on the event's page.",
  tooLarge:
    "Your registration is longer than we can take (over {kb} kB). Please shorten it and send it again.",
  notSaved:
    "Something went wrong on our side and your registration was not saved. Please try again in a minute.",
  seeEvents: "See our events",
  manageTitle: "Your registration",
  confirmedStatus: "You have a place.",
  waitingStatus: "You're number {place} on the waiting list.",
  cancelButton: "Cancel my registration",
  cancelHint: "Your place goes to the next person on the waiting list.",
  cancelledTitle: "Registration cancelled",
  cancelledLead: "We've e-mailed {email} to confirm.",
  badLink:
    "This link is not valid. Please use the link in the e-mail we sent, or write to us and we'll help.",
  wasCancelled: "This registration was cancelled.",
  unavailableTitle: "Nothing to change",
  notCancelled: "Not cancelled",
  tryAgain: "Please try again in a minute, or write to us.",
  when: "When",
  where: "Where",
  length: "Length",
  minutes: "{minutes} minutes",
  heldIn: "Held in",
  online: "Online: we e-mail you the link to join 24 hours before, and again an hour before.",
  addToCalendar: "Add to my calendar",
  manage: "Manage your registration",
});

export const registrationMail = localized({
  dear: "Hello {name},",
  confirmedSubject: "Your place: {event}",
  confirmedLine: "You have a place at {event}. The attached invite adds it to your calendar.",
  waitingSubject: "Waiting list: {event}",
  waitingLine:
    "{event} is full, so you're number {place} on the waiting list. We'll e-mail you at once if a place frees up.",
  promotedSubject: "A place is yours: {event}",
  promotedLine:
    "A place has freed up at {event} and it is yours. The attached invite adds it to your calendar.",
  reminderDaySubject: "Tomorrow: {event}",
  reminderHourSubject: "In one hour: {event}",
  reminderLine: "{event} starts soon. The details are below.",
  joinLine: "Join here when it starts:",
  join: "Join the event",
  movedSubject: "New time: {event}",
  movedLine: "{event} has moved. The new time is below; the attached invite updates your calendar.",
  eventCancelledSubject: "Cancelled: {event}",
  eventCancelledLine:
    "We're sorry: {event} has been cancelled. The attached update removes it from your calendar.",
  youCancelledSubject: "Registration cancelled: {event}",
  youCancelledLine: "Your registration for {event} is cancelled, as you asked.",
  linkSubject: "Your registration: {event}",
  linkLine: "Here is the link to manage your registration for {event}, as you asked.",
  manageLine:
    "Can't come after all? Cancel your place so that someone on the waiting list can have it.",
  otherEvents: "Our other events",
  inviteSummary: "{event} ({agency})",
  signOff: "Best wishes,\n{agency}",
});
