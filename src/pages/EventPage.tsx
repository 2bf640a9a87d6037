import { eventCopy } from "../content/eventPages";
import type { PublicEvent } from "../events/load";
import { pageLocale } from "../i18n/pageLocale";
import { EVENTS_PATH } from "../lib/events";
import { fill } from "../lib/template";
import { PageHero } from "../components/PageHero";
import { EventFacts } from "../components/events/EventFacts";
import { Registration } from "../components/events/Registration";
import { kindName, languageName } from "../components/events/eventWords";

interface Props {
  event: PublicEvent;
}

/** /events/<slug>: the event, its facts and body, and how to register (or what became of it). */
export function EventPage({ event }: Props) {
  return (
    <>
      <PageHero eyebrow={kindName(event)} title={event.title} lead={event.summary} />
      <div className="section">
        <div className="container event-layout">
          <article className="event-main" aria-labelledby="event-about-title">
            <h2 id="event-about-title" className="visually-hidden">
              {eventCopy.facts.label}
            </h2>
            {/* Said on every language's page: a student must know before registering. */}
            {event.language !== pageLocale().code && (
              <p className="event-language-note">
                {fill(eventCopy.heldInNote, { language: languageName(event) })}
              </p>
            )}
            <EventFacts event={event} />
            <div className="prose">
              {event.body.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </div>
            <p>
              <a href={EVENTS_PATH}>{eventCopy.moreEvents}</a>
            </p>
          </article>
          <Registration event={event} />
        </div>
      </div>
    </>
  );
}
