/**
 * The events pages' small script (no React): each start time also in the visitor's own zone
 * (./slots.ts, as the booking page does), the registration form told that zone, and the live
 * places from `GET …/places`, read as the first count nears the viewport and again every minute
 * while the page is shown. The HTML without it says London time and the capacity.
 */
import { eventCopy } from "../../content/eventPages";
import { zoneWords } from "../../content/formats";
import { isolateLtr } from "../lib/bidi";
import { currentZoneName, isTimeZone, slotLabel, zoneCity } from "../lib/slots";
import { fill } from "../lib/template";

const REFRESH_MS = 60_000;
// Events are in London time (src/lib/events.ts, which this script does not import: it holds the schema).
const EVENT_ZONE = "Europe/London";

export function startEvents() {
  const zone = visitorZone();
  if (zone) {
    showLocalTimes(zone);
    const form = document.querySelector<HTMLFormElement>("form[data-enquiry=registration]");
    if (form && !form.elements.namedItem("zone"))
      form.append(
        Object.assign(document.createElement("input"), {
          type: "hidden",
          name: "zone",
          value: zone,
        }),
      );
  }
  startPlaces();
}

function visitorZone() {
  const zone = currentZoneName(Intl.DateTimeFormat().resolvedOptions().timeZone ?? "");
  return isTimeZone(zone) ? zone : undefined;
}

/** "Your time: Thursday 10 December, 00:45 (Kathmandu time)", where that is not London. */
export function localTime(start: string, zone: string) {
  const at = slotLabel(start, zone);
  return fill(eventCopy.yourTime, {
    when: fill(zoneWords.office, { day: at.day, time: isolateLtr(at.time), city: zoneCity(zone) }),
  });
}

function showLocalTimes(zone: string) {
  if (zone === EVENT_ZONE) return;
  for (const el of document.querySelectorAll<HTMLElement>("[data-local-time]")) {
    const start = el.dataset.localTime;
    if (start) el.textContent = localTime(start, zone);
  }
}

/** What the events server says of one event's places. */
export interface Places {
  capacity: number;
  confirmed: number;
  waiting: number;
  left: number;
  state: "open" | "full" | "closed" | "cancelled" | "past";
}

/** The words for an event's places: "12 places left", "Full: join the waiting list". */
export function placesText(places: Places) {
  switch (places.state) {
    case "open":
      return places.left === 1
        ? eventCopy.onePlaceLeft
        : fill(eventCopy.placesLeft, { count: isolateLtr(String(places.left)) });
    case "full":
      return eventCopy.full;
    case "closed":
      return eventCopy.closed;
    case "cancelled":
      return eventCopy.cancelledShort;
    case "past":
      return eventCopy.pastShort;
  }
}

function startPlaces() {
  const elements = [...document.querySelectorAll<HTMLElement>("[data-places]")];
  const url = elements[0]?.dataset.placesUrl;
  if (!url) return;
  let started = false;
  let live = false;
  const refresh = async () => {
    try {
      const response = await fetch(url, { headers: { Accept: "application/json" } });
      if (!response.ok) return;
      const data = (await response.json()) as { events?: Record<string, Places> };
      for (const el of elements) {
        const places = data.events?.[el.dataset.places ?? ""];
        if (!places) continue;
        const text = placesText(places);
        el.dataset.state = places.state;
        if (el.textContent !== text) el.textContent = text;
      }
      // The first answer only corrects the HTML's figure, silently; a later change is announced.
      if (!live) for (const el of elements) el.setAttribute("aria-live", "polite");
      live = true;
    } catch {
      // The capacity the HTML shows stays: the form still takes registrations.
    }
  };
  const start = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    void refresh();
    setInterval(() => document.visibilityState === "visible" && void refresh(), REFRESH_MS);
  };
  const observer = new IntersectionObserver(
    (entries) => entries.some((e) => e.isIntersecting) && start(),
    { rootMargin: "300px 0px" },
  );
  for (const el of elements) observer.observe(el);
}
