import type { ReactNode } from "react";
import { booking as rules, bookingCopy } from "../../content/booking";
import { site, whatsappLink } from "../../content/site";
import { BookingForm } from "../../src/components/booking/BookingForm";
import { SlotFields } from "../../src/components/booking/SlotFields";
import { modeById } from "../../src/lib/bookingRules";
import type { EnquiryValues, FieldErrors } from "../../src/lib/enquiry";
import { bothZones, type Slot } from "../../src/lib/slots";
import { fill } from "../../src/lib/template";
import { render, type PageAssets } from "../pages";
import type { Booking } from "./store";

/** Where the booking and manage pages post, and what the booking's links are. */
export interface BookingLinks {
  endpoint: string;
  manageUrl: (b: Booking) => string;
  icsUrl: (b: Booking) => string;
}

const when = (b: Booking) => bothZones(b.start, b.zone, rules.zone);

function Details({ b }: { b: Booking }) {
  const mode = modeById(b.mode);
  return (
    <dl className="booking-details">
      <dt>When</dt>
      <dd>{when(b)}</dd>
      <dt>How</dt>
      <dd>
        {mode?.name}: {mode?.description}
      </dd>
      <dt>Length</dt>
      <dd>{rules.slotMinutes} minutes</dd>
    </dl>
  );
}

const page = (assets: PageAssets, title: string, children: ReactNode) =>
  render(
    assets,
    title,
    "/book",
    <section className="section">
      <div className="container enquiry-result">{children}</div>
    </section>,
  );

/** 201 without JavaScript: booked. */
export function bookedPage(assets: PageAssets, b: Booking, links: BookingLinks) {
  return page(
    assets,
    bookingCopy.confirmedTitle,
    <>
      <p className="eyebrow">Booked</p>
      <h1>{bookingCopy.confirmedTitle}</h1>
      <p className="lead">{fill(bookingCopy.confirmationSent, { email: b.email })}</p>
      <Details b={b} />
      <div className="enquiry-result-actions">
        <a className="button button-primary" href={links.icsUrl(b)} download="consultation.ics">
          {bookingCopy.addToCalendar}
        </a>
        <a className="button button-outline" href={links.manageUrl(b)}>
          {bookingCopy.manage}
        </a>
      </div>
    </>,
  );
}

/**
 * 409 / 422 without JavaScript: the time is gone or not offered. The nearest free times are
 * buttons that book again with everything typed (carried as hidden fields).
 */
export function slotPage(
  assets: PageAssets,
  message: string,
  alternatives: Slot[],
  posted: Record<string, string>,
  action: string,
) {
  const keep = Object.entries(posted).filter(
    ([name]) => !["start", "date", "time", "website"].includes(name),
  );
  return page(
    assets,
    "Please choose another time",
    <>
      <p className="eyebrow">Not booked yet</p>
      <h1>Please choose another time</h1>
      <p className="lead">{message}</p>
      {alternatives.length ? (
        <form method="post" action={action} className="booking-alternatives">
          {keep.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <ul>
            {alternatives.map((s) => (
              <li key={s.start}>
                <button className="button button-outline" name="start" value={s.start}>
                  {bothZones(s.start, posted.zone || rules.zone, rules.zone)}
                </button>
              </li>
            ))}
          </ul>
        </form>
      ) : (
        <p>{bookingCopy.noTimes}</p>
      )}
      <p>
        <a href="/book">Back to the booking page</a>
      </p>
    </>,
  );
}

/** 400 without JavaScript: the booking form again with its values and messages. */
export function bookingFixPage(
  assets: PageAssets,
  values: EnquiryValues,
  errors: FieldErrors,
  endpoint: string,
) {
  return page(
    assets,
    "Please check your booking",
    <>
      <h1>Please check your booking</h1>
      <p className="lead">
        It is not booked yet. Everything you typed is below: correct the fields marked and send it
        again.
      </p>
      <section className="card form-card" aria-label={bookingCopy.title}>
        <BookingForm endpoint={endpoint} values={values} errors={errors} />
      </section>
    </>,
  );
}

/** A message page: the address's existing booking, a refusal, a closed booking, a bad link. */
export function messagePage(
  assets: PageAssets,
  title: string,
  message: string,
  eyebrow = "Consultation",
) {
  return page(
    assets,
    title,
    <>
      <p className="eyebrow">{eyebrow}</p>
      <h1>{title}</h1>
      <p className="lead">{message}</p>
      <div className="enquiry-result-actions">
        <a className="button button-primary" href="/book">
          Book a consultation
        </a>
        <a className="button button-outline" href={whatsappLink()}>
          Message us on WhatsApp
        </a>
        <a className="button button-outline" href={`tel:${site.phone.tel}`}>
          Call <span dir="ltr">{site.phone.display}</span>
        </a>
      </div>
    </>,
  );
}

/**
 * The manage page: the booking, "Choose another time" and "Cancel". Opening it changes
 * nothing (mail scanners open links); each change is a POST.
 */
export function managePage(
  assets: PageAssets,
  b: Booking,
  token: string,
  links: BookingLinks,
  notice?: string,
) {
  const formId = "move-form";
  return page(
    assets,
    "Your consultation",
    <>
      <p className="eyebrow">Your booking</p>
      <h1>Your consultation</h1>
      {notice ? (
        <p className="lead booking-manage-notice" role="status">
          {notice}
        </p>
      ) : null}
      <Details b={b} />
      <p>
        <a href={links.icsUrl(b)} download="consultation.ics">
          {bookingCopy.addToCalendar}
        </a>
      </p>
      <section className="card form-card" aria-labelledby="move-title">
        <h2 id="move-title">Choose another time</h2>
        <form id={formId} method="post" action="/book/manage" className="booking-form">
          <input type="hidden" name="b" value={b.id} />
          <input type="hidden" name="t" value={token} />
          <input type="hidden" name="action" value="move" />
          <SlotFields formId={formId} mode={b.mode} slotsUrl={`${links.endpoint}/slots`} />
          <div className="booking-notice" role="alert" />
          <div className="form-actions">
            <button type="submit" className="button button-primary">
              Move to this time
            </button>
          </div>
        </form>
      </section>
      <section className="card form-card" aria-labelledby="cancel-title">
        <h2 id="cancel-title">Cancel</h2>
        <p>The place is freed for another student, and the calendar entry removed.</p>
        <form method="post" action="/book/manage">
          <input type="hidden" name="b" value={b.id} />
          <input type="hidden" name="t" value={token} />
          <input type="hidden" name="action" value="cancel" />
          <button type="submit" className="button button-outline">
            Cancel this consultation
          </button>
        </form>
      </section>
    </>,
  );
}
