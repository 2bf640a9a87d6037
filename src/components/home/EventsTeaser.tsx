import { eventCopy } from "../../content/eventPages";
import { events } from "../../events/content";
import { buildNow } from "../../config";
import { EVENTS_PATH, splitByTime } from "../../lib/events";
import { EventCard } from "../events/EventCard";
import { Section } from "../Section";

/** Home #events: the next three upcoming events, and a link to them all. */
export function EventsTeaser() {
  const next = splitByTime(Object.values(events), buildNow).upcoming.slice(0, 3);
  return (
    <Section
      id="events"
      title={eventCopy.teaserTitle}
      intro={eventCopy.teaserIntro}
      eyebrow={eventCopy.eyebrow}
    >
      {next.length > 0 && (
        <ul className="event-list event-teaser">
          {next.map((event) => (
            <EventCard key={event.slug} event={event} />
          ))}
        </ul>
      )}
      <p className="event-archive-link">
        <a className="button button-outline" href={EVENTS_PATH}>
          {eventCopy.teaserLink}
        </a>
      </p>
    </Section>
  );
}
