import type { SiteEvent } from "../../../src/events/load";
import type { Registration } from "../../events/store";
import { Csrf, londonTime, renderPage, type PageContext } from "./Layout";

const clock = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  timeStyle: "short",
});

/** The door's list: one tick form per person (works on a phone, prints on one sheet). */
export function checkInPage(
  context: PageContext,
  data: { event: SiteEvent; people: Registration[]; arrived: Map<string, string> },
) {
  const { event, people, arrived } = data;
  const action = `/desk/events/${event.slug}/check-in`;
  return renderPage(
    `Check-in: ${event.title}`,
    { ...context, current: "events" },
    <>
      <p>
        <time dateTime={event.startsAt}>{londonTime(event.startsAt)}</time> London time.{" "}
        <span role="status">{`${people.filter((r) => arrived.has(r.id)).length} of ${people.length} arrived.`}</span>
      </p>
      <p className="no-print">
        <a href={`/desk/events/${event.slug}`}>The event&apos;s registrations</a>
      </p>
      {people.length ? (
        <ul className="check-in">
          {people.map((r) => {
            const at = arrived.get(r.id);
            return (
              <li key={r.id} className={at ? "arrived" : undefined}>
                <span className="tick" aria-hidden="true">
                  {at ? "✓" : ""}
                </span>
                <span className="who">
                  <span dir="auto">{r.fullName}</span>{" "}
                  <span className="quiet" dir="auto">
                    {r.country}
                  </span>
                  {at ? (
                    <span className="quiet">
                      {" "}
                      arrived <time dateTime={at}>{clock.format(new Date(at))}</time>
                    </span>
                  ) : null}
                </span>
                <form method="post" action={action} className="inline no-print">
                  <Csrf token={context.csrf} />
                  <input type="hidden" name="registration" value={r.id} />
                  <input type="hidden" name="arrived" value={at ? "0" : "1"} />
                  <button type="submit" className={at ? "link-button" : undefined}>
                    {at ? "Undo" : "Arrived"}
                    <span className="visually-hidden"> {r.fullName}</span>
                  </button>
                </form>
              </li>
            );
          })}
        </ul>
      ) : (
        <p>Nobody is registered.</p>
      )}
    </>,
  );
}
