import type { Booking } from "../../booking/store";
import type { Slot } from "../../../src/lib/slots";
import { modeById } from "../../../src/lib/bookingRules";
import { addDays, slotLabel, zoneCity } from "../../../src/lib/slots";
import { LONDON } from "../consultations";
import { Csrf, renderPage, type PageContext } from "./Layout";

const time = (start: string) => slotLabel(start, LONDON, "en-GB").time;
const dayFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});
/** "Monday 7 December 2026" for a London date. */
export const dayName = (date: string) => dayFormat.format(new Date(`${date}T12:00:00Z`));
const modeName = (mode: string) => modeById(mode)?.name ?? mode;

export interface ConsultationsData {
  days: Map<string, Booking[]>;
  /** The viewer's own zone: its time beside London's when it is not London. */
  zone: string;
  /** A single day shown, not a week. */
  single: boolean;
  now: number;
  canCancel: boolean;
  done?: string;
}

/** The time in the viewer's own zone (and its day, when not London's), if not London. */
function Theirs({ start, zone }: { start: string; zone: string }) {
  if (zone === LONDON) return null;
  const there = slotLabel(start, zone, "en-GB");
  const sameDay = there.date === slotLabel(start, LONDON).date;
  return (
    <span className="quiet">
      {` (${sameDay ? "" : `${there.day}, `}${there.time} in ${zoneCity(zone)})`}
    </span>
  );
}

function Pager({ first, single }: { first: string; single: boolean }) {
  const step = single ? 1 : 7;
  const key = single ? "day" : "week";
  return (
    <nav aria-label={single ? "Days" : "Weeks"} className="pager">
      <a href={`/desk/consultations?${key}=${addDays(first, -step)}`}>
        Previous {single ? "day" : "week"}
      </a>{" "}
      <a href="/desk/consultations">This week</a>{" "}
      {single ? <a href={`/desk/consultations?week=${first}`}>The whole week</a> : null}{" "}
      <a href={`/desk/consultations?${key}=${addDays(first, step)}`}>
        Next {single ? "day" : "week"}
      </a>
    </nav>
  );
}

export function consultationsPage(context: PageContext, data: ConsultationsData) {
  const dates = [...data.days.keys()];
  const first = dates[0] ?? "";
  return renderPage(
    data.single ? `Consultations on ${dayName(first)}` : `Consultations, week of ${dayName(first)}`,
    { ...context, current: "consultations" },
    <>
      {data.done ? (
        <div className="banner" role="status">
          <p>{data.done}</p>
        </div>
      ) : null}
      {data.zone === LONDON ? (
        <p>Times are London time.</p>
      ) : (
        <p>
          {`Times are London time, with yours (${zoneCity(data.zone)}) beside them. `}
          Change your zone on <a href="/desk/account">Your sign-in</a>.
        </p>
      )}
      <Pager first={first} single={data.single} />
      {dates.map((date) => {
        const bookings = data.days.get(date) ?? [];
        return (
          <section key={date} aria-labelledby={`day-${date}`} className="day">
            <h2 id={`day-${date}`}>
              {data.single ? (
                dayName(date)
              ) : (
                <a href={`/desk/consultations?day=${date}`}>{dayName(date)}</a>
              )}
            </h2>
            {bookings.length ? (
              <ul className="bookings">
                {bookings.map((b) => (
                  <li key={b.id} className={`booking booking-${b.state}`}>
                    <time dateTime={b.start}>{time(b.start)}</time>
                    <Theirs start={b.start} zone={data.zone} /> {modeName(b.mode)}:{" "}
                    <a href={`/desk/leads/booking/${b.id}`} dir="auto">
                      {b.fullName}
                    </a>{" "}
                    <span className="quiet">
                      {b.state === "cancelled"
                        ? `cancelled${b.cancelledBy ? ` by ${b.cancelledBy === "staff" ? "staff" : "the student"}` : ""}`
                        : "booked"}
                    </span>
                    {data.canCancel && b.state === "booked" && Date.parse(b.start) > data.now ? (
                      <>
                        {" "}
                        <a href={`/desk/consultations/${b.id}/move`}>
                          Move
                          <span className="visually-hidden"> {b.fullName}&apos;s consultation</span>
                        </a>{" "}
                        <a href={`/desk/consultations/${b.id}/cancel`}>
                          Cancel
                          <span className="visually-hidden"> {b.fullName}&apos;s consultation</span>
                        </a>
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="quiet">No consultations.</p>
            )}
          </section>
        );
      })}
    </>,
  );
}

/** The question before a cancellation: what will happen, and the button. */
export function cancelBookingPage(context: PageContext, booking: Booking) {
  return renderPage(
    "Cancel this consultation?",
    { ...context, current: "consultations" },
    <>
      <p>
        <span dir="auto">{booking.fullName}</span>, {modeName(booking.mode)},{" "}
        {dayName(slotLabel(booking.start, LONDON).date)} at{" "}
        <time dateTime={booking.start}>{time(booking.start)}</time> London time.
      </p>
      <p>
        The student is e-mailed the cancellation and an updated calendar invite, and the advisers
        are told, as when <code>npm run bookings -- --cancel</code> is used. It cannot be undone.
      </p>
      <form method="post" action={`/desk/consultations/${booking.id}/cancel`} className="stack">
        <Csrf token={context.csrf} />
        <button type="submit">Cancel the consultation</button>
      </form>
      <p>
        <a href={`/desk/consultations?day=${slotLabel(booking.start, LONDON).date}`}>
          Keep it and go back
        </a>
      </p>
    </>,
  );
}

/** A move: the free times of the same way to talk, by London day, and the button. */
export function moveBookingPage(context: PageContext, booking: Booking, slots: Slot[]) {
  const days = new Map<string, Slot[]>();
  for (const s of slots) {
    const date = slotLabel(s.start, LONDON).date;
    days.set(date, [...(days.get(date) ?? []), s]);
  }
  const date = slotLabel(booking.start, LONDON).date;
  return renderPage(
    "Move this consultation",
    { ...context, current: "consultations" },
    <>
      <p>
        <span dir="auto">{booking.fullName}</span>, {modeName(booking.mode)}, now {dayName(date)} at{" "}
        <time dateTime={booking.start}>{time(booking.start)}</time> London time.
      </p>
      <p>
        The student is e-mailed the new time with an updated calendar invite, and the advisers are
        told, as when the student moves it with their manage link.
      </p>
      {slots.length ? (
        <form method="post" action={`/desk/consultations/${booking.id}/move`} className="stack">
          <Csrf token={context.csrf} />
          <label htmlFor="move-start">New time (London)</label>
          <select id="move-start" name="start" required>
            {[...days].map(([day, free]) => (
              <optgroup key={day} label={dayName(day)}>
                {free.map((s) => (
                  <option key={s.start} value={s.start}>
                    {`${dayName(day)}, ${time(s.start)}`}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          <button type="submit">Move the consultation</button>
        </form>
      ) : (
        <p>There is no free time for this way to talk at the moment.</p>
      )}
      <p>
        <a href={`/desk/consultations?day=${date}`}>Keep it and go back</a>
      </p>
    </>,
  );
}
