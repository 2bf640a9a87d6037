/**
 * The events pages' small script (no React): each start time also in the visitor's own zone
 * (./slots.ts, as the booking page does), the registration form told that zone, and the live
 * places from `GET …/places`, read as the first count nears the viewport and again every minute
 * while the page is shown. The HTML without it says London time and the capacity.
 */
import { eventCopy } from "../content/eventPages";
import { zoneWords } from "../content/formats";
import { isolateLtr } from "../lib/bidi";
import { intlLocale } from "../i18n/intl";
import { zoneCity } from "../lib/slots";
import {
  visitorTimes,
  type TimeLabel,
  type TimesRequest,
  type VisitorTimes,
} from "../lib/visitorTimes";
import { askTimesWorker } from "./times";
import { fill } from "../lib/template";
import { placesText as placesWords, type Places } from "../lib/places";

const REFRESH_MS = 60_000;
// Events are in London time (src/lib/events.ts, which this script does not import: it holds the schema).
const EVENT_ZONE = "Europe/London";

/** `everyTimeNow`: the visitor has already pressed a key, tapped or focused something. */
export function startEvents({ everyTimeNow = false } = {}) {
  startLocalTimes(everyTimeNow);
  startPlaces();
}

/**
 * The local times, and the registration form's zone, as each nears the viewport. The time-zone
 * work (Intl formatters) runs in a worker (./timesWorker.ts), once, for every time on the page:
 * on the page's thread it is a long task while the page loads. Most of these elements are far
 * below the first screen (the home page's events), so none of it starts during load unless one
 * is on or near the first screen.
 */
function startLocalTimes(everyTimeNow: boolean) {
  const form = document.querySelector<HTMLFormElement>("form[data-enquiry=registration]");
  const times = [...document.querySelectorAll<HTMLElement>("[data-local-time]")];
  const targets = [...times, ...(form ? [form] : [])];
  if (!targets.length) return;
  let known: Promise<VisitorTimes> | undefined;
  const done = new Set<Element>();
  const update = (el: Element) => {
    if (done.has(el)) return;
    done.add(el);
    known ??= timesOf({
      starts: [...new Set(times.map((t) => t.dataset.localTime ?? ""))],
      locale: intlLocale(),
    });
    void known.then(({ zone, labels }) => {
      if (!zone) return;
      if (el instanceof HTMLFormElement) {
        if (!el.elements.namedItem("zone"))
          el.append(
            Object.assign(document.createElement("input"), {
              type: "hidden",
              name: "zone",
              value: zone,
            }),
          );
      } else if (zone !== EVENT_ZONE && el instanceof HTMLElement) {
        const at = labels[el.dataset.localTime ?? ""];
        if (at) el.textContent = localTime(at, zone);
      }
    });
  };
  if (everyTimeNow || !("IntersectionObserver" in window)) return targets.forEach(update);
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        update(entry.target);
      }
    },
    { rootMargin: "600px 0px" },
  );
  for (const el of targets) observer.observe(el);
  // On the visitor's first key, tap or focus, the rest at once: what a find in the page or a
  // screen reader reaches without scrolling says the visitor's time too, and a registration sent
  // before its form came near (a link to its #anchor) still says the zone.
  const all = () => {
    for (const type of ["pointerdown", "keydown", "focusin"]) removeEventListener(type, all, true);
    observer.disconnect();
    targets.forEach(update);
  };
  for (const type of ["pointerdown", "keydown", "focusin"])
    addEventListener(type, all, { capture: true, passive: true });
}

/** The visitor's zone and the times in it: from the worker, else worked out here. */
const timesOf = (request: TimesRequest): Promise<VisitorTimes> =>
  askTimesWorker(request).then((times) => times ?? visitorTimes(request));

/** "Your time: Thursday 10 December, 00:45 (Kathmandu time)": a start as it reads in `zone`. */
export function localTime(at: TimeLabel, zone: string) {
  return fill(eventCopy.yourTime, {
    when: fill(zoneWords.office, { day: at.day, time: isolateLtr(at.time), city: zoneCity(zone) }),
  });
}

/** The words for an event's places, in this page's language. */
export const placesText = (places: Places) => placesWords(eventCopy, places);

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
