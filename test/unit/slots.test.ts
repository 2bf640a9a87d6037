import { test } from "node:test";
import assert from "node:assert/strict";
import ICAL from "ical.js";
import { slotRules } from "../../src/lib/bookingRules";
import {
  bothZones,
  calendarDays,
  freeSlots,
  monthSpan,
  weekdayNames,
  isOffered,
  offeredStarts,
  slotLabel,
  wallClock,
  zonedInstant,
  zoneName,
} from "../../src/lib/slots";
import { inviteFor } from "../../server/booking/invite";
import type { Booking } from "../../server/booking/store";
import { validateBooking } from "../../src/build/validateBooking";
import { contentModules } from "../../src/build/content";

const rules = slotRules();
const at = (iso: string) => Date.parse(iso);
const startsOn = (now: string, londonDate: string) =>
  offeredStarts(rules, at(now))
    .filter((s) => slotLabel(s.toISOString(), "Europe/London").date === londonDate)
    .map((s) => s.toISOString());

test("slots: 09:00 London is 09:00 UTC in winter and 08:00 UTC in summer, across each clock change", () => {
  // 29 March 2026: clocks forward at 01:00 UTC.
  assert.equal(startsOn("2026-03-26T12:00:00Z", "2026-03-27")[0], "2026-03-27T09:00:00.000Z");
  assert.equal(
    startsOn("2026-03-26T12:00:00Z", "2026-03-28")[0],
    "2026-03-28T10:00:00.000Z",
    "Saturday opens at 10:00",
  );
  assert.deepEqual(startsOn("2026-03-26T12:00:00Z", "2026-03-29"), [], "closed on Sunday");
  assert.equal(startsOn("2026-03-26T12:00:00Z", "2026-03-30")[0], "2026-03-30T08:00:00.000Z");
  // 25 October 2026: clocks back.
  assert.equal(startsOn("2026-10-22T12:00:00Z", "2026-10-23")[0], "2026-10-23T08:00:00.000Z");
  assert.equal(startsOn("2026-10-22T12:00:00Z", "2026-10-26")[0], "2026-10-26T09:00:00.000Z");
  // 28 March 2027: forward again; the Friday before and the Monday after are bank holidays.
  assert.deepEqual(startsOn("2027-03-24T12:00:00Z", "2027-03-26"), [], "Good Friday 2027");
  assert.deepEqual(startsOn("2027-03-24T12:00:00Z", "2027-03-29"), [], "Easter Monday 2027");
  assert.equal(startsOn("2027-03-24T12:00:00Z", "2027-03-27")[0], "2027-03-27T10:00:00.000Z");
  assert.equal(startsOn("2027-03-24T12:00:00Z", "2027-03-30")[0], "2027-03-30T08:00:00.000Z");
  // A weekday has 12 consultations (09:00 to 17:15, every 45 minutes), the last ending 17:45.
  const day = startsOn("2026-10-22T12:00:00Z", "2026-10-26");
  assert.equal(day.length, 12);
  assert.equal(slotLabel(day.at(-1)!, "Europe/London").time, "17:15");
});

test("slots: minimum notice, horizon and closed dates are applied; the server refuses what it does not offer", () => {
  const now = at("2026-12-21T08:00:00Z"); // Monday
  const starts = offeredStarts(rules, now).map((s) => s.getTime());
  assert.ok(Math.min(...starts) >= now + 12 * 3600_000, "12 hours' notice");
  assert.ok(Math.max(...starts) <= now + 21 * 86_400_000, "21 days ahead at most");
  for (const closed of ["2026-12-25", "2026-12-28", "2027-01-01"])
    assert.deepEqual(startsOn("2026-12-21T08:00:00Z", closed), [], closed);
  assert.ok(isOffered(rules, now, "2026-12-22T09:00:00.000Z"));
  assert.ok(!isOffered(rules, now, "2026-12-21T16:00:00.000Z"), "inside the notice");
  assert.ok(!isOffered(rules, now, "2026-12-22T09:10:00.000Z"), "not on the grid");
  assert.ok(!isOffered(rules, now, "2026-12-22T18:00:00.000Z"), "after hours");
  assert.ok(!isOffered(rules, now, "2027-01-26T09:00:00.000Z"), "past the horizon");
  const taken = (mode: string, start: string) =>
    mode === "video" && start === "2026-12-22T09:00:00.000Z" ? 2 : 0;
  const video = freeSlots(rules, "video", now, taken);
  assert.ok(!video.some((s) => s.start === "2026-12-22T09:00:00.000Z"), "full: 2 of 2 taken");
  assert.equal(freeSlots(rules, "phone", now, taken)[0].free, 2);
});

test("slots: a time skipped by the clock change does not exist", () => {
  assert.equal(zonedInstant("2026-03-29", "01:30", "Europe/London"), null);
  assert.equal(
    zonedInstant("2026-03-29", "02:30", "Europe/London")?.toISOString(),
    "2026-03-29T01:30:00.000Z",
  );
});

test("slots: the same instant in zones with half- and quarter-hour offsets and their own clock changes", () => {
  const start = "2026-12-02T13:30:00.000Z";
  assert.equal(slotLabel(start, "Asia/Kolkata").time, "19:00");
  assert.equal(slotLabel(start, "Asia/Kathmandu").time, "19:15");
  assert.equal(
    slotLabel(start, "Australia/Sydney").time,
    "00:30",
    "daylight time in December: UTC+11",
  );
  assert.equal(slotLabel(start, "Australia/Sydney").date, "2026-12-03");
  assert.equal(slotLabel(start, "America/Sao_Paulo").time, "10:30");
  assert.equal(
    slotLabel("2026-06-02T08:30:00.000Z", "Australia/Sydney").time,
    "18:30",
    "standard time in June: UTC+10",
  );
  assert.equal(
    bothZones(start, "Australia/Sydney", "Europe/London"),
    "Thursday 3 December, 00:30 in Sydney (13:30 Wednesday 2 December in London)",
    "the London day is named when it differs",
  );
  assert.equal(
    bothZones(start, "Africa/Lagos", "Europe/London"),
    "Wednesday 2 December, 14:30 in Lagos (13:30 in London)",
  );
  assert.match(zoneName("Asia/Kolkata", start), /^Kolkata time \(India Standard Time\)$/);
});

const booking: Booking = {
  id: "6f1f2d1e-0000-4000-8000-000000000001",
  sequence: 0,
  state: "booked",
  createdAt: "2026-03-26T12:00:00.000Z",
  updatedAt: "2026-03-26T12:00:00.000Z",
  mode: "video",
  start: "2026-03-30T08:00:00.000Z",
  end: "2026-03-30T08:30:00.000Z",
  zone: "Asia/Kathmandu",
  fullName: "Sita Sharma",
  email: "sita@example.com",
  phone: "+977 980 000 0000",
  country: "Nepal",
  interest: "Taught Masters",
  message: "",
};
const settings = {
  organiser: { name: "Eastgate Education", email: "admissions@eastgate-education.example" },
  domain: "eastgate-education.example",
  manageUrl: "https://www.eastgate-education.example/book/manage?b=x&t=y",
};

function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
  return { calendar, event };
}

test("calendar: the visitor's days from today to the horizon, each free, full or closed", () => {
  const now = at("2026-12-01T08:00:00Z");
  const free = freeSlots(rules, "video", now, () => 0);
  // Christmas Eve's times are all taken: full, not closed; Christmas Day is a bank holiday.
  const taken = free.filter((s) => slotLabel(s.start, "Europe/London").date !== "2026-12-24");
  const days = calendarDays(rules, now, "Europe/London", taken);
  const day = (date: string) => days.find((d) => d.date === date);
  assert.equal(days[0].date, "2026-12-01");
  assert.equal(days[0].weekday, 2, "a Tuesday");
  assert.equal(days.at(-1)?.date, "2026-12-22");
  assert.equal(day("2026-12-02")?.state, "free");
  assert.equal(day("2026-12-06")?.state, "closed", "Sunday");
  assert.equal(day("2026-12-01")?.state, "full", "open, but today's times are within the notice");
  assert.equal(days.flatMap((d) => d.slots).length, taken.length, "every free slot on its day");
  const later = calendarDays(rules, at("2026-12-16T08:00:00Z"), "Europe/London", taken);
  assert.equal(later.find((d) => d.date === "2026-12-24")?.state, "full");
  assert.equal(later.find((d) => d.date === "2026-12-25")?.state, "closed");
  // Kolkata, 5:30 ahead: a London Saturday's evening times fall on the visitor's Saturday night,
  // and no London time falls on the Kolkata Sunday.
  const kolkata = calendarDays(rules, now, "Asia/Kolkata", free);
  assert.equal(kolkata.find((d) => d.date === "2026-12-06")?.state, "closed");
  for (const d of kolkata)
    for (const s of d.slots) assert.equal(slotLabel(s.start, "Asia/Kolkata").date, d.date);
});

test("calendar: a day is full rather than closed exactly when some office time falls on it, in any zone, across clock changes", () => {
  // Every office time from the rules, converted one by one: what the calendar's days must say.
  const openDates = (now: number, zone: string) =>
    new Set(
      offeredStarts({ ...rules, minNoticeHours: -48, horizonDays: rules.horizonDays + 2 }, now).map(
        (s) => slotLabel(s.toISOString(), zone).date,
      ),
    );
  const zones = ["Europe/London", "Pacific/Auckland", "America/Los_Angeles", "Asia/Kathmandu"];
  for (const now of ["2026-03-20T08:00:00Z", "2026-10-20T08:00:00Z", "2026-12-01T08:00:00Z"])
    for (const zone of zones) {
      const open = openDates(at(now), zone);
      for (const d of calendarDays(rules, at(now), zone, []))
        assert.equal(d.state === "full", open.has(d.date), `${zone} from ${now}: ${d.date}`);
    }
});

test("calendar: weekday names Monday first and the months spanned, in the page's language", () => {
  assert.deepEqual(weekdayNames("en-GB"), ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
  assert.equal(weekdayNames("ar-u-nu-latn", "long")[0], "الاثنين");
  assert.equal(monthSpan("2026-12-01", "2026-12-22", "en-GB"), "December 2026");
  assert.match(monthSpan("2026-12-20", "2027-01-10", "en-GB"), /^December 2026\s–\sJanuary 2027$/);
});

test("invite: read back by a real iCalendar parser, the event is the stored instant, in every zone", () => {
  const { calendar, event } = parse(inviteFor(booking, settings));
  assert.equal(calendar.getFirstPropertyValue("method"), "REQUEST");
  assert.equal(event.uid, `booking-${booking.id}@eastgate-education.example`);
  assert.equal(event.sequence, 0);
  assert.equal(event.startDate.toJSDate().toISOString(), booking.start);
  assert.equal(event.endDate.toJSDate().toISOString(), booking.end);
  assert.equal(event.startDate.zone.tzid, "UTC", "an absolute instant, the same in every zone");
  assert.match(String(event.organizer), /mailto:admissions@eastgate-education.example/i);
  assert.match(event.description, /book\/manage/);
  assert.equal(
    slotLabel(booking.start, booking.zone).time,
    "13:45",
    "what the student was shown (Kathmandu, UTC+5:45)",
  );
  assert.equal(
    slotLabel(booking.start, "Europe/London").time,
    "09:00",
    "and London (BST from 29 March)",
  );
});

test("invite: a move keeps the UID and raises SEQUENCE; a cancellation is METHOD:CANCEL", () => {
  const moved = {
    ...booking,
    sequence: 1,
    start: "2026-10-26T09:00:00.000Z",
    end: "2026-10-26T09:30:00.000Z",
  };
  const a = parse(inviteFor(moved, settings));
  assert.equal(a.event.uid, `booking-${booking.id}@eastgate-education.example`);
  assert.equal(a.event.sequence, 1);
  assert.equal(a.event.startDate.toJSDate().toISOString(), moved.start);
  const cancelled = { ...moved, sequence: 2, state: "cancelled" as const };
  const c = parse(inviteFor(cancelled, settings));
  assert.equal(c.calendar.getFirstPropertyValue("method"), "CANCEL");
  assert.equal(c.event.sequence, 2);
  assert.equal(c.event.component.getFirstPropertyValue("status"), "CANCELLED");
});

test("booking rules: the bank holidays listed must reach past the booking horizon", () => {
  assert.deepEqual(validateBooking(contentModules, "2026-11-24"), []);
  // The last date listed is 2027-12-28; 21 days ahead of 2027-12-08 is 2027-12-29.
  assert.deepEqual(validateBooking(contentModules, "2027-12-07"), []);
  assert.deepEqual(validateBooking(contentModules, "2027-12-08"), [
    "content/booking.yaml: bankHolidays.dates ends on 2027-12-28, before the booking horizon (2027-12-29): add the next year's dates from https://www.gov.uk/bank-holidays",
  ]);
});

/** The wall clock as Intl reads it at the instant itself: what wallClock must always agree with. */
const intlFormats = new Map<string, Intl.DateTimeFormat>();
function intlWallClock(instant: number, zone: string) {
  const format =
    intlFormats.get(zone) ??
    new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      weekday: "short",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
  intlFormats.set(zone, format);
  const p = Object.fromEntries(
    format.formatToParts(new Date(instant)).map((x) => [x.type, x.value]),
  );
  const weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    time: `${p.hour}:${p.minute}`,
    weekday: weekdays.indexOf(p.weekday) + 1,
    offsetMs:
      Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) -
      Math.floor(instant / 1000) * 1000,
  };
}

test("wallClock reads the zone's offset once per 6 hours and agrees with Intl at every instant, across clock changes", () => {
  // Zones whose clocks change by an hour, by half an hour (Lord Howe), twice a year or around
  // Ramadan (Casablanca), or never (Kolkata, at +05:30); instants 23 minutes and 13 seconds apart
  // over a year, so every kind of change falls between two of them, and the seconds vary.
  const zones = [
    "Europe/London",
    "America/New_York",
    "Australia/Lord_Howe",
    "Africa/Casablanca",
    "Asia/Kolkata",
    "Pacific/Chatham",
  ];
  const step = 23 * 60_000 + 13_000;
  for (const zone of zones) {
    for (let t = at("2026-01-01T00:00:00Z"); t < at("2027-01-01T00:00:00Z"); t += step) {
      const mine = wallClock(t, zone);
      const intl = intlWallClock(t, zone);
      if (JSON.stringify(mine) !== JSON.stringify(intl))
        assert.deepEqual(mine, intl, `${zone} at ${new Date(t).toISOString()}`);
    }
  }
  // Exactly at a change, and a millisecond either side (London, 29 March 2026 01:00 UTC).
  for (const t of [
    at("2026-03-29T01:00:00Z"),
    at("2026-03-29T01:00:00Z") - 1,
    at("2026-03-29T01:00:00Z") + 1,
  ])
    assert.deepEqual(wallClock(t, "Europe/London"), intlWallClock(t, "Europe/London"));
  assert.throws(() => wallClock("not a date", "Europe/London"), RangeError);
  assert.throws(() => wallClock(at("2026-01-01T00:00:00Z"), "Not/AZone"), RangeError);
});
