import type { ReactNode } from "react";
import { booking as rules, bookingAnswers as words, bookingCopy } from "../../src/content/booking";
import { site, whatsappLink } from "../../src/content/site";
import { BookingForm } from "../../src/components/booking/BookingForm";
import { SlotFields } from "../../src/components/booking/SlotFields";
import { modeById } from "../../src/lib/bookingRules";
import type { EnquiryValues, FieldErrors } from "../../src/lib/enquiry";
import { bothZones, type Slot } from "../../src/lib/slots";
import { fill } from "../../src/lib/template";
import { localePath, pageLocale } from "../../src/i18n/pageLocale";
import { Filled } from "../../src/components/Filled";
import { render, type PageAssets } from "../http/page";
import type { Booking } from "./store";

/** Where the booking and manage pages post, and a booking's own links (absolute URLs). */
export interface BookingUrls {
  endpoint: string;
  manage: string;
  ics: string;
}

const bookPath = () => localePath(pageLocale(), "/book");

const when = (b: Booking) => bothZones(b.start, b.zone, rules.zone);

function Details({ b }: { b: Booking }) {
  const mode = modeById(b.mode);
  return (
    <dl className="booking-details">
      <dt>{words.when}</dt>
      <dd>{when(b)}</dd>
      <dt>{words.how}</dt>
      <dd>
        {mode?.name}: {mode?.description}
      </dd>
      <dt>{words.length}</dt>
      <dd>{fill(words.minutes, { minutes: rules.slotMinutes })}</dd>
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
export function bookedPage(assets: PageAssets, b: Booking, urls: BookingUrls) {
  return page(
    assets,
    bookingCopy.confirmedTitle,
    <>
      <p className="eyebrow">{words.booked}</p>
      <h1>{bookingCopy.confirmedTitle}</h1>
      <p className="lead">
        <Filled
          text={bookingCopy.confirmationSent}
          values={{ email: <bdi dir="ltr">{b.email}</bdi> }}
        />
      </p>
      <Details b={b} />
      <div className="enquiry-result-actions">
        <a className="button button-primary" href={urls.ics} download="consultation.ics">
          {bookingCopy.addToCalendar}
        </a>
        <a className="button button-outline" href={urls.manage}>
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
    words.chooseAnother,
    <>
      <p className="eyebrow">{words.notBookedYet}</p>
      <h1>{words.chooseAnother}</h1>
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
        <a href={bookPath()}>{words.backToBooking}</a>
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
    words.checkTitle,
    <>
      <h1>{words.checkTitle}</h1>
      <p className="lead">{words.checkLead}</p>
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
  eyebrow = words.consultation,
) {
  return page(
    assets,
    title,
    <>
      <p className="eyebrow">{eyebrow}</p>
      <h1>{title}</h1>
      <p className="lead">{message}</p>
      <div className="enquiry-result-actions">
        <a className="button button-primary" href={bookPath()}>
          {words.bookAction}
        </a>
        <a className="button button-outline" href={whatsappLink()}>
          {words.whatsappAction}
        </a>
        <a className="button button-outline" href={`tel:${site.phone.tel}`}>
          <Filled
            text={words.callAction}
            values={{ phone: <span dir="ltr">{site.phone.display}</span> }}
          />
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
  urls: BookingUrls,
  notice?: string,
) {
  const formId = "move-form";
  return page(
    assets,
    words.yourConsultation,
    <>
      <p className="eyebrow">{words.yourBooking}</p>
      <h1>{words.yourConsultation}</h1>
      {notice ? (
        <p className="lead booking-manage-notice" role="status">
          {notice}
        </p>
      ) : null}
      <Details b={b} />
      <p>
        <a href={urls.ics} download="consultation.ics">
          {bookingCopy.addToCalendar}
        </a>
      </p>
      <section className="card form-card" aria-labelledby="move-title">
        <h2 id="move-title">{words.moveTitle}</h2>
        <form id={formId} method="post" action="/book/manage" className="booking-form">
          <input type="hidden" name="b" value={b.id} />
          <input type="hidden" name="t" value={token} />
          <input type="hidden" name="action" value="move" />
          <SlotFields formId={formId} mode={b.mode} slotsUrl={`${urls.endpoint}/slots`} />
          <div className="booking-notice" role="alert" />
          <div className="form-actions">
            <button type="submit" className="button button-primary">
              {words.moveAction}
            </button>
          </div>
        </form>
      </section>
      <section className="card form-card" aria-labelledby="cancel-title">
        <h2 id="cancel-title">{words.cancelTitle}</h2>
        <p>{words.cancelNote}</p>
        <form method="post" action="/book/manage">
          <input type="hidden" name="b" value={b.id} />
          <input type="hidden" name="t" value={token} />
          <input type="hidden" name="action" value="cancel" />
          <button type="submit" className="button button-outline">
            {words.cancelAction}
          </button>
        </form>
      </section>
    </>,
  );
}
