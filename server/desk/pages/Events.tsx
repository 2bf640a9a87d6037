import type { Places } from "../../events/desk";
import type { Registration } from "../../events/store";
import type { SiteEvent } from "../../../src/events/load";
import { Csrf, londonTime, renderPage, type PageContext } from "./Layout";

export interface EventRow {
  event: SiteEvent;
  places: Places;
}

export function eventsPage(context: PageContext, data: { events: EventRow[] }) {
  return renderPage(
    "Events",
    { ...context, current: "events" },
    data.events.length ? (
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Upcoming events">
        <table>
          <caption>Upcoming events (London time)</caption>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Starts</th>
              <th scope="col">Capacity</th>
              <th scope="col">Registered</th>
              <th scope="col">Waiting</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {data.events.map(({ event, places }) => (
              <tr key={event.slug}>
                <th scope="row">
                  <a href={`/desk/events/${event.slug}`}>{event.title}</a>
                </th>
                <td>
                  <time dateTime={event.startsAt}>{londonTime(event.startsAt)}</time>
                </td>
                <td>{places.capacity}</td>
                <td>{places.confirmed}</td>
                <td>{places.waiting}</td>
                <td>{places.state}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    ) : (
      <p>No events to come.</p>
    ),
  );
}

export interface RegistrationRow {
  registration: Registration;
  /** Place on the waiting list, 1 next. */
  place?: number;
}

const DONE: Record<string, string> = {
  cancelled:
    "The registration is cancelled; the person is e-mailed, and a freed place goes to the first in line.",
  promoted: "The free places went to the first in line; they are e-mailed.",
};

export function eventPage(
  context: PageContext,
  data: {
    event: SiteEvent;
    places: Places;
    rows: RegistrationRow[];
    canChange: boolean;
    done?: string;
  },
) {
  const { event, places } = data;
  const done = data.done ? DONE[data.done] : undefined;
  return renderPage(
    event.title,
    { ...context, current: "events" },
    <>
      {done ? (
        <div className="banner" role="status">
          <p>{done}</p>
        </div>
      ) : null}
      <p>
        <time dateTime={event.startsAt}>{londonTime(event.startsAt)}</time> London time.{" "}
        {places.confirmed} registered of {places.capacity}, {places.waiting} waiting ({places.state}
        ).
      </p>
      <p>
        <a href={`/desk/events/${event.slug}/check-in`}>Check-in list for the door</a>
      </p>
      {data.canChange && places.left > 0 && places.waiting > 0 ? (
        <form method="post" action={`/desk/events/${event.slug}/promote`} className="inline">
          <Csrf token={context.csrf} />
          <button type="submit">Give the {places.left} free places to the waiting list</button>
        </form>
      ) : null}
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Registrations">
        <table>
          <caption>Registrations, in order of arrival</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Country</th>
              <th scope="col">Language</th>
              <th scope="col">State</th>
              <th scope="col">Waiting list</th>
              {data.canChange ? <th scope="col">Change</th> : null}
            </tr>
          </thead>
          <tbody>
            {data.rows.map(({ registration: r, place }) => (
              <tr key={r.id}>
                <th scope="row">
                  <a href={`/desk/leads/registration/${r.id}`} dir="auto">
                    {r.fullName}
                  </a>
                </th>
                <td dir="auto">{r.country}</td>
                <td>{r.lang ?? "en"}</td>
                <td>
                  {r.state}
                  {r.cancelledBy ? ` by ${r.cancelledBy}` : ""}
                </td>
                <td>{place ? `number ${place}` : ""}</td>
                {data.canChange ? (
                  <td>
                    {r.state !== "cancelled" ? (
                      <a href={`/desk/events/${event.slug}/registrations/${r.id}/cancel`}>
                        Cancel
                        <span className="visually-hidden"> {r.fullName}&apos;s registration</span>
                      </a>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>,
  );
}

export function cancelRegistrationPage(
  context: PageContext,
  event: SiteEvent,
  registration: Registration,
) {
  return renderPage(
    "Cancel this registration?",
    { ...context, current: "events" },
    <>
      <p>
        <span dir="auto">{registration.fullName}</span>, {registration.state}, for {event.title}.
      </p>
      <p>
        They are e-mailed the cancellation, as when they cancel by their own link; a place freed
        goes to the first in line, who is e-mailed too. It cannot be undone.
      </p>
      <form
        method="post"
        action={`/desk/events/${event.slug}/registrations/${registration.id}/cancel`}
        className="stack"
      >
        <Csrf token={context.csrf} />
        <button type="submit">Cancel the registration</button>
      </form>
      <p>
        <a href={`/desk/events/${event.slug}`}>Keep it and go back</a>
      </p>
    </>,
  );
}
