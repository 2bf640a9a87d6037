import type { ReactNode } from "react";
import { registrationAnswers as words } from "../../src/content/registration";
import { site } from "../../src/content/site";
import { events as translated } from "../../src/events/content";
import type { SiteEvent } from "../../src/events/load";
import { localePath, pageLocale } from "../../src/i18n/pageLocale";
import { intlLocale } from "../../src/i18n/intl";
import { Filled } from "../../src/components/Filled";
import { fill } from "../../src/lib/template";
import { isolateLtr } from "../../src/lib/bidi";
import { render, type PageAssets } from "../http/page";
import { eventWhen } from "./mail";
import type { Registration } from "./store";

/** A registration's own links (absolute URLs). */
export interface RegistrationUrls {
  manage: string;
  ics: string;
}

const eventsPath = () => localePath(pageLocale(), "/events");

const page = (assets: PageAssets, title: string, children: ReactNode) =>
  render(
    assets,
    title,
    "/events",
    <section className="section">
      <div className="container enquiry-result">{children}</div>
    </section>,
  );

const titleOf = (event: SiteEvent) => (translated[event.slug] ?? event).title;

function Details({ event, zone }: { event: SiteEvent; zone?: string }) {
  return (
    <dl className="booking-details">
      <dt>{words.when}</dt>
      <dd>{eventWhen(event, zone)}</dd>
      <dt>{words.length}</dt>
      <dd>{fill(words.minutes, { minutes: event.minutes })}</dd>
      <dt>{words.heldIn}</dt>
      <dd>{new Intl.DisplayNames([intlLocale()], { type: "language" }).of(event.language)}</dd>
      <dt>{words.where}</dt>
      <dd>{event.where === "online" ? words.online : isolateLtr(site.address.lines.join(", "))}</dd>
    </dl>
  );
}

const email = (r: Registration) => <bdi dir="ltr">{r.email}</bdi>;

/** Without JavaScript: registered (a place, or a number in line), or registered before. */
export function registeredPage(
  assets: PageAssets,
  r: Registration,
  event: SiteEvent,
  place: number | undefined,
  existing: boolean,
  urls: RegistrationUrls,
) {
  const waiting = r.state === "waiting";
  const title = existing
    ? words.alreadyTitle
    : waiting
      ? words.waitingTitle
      : words.registeredTitle;
  const lead = existing ? words.alreadyLead : waiting ? words.waitingLead : words.registeredLead;
  return page(
    assets,
    title,
    <>
      <p className="eyebrow">{waiting ? words.waitingEyebrow : words.registeredEyebrow}</p>
      <h1>{title}</h1>
      <p className="lead">
        <Filled text={lead} values={{ email: email(r), place: <bdi>{place ?? ""}</bdi> }} />
      </p>
      <h2>{titleOf(event)}</h2>
      <Details event={event} zone={r.zone} />
      <div className="enquiry-result-actions">
        {waiting ? null : (
          <a className="button button-primary" href={urls.ics} download="event.ics">
            {words.addToCalendar}
          </a>
        )}
        <a className="button button-outline" href={urls.manage}>
          {words.manage}
        </a>
      </div>
    </>,
  );
}

/** A refusal, a closed or cancelled registration, a bad link: what happened, and the events. */
export function registrationMessagePage(
  assets: PageAssets,
  title: string,
  message: string,
  eyebrow?: string,
) {
  return page(
    assets,
    title,
    <>
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h1>{title}</h1>
      <p className="lead">{message}</p>
      <div className="enquiry-result-actions">
        <a className="button button-primary" href={eventsPath()}>
          {words.seeEvents}
        </a>
      </div>
    </>,
  );
}

/**
 * The manage page: the registration and "Cancel my registration". Opening it changes nothing
 * (mail scanners open links); the cancellation is a POST.
 */
export function registrationManagePage(
  assets: PageAssets,
  r: Registration,
  event: SiteEvent,
  place: number | undefined,
  token: string,
  urls: RegistrationUrls & { action: string },
) {
  return page(
    assets,
    words.manageTitle,
    <>
      <p className="eyebrow">{words.manageTitle}</p>
      <h1>{titleOf(event)}</h1>
      <p className="lead">
        {r.state === "waiting" ? (
          <Filled text={words.waitingStatus} values={{ place: <bdi>{place ?? ""}</bdi> }} />
        ) : (
          words.confirmedStatus
        )}
      </p>
      <Details event={event} zone={r.zone} />
      {r.state === "confirmed" ? (
        <p>
          <a href={urls.ics} download="event.ics">
            {words.addToCalendar}
          </a>
        </p>
      ) : null}
      <section className="card form-card" aria-labelledby="cancel-title">
        <h2 id="cancel-title">{words.cancelButton}</h2>
        <p>{words.cancelHint}</p>
        <form method="post" action={urls.action}>
          <input type="hidden" name="r" value={r.id} />
          <input type="hidden" name="t" value={token} />
          <input type="hidden" name="action" value="cancel" />
          <button type="submit" className="button button-outline">
            {words.cancelButton}
          </button>
        </form>
      </section>
    </>,
  );
}
