import { test } from "node:test";
import assert from "node:assert/strict";
import { renderToString } from "react-dom/server";
import { parseEvents, publicEvent, type PublicEvent } from "../../src/events/load";
import {
  byMonth,
  eventState,
  everyFilter,
  filterEvents,
  filterPath,
  splitByTime,
  zonedIso,
} from "../../src/lib/events";
import { eventNode, type PageFacts } from "../../src/build/structuredData";
import { validateEnquiry, fieldsFor } from "../../src/lib/enquiry";
import { parseBuildNow } from "../../src/config";
import { localTime, placesText } from "../../src/client/events";
import { visitorTimes } from "../../src/lib/visitorTimes";
import { RegistrationForm } from "../../src/components/events/RegistrationForm";
import { EventPlaces } from "../../src/components/events/EventPlaces";
import { interestValues } from "../../src/components/forms/EnquiryForm";
import { routes } from "../../src/routes";

/** A small events file: one per kind and language, one across the spring clock change, one cancelled. */
const entry = (slug: string, start: string) => `
  - slug: ${slug}
    title: ${slug}
    kind: webinar
    start: "${start}"
    minutes: 60
    language: en
    capacity: 10
    where: online
    host: Advisers
    summary: About ${slug}.
    body: [Text.]
    registrationCloses: "${start.slice(0, 11)}${String(Number(start.slice(11, 13)) - 2).padStart(2, "0")}:00"
    joinLink: https://meet.example.org/${slug}`;

const list: PublicEvent[] = parseEvents(
  `events:${[
    entry("october-webinar", "2026-10-14T17:00"),
    entry("december-webinar", "2026-12-09T18:00"),
    entry("december-workshop", "2026-12-12T11:00").replace("kind: webinar", "kind: workshop"),
    entry("arabic-webinar", "2027-01-13T17:00").replace("language: en", "language: ar"),
    entry("open-day", "2027-01-23T10:00")
      .replace("kind: webinar", "kind: open-day")
      .replace("where: online", "where: office")
      .replace(/\n {4}joinLink.*/, ""),
    entry("easter-monday", "2027-03-29T18:00"),
    entry("cancelled-one", "2027-02-03T12:00").replace("host:", "status: cancelled\n    host:"),
  ].join("")}\n`,
  "test-events.yaml",
).map(publicEvent);

const NOW = Date.parse("2026-11-25T12:00:00Z");

test("upcoming and past split at the build's now; upcoming soonest first, past latest first", () => {
  const { upcoming, past } = splitByTime(list, NOW);
  assert.deepEqual(
    past.map((e) => e.slug),
    ["october-webinar"],
  );
  assert.deepEqual(
    upcoming.map((e) => e.slug),
    [
      "december-webinar",
      "december-workshop",
      "arabic-webinar",
      "open-day",
      "cancelled-one",
      "easter-monday",
    ],
  );
  // An event that has started is past; one a minute away is not.
  const start = Date.parse(list[1].startsAt);
  assert.equal(splitByTime([list[1]], start).past.length, 1);
  assert.equal(splitByTime([list[1]], start - 60_000).upcoming.length, 1);
});

test("the build's now is the clock unless BUILD_NOW or CONTENT_TODAY says otherwise", () => {
  assert.equal(parseBuildNow("2026-12-01T09:00:00Z"), Date.parse("2026-12-01T09:00:00Z"));
  assert.equal(parseBuildNow(undefined, "2027-01-01"), Date.parse("2027-01-01T00:00:00Z"));
  assert.ok(Math.abs(parseBuildNow() - Date.now()) < 5000);
  assert.throws(() => parseBuildNow("soon"), /BUILD_NOW/);
});

test("events group by the London month they start in, in the order given", () => {
  const { upcoming } = splitByTime(list, NOW);
  assert.deepEqual(
    byMonth(upcoming).map((m) => [m.month, m.events.length]),
    [
      ["2026-12", 2],
      ["2027-01", 2],
      ["2027-02", 1],
      ["2027-03", 1],
    ],
  );
  // 23:30 London on 31 January is January there, though February in Tokyo.
  const late = { ...list[1], startsAt: "2027-01-31T23:30:00.000Z" };
  assert.equal(byMonth([late])[0].month, "2027-01");
  // In summer London is UTC+1: 23:30 UTC on 31 May is 1 June in London.
  assert.equal(byMonth([{ ...late, startsAt: "2027-05-31T23:30:00.000Z" }])[0].month, "2027-06");
});

test("filters: by kind or by language held in, each on its own page", () => {
  assert.deepEqual(
    filterEvents(list, { language: "ar" }).map((e) => e.slug),
    ["arabic-webinar"],
  );
  assert.deepEqual(
    filterEvents(list, { kind: "open-day" }).map((e) => e.slug),
    ["open-day"],
  );
  assert.equal(filterEvents(list, {}).length, list.length);
  assert.equal(filterPath({ kind: "webinar" }), "/events/kind/webinar");
  assert.equal(filterPath({ language: "zh" }), "/events/in/zh");
  assert.equal(filterPath({}), "/events");
  // Every filter has a page, whether or not an event has it today: its link never breaks.
  const paths = new Set(routes.map((r) => r.path));
  for (const f of everyFilter()) assert.ok(paths.has(filterPath(f)), filterPath(f));
  assert.ok(paths.has("/events/past"));
});

test("registration state: open, closed before the start, past, cancelled", () => {
  const december = list[1];
  assert.equal(eventState(december, NOW), "open");
  assert.equal(eventState(december, Date.parse("2026-12-09T16:30:00Z")), "closed");
  assert.equal(eventState(december, Date.parse("2026-12-09T18:00:00Z")), "past");
  assert.equal(
    eventState(
      list.find((e) => e.slug === "cancelled-one")!,
      NOW,
    ),
    "cancelled",
  );
});

test("times carry London's offset on the day: GMT in winter, BST after the spring change", () => {
  assert.equal(zonedIso("2026-12-09T18:00:00.000Z", "Europe/London"), "2026-12-09T18:00:00+00:00");
  const easter = list.find((e) => e.slug === "easter-monday")!;
  assert.equal(easter.startsAt, "2027-03-29T17:00:00.000Z");
  assert.equal(zonedIso(easter.startsAt, "Europe/London"), "2027-03-29T18:00:00+01:00");
  assert.equal(zonedIso(easter.startsAt, "Asia/Kathmandu"), "2027-03-29T22:45:00+05:45");
  assert.equal(zonedIso("2027-01-01T00:00:00Z", "America/St_Johns"), "2026-12-31T20:30:00-03:30");
});

/** The Event node of a page, as plain JSON (schema-dts's union is too wide to index). */
const node = (path: string) =>
  eventNode(facts(path), list) as unknown as Record<string, unknown> | undefined;

const facts = (path: string): PageFacts => ({
  route: { ...routes[0], path },
  routes,
  siteUrl: "https://www.example.org",
  image: "https://www.example.org/assets/og.png",
  logo: { url: "https://www.example.org/icon-512.png", size: 512 },
  now: NOW,
});

test("structured data: an Event with offsets, attendance mode, status, location and a free offer", () => {
  const easter = node("/events/easter-monday")!;
  assert.equal(easter["@type"], "Event");
  assert.equal(easter.startDate, "2027-03-29T18:00:00+01:00");
  assert.equal(easter.endDate, "2027-03-29T19:00:00+01:00");
  assert.equal(easter.eventAttendanceMode, "https://schema.org/OnlineEventAttendanceMode");
  assert.equal(easter.eventStatus, "https://schema.org/EventScheduled");
  assert.deepEqual(easter.location, {
    "@type": "VirtualLocation",
    url: "https://www.example.org/events/easter-monday",
  });
  assert.deepEqual(easter.offers, {
    "@type": "Offer",
    price: 0,
    priceCurrency: "GBP",
    availability: "https://schema.org/InStock",
    url: "https://www.example.org/events/easter-monday",
  });
  assert.equal(easter.inLanguage, "en");
  assert.equal(
    (easter.organizer as { "@id": string })["@id"],
    "https://www.example.org/#organization",
  );

  const december = node("/events/december-webinar")!;
  assert.equal(december.startDate, "2026-12-09T18:00:00+00:00");

  const office = node("/events/open-day")!;
  assert.equal(office.eventAttendanceMode, "https://schema.org/OfflineEventAttendanceMode");
  const place = office.location as { "@type": string; address: Record<string, string> };
  assert.equal(place["@type"], "Place");
  assert.equal(place.address["@type"], "PostalAddress");
  assert.equal(place.address.addressCountry, "GB");

  const cancelled = node("/events/cancelled-one")!;
  assert.equal(cancelled.eventStatus, "https://schema.org/EventCancelled");
  assert.equal(node("/events/arabic-webinar")!.inLanguage, "ar");
  assert.equal(node("/about"), undefined);
  // The join link is the e-mail's alone.
  assert.doesNotMatch(
    JSON.stringify(list.map((e) => eventNode(facts(`/events/${e.slug}`), list))),
    /meet\.example/,
  );
});

test("registration is validated with the enquiry rules: study interest optional", () => {
  const interests = interestValues();
  const good = { fullName: "Amara Okafor", email: "amara@example.com", country: "Nigeria" };
  assert.deepEqual(validateEnquiry("registration", good, interests), {});
  assert.deepEqual(
    validateEnquiry("registration", { ...good, interest: interests[0] }, interests),
    {},
  );
  const errors = validateEnquiry(
    "registration",
    { fullName: "", email: "amara@", country: "", interest: "Astrology" },
    interests,
  );
  assert.deepEqual(Object.keys(errors).sort(), ["country", "email", "fullName", "interest"]);
  assert.deepEqual(
    fieldsFor("registration").map((f) => [f.name, f.required]),
    [
      ["fullName", true],
      ["email", true],
      ["country", true],
      ["interest", false],
    ],
  );
});

test("the registration form posts the event, the page's language and the form's kind; no zone without JavaScript", () => {
  const html = renderToString(<RegistrationForm event={list[1]} endpoint="/api/events" />);
  assert.match(html, /action="\/api\/events\/register"/);
  assert.match(html, /method="post"/);
  for (const [name, value] of [
    ["event", "december-webinar"],
    ["lang", "en"],
    ["form", "registration"],
  ])
    assert.match(html, new RegExp(`name="${name}" value="${value}"`));
  for (const name of ["fullName", "email", "country", "interest", "website"])
    assert.match(html, new RegExp(`name="${name}"`));
  assert.doesNotMatch(html, /name="zone"/);
  assert.doesNotMatch(html, /<select[^>]*required/);
});

test("the visitor's zone and the times in it, as the worker works them out", () => {
  const start = "2026-12-09T18:00:00.000Z";
  const zone = process.env.TZ;
  try {
    // Node applies a new TZ at once, to Date and Intl alike; Calcutta is Kolkata's old name.
    process.env.TZ = "Asia/Calcutta";
    assert.deepEqual(visitorTimes({ starts: [start], locale: "en-GB" }), {
      zone: "Asia/Kolkata",
      labels: { [start]: { day: "Wednesday 9 December", time: "23:30" } },
    });
    process.env.TZ = "Not/AZone";
    assert.deepEqual(visitorTimes({ starts: [start], locale: "en-GB" }).zone, undefined);
  } finally {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  }
});

test("the script's words: the visitor's time and the live places", () => {
  assert.match(
    localTime({ day: "Wednesday 9 December", time: "23:45" }, "Asia/Kathmandu"),
    /^Your time: Wednesday 9 December, \u206623:45\u2069 \(Kathmandu time\)$/,
  );
  const base = { capacity: 20, confirmed: 8, waiting: 0 };
  assert.equal(placesText({ ...base, left: 12, state: "open" }), "\u206612\u2069 places left");
  assert.equal(placesText({ ...base, left: 1, state: "open" }), "1 place left");
  assert.equal(placesText({ ...base, left: 0, state: "full" }), "Full: join the waiting list");
  assert.equal(placesText({ ...base, left: 3, state: "closed" }), "Registration closed");
});

test("an event's capacity reads as a number of places, one place in the singular", () => {
  const places = (capacity: number) =>
    renderToString(<EventPlaces event={{ ...list[1], capacity }} />).replace(/<[^>]+>/g, "");
  assert.equal(places(10), "10 places");
  assert.equal(places(1), "1 place");
});
