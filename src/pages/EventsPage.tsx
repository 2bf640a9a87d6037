import { eventCopy } from "../content/eventPages";
import { events } from "../events/content";
import { buildNow } from "../config";
import {
  EVENTS_PATH,
  PAST_EVENTS_PATH,
  filterEvents,
  splitByTime,
  type EventFilter,
} from "../lib/events";
import { PageHero } from "../components/PageHero";
import { EventFilters } from "../components/events/EventFilters";
import { EventList } from "../components/events/EventList";

interface Props {
  /** The filter this page shows (a page per filter, so that they work as links). */
  filter?: EventFilter;
  /** The page's title, the filter's name on a filter page. */
  title?: string;
}

/** /events and its filter pages: upcoming events by London month, and the filters as links. */
export function EventsPage({ filter = {}, title = eventCopy.title }: Props) {
  const { upcoming } = splitByTime(Object.values(events), buildNow);
  const shown = filterEvents(upcoming, filter);
  const filtered = Boolean(filter.kind ?? filter.language);
  return (
    <>
      <PageHero eyebrow={eventCopy.eyebrow} title={title} lead={eventCopy.lead} />
      <div className="section">
        <div className="container event-index">
          <EventFilters current={filter} />
          {shown.length ? (
            <EventList events={shown} />
          ) : (
            <p className="event-none">
              {filtered ? eventCopy.noneMatch : eventCopy.noneUpcoming}{" "}
              {filtered && <a href={EVENTS_PATH}>{eventCopy.showAll}</a>}
            </p>
          )}
          <p className="event-archive-link">
            <a href={PAST_EVENTS_PATH}>{eventCopy.pastLink}</a>
          </p>
        </div>
      </div>
    </>
  );
}
