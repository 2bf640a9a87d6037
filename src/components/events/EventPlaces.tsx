import { eventCopy } from "../../content/eventPages";
import type { PublicEvent } from "../../events/load";
import { eventState } from "../../lib/events";
import { eventsEndpoint, buildNow } from "../../config";
import { Filled } from "../Filled";
import { Ltr } from "../Ltr";

interface Props {
  event: PublicEvent;
}

/**
 * An event's places: the capacity in the HTML; where registration is open and an events server
 * is configured, src/client/events.ts replaces it with the live count ("12 places left", "Full:
 * join the waiting list") from `GET …/places` as it nears the viewport.
 */
export function EventPlaces({ event }: Props) {
  const state = eventState(event, buildNow);
  if (state !== "open")
    return (
      <p className={`event-places is-${state}`}>
        {state === "closed"
          ? eventCopy.closed
          : state === "past"
            ? eventCopy.pastShort
            : eventCopy.cancelledShort}
      </p>
    );
  const live = eventsEndpoint
    ? { "data-places": event.slug, "data-places-url": `${eventsEndpoint}/places` }
    : {};
  return (
    <p className="event-places" {...live}>
      {event.capacity === 1 ? (
        eventCopy.onePlace
      ) : (
        <Filled text={eventCopy.places} values={{ count: <Ltr>{event.capacity}</Ltr> }} />
      )}
    </p>
  );
}
