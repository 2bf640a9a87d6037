import type { PublicEvent } from "../../events/load";
import { byMonth } from "../../lib/events";
import { monthSpan } from "../../lib/slots";
import { EventCard } from "./EventCard";

interface Props {
  events: PublicEvent[];
}

/** Events under a heading per London month ("December 2026"), in the order given. */
export function EventList({ events }: Props) {
  return byMonth(events).map(({ month, events: inMonth }) => (
    <section className="event-month" key={month} aria-labelledby={`month-${month}`}>
      <h2 id={`month-${month}`}>{monthSpan(`${month}-01`, `${month}-01`)}</h2>
      <ul className="event-list">
        {inMonth.map((event) => (
          <EventCard key={event.slug} event={event} />
        ))}
      </ul>
    </section>
  ));
}
