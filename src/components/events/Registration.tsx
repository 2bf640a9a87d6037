import { eventCopy } from "../../content/eventPages";
import { site } from "../../content/site";
import type { PublicEvent } from "../../events/load";
import { mailtoWithBody } from "../../lib/enquiry";
import { EVENTS_PATH, EVENT_ZONE, eventState } from "../../lib/events";
import { bothZones } from "../../lib/slots";
import { fill } from "../../lib/template";
import { buildNow, eventsEndpoint } from "../../config";
import { Filled } from "../Filled";
import { Ltr } from "../Ltr";
import { RegistrationForm } from "./RegistrationForm";

interface Props {
  event: PublicEvent;
}

/**
 * The event page's registration card: the form while registration is open (or, with no events
 * server, a pre-filled e-mail); otherwise what happened: taken place, closed or cancelled.
 */
export function Registration({ event }: Props) {
  const state = eventState(event, buildNow);
  if (state !== "open")
    return (
      <section className="card event-register" aria-labelledby="register-title">
        <h2 id="register-title">{eventCopy.registerTitle}</h2>
        <p className={`event-state is-${state}`}>
          {state === "past"
            ? eventCopy.tookPlace
            : state === "cancelled"
              ? eventCopy.cancelled
              : eventCopy.closedNote}
        </p>
        {state === "cancelled" && <p>{eventCopy.cancelledNote}</p>}
        <p>
          <a className="button button-outline" href={EVENTS_PATH}>
            {eventCopy.moreEvents}
          </a>
        </p>
      </section>
    );
  if (!eventsEndpoint) {
    const when = bothZones(event.startsAt, EVENT_ZONE, EVENT_ZONE);
    const href = mailtoWithBody(
      site.admissionsEmail,
      fill(eventCopy.emailSubject, { title: event.title }),
      fill(eventCopy.emailBody, { title: event.title, when }),
    );
    return (
      <section className="card event-register" aria-labelledby="register-title">
        <h2 id="register-title">{eventCopy.byEmailTitle}</h2>
        <p>{eventCopy.byEmailText}</p>
        <p>
          <a className="button button-primary" href={href}>
            <Filled
              text={eventCopy.byEmailAction}
              values={{ address: <Ltr>{site.admissionsEmail}</Ltr> }}
            />
          </a>
        </p>
      </section>
    );
  }
  return (
    <section
      id="register"
      className="card form-card event-register"
      aria-labelledby="register-title"
    >
      <h2 id="register-title">{eventCopy.registerTitle}</h2>
      <p>{eventCopy.registerLead}</p>
      <RegistrationForm event={event} endpoint={eventsEndpoint} />
    </section>
  );
}
