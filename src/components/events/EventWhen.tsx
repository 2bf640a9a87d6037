import { zoneWords } from "../../content/formats";
import { EVENT_ZONE, zonedIso } from "../../lib/events";
import { slotLabel, zoneCity } from "../../lib/slots";
import { Filled } from "../Filled";
import { Ltr } from "../Ltr";

interface Props {
  /** UTC ISO instant. */
  startsAt: string;
}

/**
 * When an event starts, in London with the zone named ("Wednesday 9 December, 18:00 (London
 * time)"), and a line kept free for the visitor's own zone, which src/client/events.ts fills.
 */
export function EventWhen({ startsAt }: Props) {
  const london = slotLabel(startsAt, EVENT_ZONE);
  return (
    <p className="event-when">
      <time dateTime={zonedIso(startsAt, EVENT_ZONE)}>
        <Filled
          text={zoneWords.office}
          values={{ day: london.day, time: <Ltr>{london.time}</Ltr>, city: zoneCity(EVENT_ZONE) }}
        />
      </time>
      {/* Reserved (one or two lines) so that filling it moves nothing. */}
      <span className="event-local" data-local-time={startsAt} />
    </p>
  );
}
