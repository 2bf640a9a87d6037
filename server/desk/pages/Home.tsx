import type { Booking } from "../../booking/store";
import type { LeadStatus, OutboxName } from "../../db/schema";
import { modeById } from "../../../src/lib/bookingRules";
import { slotLabel } from "../../../src/lib/slots";
import type { StaleClaim } from "../claims";
import { LONDON } from "../consultations";
import { deliveryLabel, type FailedDelivery } from "../deliveries";
import { dayName } from "./Consultations";
import type { EventRow } from "./Events";
import { Csrf, londonTime, renderPage, When, type PageContext } from "./Layout";
import { kindLabel, LeadTable, type LeadRow } from "./LeadTable";
import { LiveNotice, type Live } from "./Live";

/** The e-mail or webhook a Retry (Resend) button sends again. */
export interface RetryTarget {
  outbox: OutboxName;
  id: string;
  mail: string;
}

/** A plain form: re-queues one given-up e-mail (POST /desk/deliveries/retry). */
export function RetryButton({
  target,
  csrf,
  back,
  label,
  what,
}: {
  target: RetryTarget;
  csrf: string;
  back: "home" | "lead";
  label: string;
  /** Which one, for a screen reader among several buttons. */
  what: string;
}) {
  return (
    <form method="post" action="/desk/deliveries/retry" className="inline">
      <Csrf token={csrf} />
      <input type="hidden" name="outbox" value={target.outbox} />
      <input type="hidden" name="id" value={target.id} />
      <input type="hidden" name="mail" value={target.mail} />
      <input type="hidden" name="back" value={back} />
      <button type="submit">
        {label}
        <span className="visually-hidden"> {what}</span>
      </button>
    </form>
  );
}

const time = (start: string) => slotLabel(start, LONDON, "en-GB").time;

function Consultations({ days }: { days: Map<string, Booking[]> }) {
  const dates = [...days.keys()];
  return (
    <section aria-labelledby="consultations">
      <h2 id="consultations">Today&apos;s and tomorrow&apos;s consultations</h2>
      {dates.map((date, i) => {
        const bookings = (days.get(date) ?? []).filter((b) => b.state === "booked");
        return (
          <div key={date}>
            <h3>
              <a href={`/desk/consultations?day=${date}`}>
                {i === 0 ? "Today" : "Tomorrow"}, {dayName(date)}
              </a>
            </h3>
            {bookings.length ? (
              <ul className="bookings">
                {bookings.map((b) => (
                  <li key={b.id}>
                    <time dateTime={b.start}>{time(b.start)}</time>{" "}
                    {modeById(b.mode)?.name ?? b.mode}:{" "}
                    <a href={`/desk/leads/booking/${b.id}`} dir="auto">
                      {b.fullName}
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="quiet">No consultations.</p>
            )}
          </div>
        );
      })}
    </section>
  );
}

function NextEvents({ events }: { events: EventRow[] }) {
  return (
    <section aria-labelledby="next-events">
      <h2 id="next-events">The next events</h2>
      {events.length ? (
        <div
          className="table-scroll"
          tabIndex={0}
          role="region"
          aria-label="Places at the next events"
        >
          <table>
            <caption>The next events to start (London time)</caption>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Starts</th>
                <th scope="col">Capacity</th>
                <th scope="col">Registered</th>
                <th scope="col">Places left</th>
              </tr>
            </thead>
            <tbody>
              {events.map(({ event, places }) => (
                <tr key={event.slug}>
                  <th scope="row">
                    <a href={`/desk/events/${event.slug}`}>{event.title}</a>
                  </th>
                  <td>
                    <time dateTime={event.startsAt}>{londonTime(event.startsAt)}</time>
                  </td>
                  <td>{places.capacity}</td>
                  <td>{places.confirmed}</td>
                  <td>{places.left}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="quiet">No events to come.</p>
      )}
      <p>
        <a href="/desk/events">All events</a>
      </p>
    </section>
  );
}

function Failed({
  rows,
  total,
  now,
  csrf,
}: {
  rows: FailedDelivery[];
  total: number;
  now: number;
  csrf: string;
}) {
  return (
    <section aria-labelledby="failed">
      <h2 id="failed">E-mails and webhooks not delivered</h2>
      {rows.length ? (
        <>
          <p>
            A failed one is tried again by itself. A given-up one waits for you: put right what its
            reason says if you can, then choose <strong>Retry</strong> and the server sends it once.
          </p>
          <ul className="failed">
            {rows.map((row) => {
              const what = deliveryLabel(row.outbox, row.mail);
              return (
                <li key={`${row.outbox}/${row.id}/${row.mail}`}>
                  <strong>{what}</strong>
                  {row.lead ? (
                    <>
                      {" "}
                      for{" "}
                      <a href={`/desk/leads/${row.lead.kind}/${row.lead.id}`} dir="auto">
                        {row.lead.name || "(no name)"}
                      </a>{" "}
                      <span className="quiet">({kindLabel[row.lead.kind].toLowerCase()})</span>
                    </>
                  ) : null}
                  : {row.state === "flagged" ? "given up" : "failed"} <When at={row.at} now={now} />
                  {row.attempts ? ` after ${row.attempts} failed attempts` : null}
                  {row.reason ? (
                    <p className="note" dir="auto">
                      {row.reason}
                    </p>
                  ) : null}
                  {row.state === "flagged" ? (
                    <RetryButton
                      target={row}
                      csrf={csrf}
                      back="home"
                      label="Retry"
                      what={`${what}${row.lead ? ` for ${row.lead.name}` : ""}`}
                    />
                  ) : row.dueAt ? (
                    <p className="quiet">
                      Next try: <time dateTime={row.dueAt}>{londonTime(row.dueAt)}</time>
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {total > rows.length ? (
            <p>
              The newest {rows.length} of {total} are shown: <code>npm run enquiries</code> lists
              the enquiries&apos; and <code>npm run enquiries -- --retry</code> re-queues every
              given-up one.
            </p>
          ) : null}
        </>
      ) : (
        <p className="quiet">Every e-mail and webhook was delivered or is on its way.</p>
      )}
    </section>
  );
}

function Claims({ claims }: { claims: StaleClaim[] }) {
  return (
    <section aria-labelledby="claims">
      <h2 id="claims">The site&apos;s out-of-date claims</h2>
      {claims.length ? (
        <ul className="claims">
          {claims.map((claim, i) => (
            <li key={i}>
              {claim.file ? (
                <>
                  <code>{claim.file}</code>, <code>{claim.field}</code>:{" "}
                </>
              ) : null}
              {claim.text}
              {claim.editor ? (
                <>
                  {" "}
                  <a href={claim.editor}>
                    Open it in the editor
                    <span className="visually-hidden"> ({claim.file})</span>
                  </a>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="quiet">Every dated claim on the site holds today.</p>
      )}
    </section>
  );
}

export function homePage(
  context: PageContext,
  data: {
    now: number;
    since: string | null;
    fresh: LeadRow[];
    freshCount: number;
    byStatus: Partial<Record<LeadStatus, number>>;
    names: Map<string, string>;
    consultations: Map<string, Booking[]>;
    events: EventRow[];
    failed: { rows: FailedDelivery[]; total: number };
    claims: StaleClaim[];
    done?: string;
    live?: Live;
  },
) {
  const { byStatus } = data;
  return renderPage(
    "Home",
    { ...context, current: "home" },
    <>
      <LiveNotice live={data.live} />
      {data.done ? (
        <div className="banner" role="status">
          <p>{data.done}</p>
        </div>
      ) : null}
      <ul className="counts">
        <li>
          <a href="/desk/inbox?status=new">
            <strong>{byStatus.new ?? 0}</strong> new
          </a>
        </li>
        <li>
          <a href="/desk/inbox?status=in+progress">
            <strong>{byStatus["in progress"] ?? 0}</strong> in progress
          </a>
        </li>
        <li>
          <a href="/desk/inbox?status=closed">
            <strong>{byStatus.closed ?? 0}</strong> closed
          </a>
        </li>
      </ul>
      <h2>
        {data.since
          ? `${data.freshCount} new since your last visit`
          : `${data.freshCount} leads so far`}
      </h2>
      <LeadTable
        rows={data.fresh}
        now={data.now}
        names={data.names}
        caption={data.since ? "The latest leads since your last visit" : "The latest leads"}
      />
      <p>
        <a href="/desk/inbox">All leads in the inbox</a>
      </p>
      <Consultations days={data.consultations} />
      <NextEvents events={data.events} />
      <Failed {...data.failed} now={data.now} csrf={context.csrf} />
      <Claims claims={data.claims} />
    </>,
  );
}
