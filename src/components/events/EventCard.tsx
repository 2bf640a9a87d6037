import { eventCopy } from "../../content/eventPages";
import type { PublicEvent } from "../../events/load";
import { eventPath } from "../../lib/events";
import { fill } from "../../lib/template";
import { EventPlaces } from "./EventPlaces";
import { EventWhen } from "./EventWhen";
import { kindName, languageName, whereName } from "./eventWords";

interface Props {
  event: PublicEvent;
}

/** One event in a list: what, when (London, then the visitor's zone), where, places, a link. */
export function EventCard({ event }: Props) {
  const titleId = `event-${event.slug}-title`;
  return (
    <li className="card event-card">
      <article aria-labelledby={titleId}>
        <p className="event-kind">
          {kindName(event)} · {fill(eventCopy.heldIn, { language: languageName(event) })} ·{" "}
          {whereName(event)}
        </p>
        <h3 className="event-title" id={titleId}>
          <a href={eventPath(event.slug)}>{event.title}</a>
        </h3>
        <EventWhen startsAt={event.startsAt} />
        <p className="event-summary">{event.summary}</p>
        <EventPlaces event={event} />
      </article>
    </li>
  );
}
