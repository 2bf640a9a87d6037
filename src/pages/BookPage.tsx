import { fill } from "../lib/template";
import { openingHours } from "../lib/intlWords";
import { Filled } from "../components/Filled";
import { Ltr } from "../components/Ltr";
import { ui } from "../content/ui";
import { booking, bookingCopy } from "../content/booking";
import { mailto, site, whatsappLink } from "../content/site";
import { BookingForm } from "../components/booking/BookingForm";
import { PageHero } from "../components/PageHero";
import { bookingEndpoint } from "../config";
import { officeTimes } from "../components/booking/SlotFields";

/** /book: how and when, then the student's details; or, with no booking server, how to ask by e-mail. */
export function BookPage() {
  const first = officeTimes()[0];
  return (
    <>
      <PageHero eyebrow={ui.eyebrows.book} title={bookingCopy.title} lead={bookingCopy.lead} />
      <section className="section">
        <div className="container booking-layout">
          <div className="booking-main">
            {bookingEndpoint ? (
              <section className="card form-card" aria-labelledby="booking-title">
                <h2 id="booking-title">{ui.bookPage.pickTitle}</h2>
                <BookingForm endpoint={bookingEndpoint} />
              </section>
            ) : (
              <section className="card" aria-labelledby="booking-offline-title">
                <h2 id="booking-offline-title">{bookingCopy.noServer.title}</h2>
                <p>{bookingCopy.noServer.text}</p>
                <p>
                  <a
                    className="button button-primary"
                    href={mailto(site.admissionsEmail, bookingCopy.noServer.emailSubject)}
                  >
                    <Filled
                      text={bookingCopy.noServer.emailAction}
                      values={{ address: <Ltr>{site.admissionsEmail}</Ltr> }}
                    />
                  </a>{" "}
                  <a className="button button-outline" href={whatsappLink()}>
                    WhatsApp <Ltr>{site.mobile.display}</Ltr>
                  </a>
                </p>
              </section>
            )}
          </div>
          <aside className="booking-aside">
            <section className="card" aria-labelledby="booking-hours-title">
              <h2 id="booking-hours-title">{bookingCopy.weeklyHoursTitle}</h2>
              <table className="booking-hours">
                <tbody>
                  {site.officeHours.map((o) => (
                    <tr key={o.days}>
                      <th scope="row">{o.days}</th>
                      <td>{openingHours(o.opens, o.closes)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className="field-hint">
                {bookingCopy.weeklyHoursNote}{" "}
                {fill(ui.bookPage.slotRhythm, {
                  minutes: booking.slotMinutes,
                  every: booking.slotMinutes + booking.bufferMinutes,
                  first,
                })}
              </p>
              <p className="field-hint">
                {ui.bookPage.bankHolidaysFrom}{" "}
                <a href={booking.bankHolidays.source} hrefLang="en">
                  {booking.bankHolidays.sourceName}
                </a>
                , {fill(ui.bookPage.checkedOn, { date: booking.bankHolidays.checked })}
              </p>
            </section>
            <section className="card" aria-labelledby="booking-ways-title">
              <h2 id="booking-ways-title">{ui.bookPage.waysTitle}</h2>
              <ul className="booking-ways">
                {booking.modes.map((m) => (
                  <li key={m.id}>
                    <strong>{m.name}.</strong> {m.description}
                  </li>
                ))}
              </ul>
              <p>
                {bookingCopy.freeTextNote}{" "}
                <a href="/about#consultation-form">{bookingCopy.freeTextLink}</a>
              </p>
            </section>
          </aside>
        </div>
      </section>
    </>
  );
}
