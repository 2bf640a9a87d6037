import type { eventCopy } from "../content/eventPages";
import { isolateLtr } from "./bidi";
import { fill } from "./template";

/** What the events server says of one event's places (GET /api/events/places). */
export interface Places {
  capacity: number;
  confirmed: number;
  waiting: number;
  left: number;
  state: "open" | "full" | "closed" | "cancelled" | "past";
}

/** The words places are told in, in the page's language. */
export type PlacesCopy = Pick<
  typeof eventCopy,
  "onePlaceLeft" | "placesLeft" | "full" | "closed" | "cancelledShort" | "pastShort"
>;

/** The words for an event's places: "12 places left", "Full: join the waiting list". */
export function placesText(copy: PlacesCopy, places: Places) {
  switch (places.state) {
    case "open":
      return places.left === 1
        ? copy.onePlaceLeft
        : fill(copy.placesLeft, { count: isolateLtr(String(places.left)) });
    case "full":
      return copy.full;
    case "closed":
      return copy.closed;
    case "cancelled":
      return copy.cancelledShort;
    case "past":
      return copy.pastShort;
  }
}
