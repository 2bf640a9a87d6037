import { eventCopy } from "../content/eventPages";
import { events } from "../events/content";
import { buildNow } from "../config";
import { EVENTS_PATH, splitByTime } from "../lib/events";
import { PageHero } from "../components/PageHero";
import { EventList } from "../components/events/EventList";

/** /events/past: the events held, newest first, each page kept (docs/developers/). */
export function PastEventsPage() {
  const { past } = splitByTime(Object.values(events), buildNow);
  return (
    <>
      <PageHero eyebrow={eventCopy.eyebrow} title={eventCopy.pastTitle} lead={eventCopy.pastLead} />
      <div className="section">
        <div className="container event-index">
          {past.length ? (
            <EventList events={past} />
          ) : (
            <p className="event-none">{eventCopy.nonePast}</p>
          )}
          <p className="event-archive-link">
            <a href={EVENTS_PATH}>{eventCopy.upcomingLink}</a>
          </p>
        </div>
      </div>
    </>
  );
}
