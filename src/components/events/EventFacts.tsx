import { eventCopy } from "../../content/eventPages";
import { site } from "../../content/site";
import type { PublicEvent } from "../../events/load";
import { fill } from "../../lib/template";
import { Filled } from "../Filled";
import { Ltr } from "../Ltr";
import { EventPlaces } from "./EventPlaces";
import { EventWhen } from "./EventWhen";
import { languageName, whereName } from "./eventWords";

interface Props {
  event: PublicEvent;
}

/** An event's page: when (London, and the visitor's zone), how long, language, where, host, places. */
export function EventFacts({ event }: Props) {
  const { facts } = eventCopy;
  return (
    <dl className="event-facts">
      <div>
        <dt>{facts.when}</dt>
        <dd>
          <EventWhen startsAt={event.startsAt} />
        </dd>
      </div>
      <div>
        <dt>{facts.length}</dt>
        <dd>
          <Filled text={facts.minutes} values={{ minutes: <Ltr>{event.minutes}</Ltr> }} />
        </dd>
      </div>
      <div>
        <dt>{facts.language}</dt>
        <dd>{fill(eventCopy.heldIn, { language: languageName(event) })}</dd>
      </div>
      <div>
        <dt>{facts.where}</dt>
        <dd>
          {whereName(event)}
          {event.where === "office" ? (
            <address className="event-address">
              {site.address.lines.map((line) => (
                <span key={line}>
                  <Ltr>{line}</Ltr>
                </span>
              ))}
            </address>
          ) : (
            <span className="event-online-note">{eventCopy.onlineNote}</span>
          )}
        </dd>
      </div>
      <div>
        <dt>{facts.host}</dt>
        <dd>{event.host}</dd>
      </div>
      <div>
        <dt>{facts.places}</dt>
        <dd>
          <EventPlaces event={event} />
        </dd>
      </div>
    </dl>
  );
}
