/**
 * Privacy (UK GDPR): the acknowledgement's signed link to ask for a copy or an erasure
 * (/privacy-request), staff's erasures carried out by whichever server polls, and the daily
 * retention job that deletes what is kept past its time.
 */
import { rawRoutes } from "../http/raw";
import { PRIVACY_REQUEST_PATH } from "../service/paths";
import type { Services } from "../service/services";
import { startErasures, type EraseContext } from "./erase";
import { PRIVACY_BODY_LIMIT, privacyRequestHandler } from "./requestPage";
import { startRetention } from "./retention";

export interface PrivacyOptions {
  /** The desks an erasure cancels with, once they have started. */
  bookings: NonNullable<EraseContext["bookings"]> & { started: Promise<unknown> };
  events: NonNullable<EraseContext["events"]> & { started: Promise<unknown> };
  /** The retention job's first run this long after start (default a minute); false: not here. */
  retention?: false | { delayMs: number };
}

export function privacy(services: Services, options: PrivacyOptions) {
  const { database, prepared, languages } = services;
  const { bookings, events } = options;
  const erasing: EraseContext = {
    db: database.db,
    now: services.now,
    bookings,
    events,
    webhooks: services.webhooks,
  };
  const erasures = startErasures(
    erasing,
    Promise.all([prepared, bookings.started, events.started]),
    services.outbox.pollMs,
  );
  // The retention job reads the real clock (a test's fixed clock for bookings must not make
  // it delete what that test just stored).
  const retention =
    options.retention === false
      ? undefined
      : startRetention(database.db, prepared, { delayMs: options.retention?.delayMs });
  const handler = privacyRequestHandler({
    db: database.db,
    ready: prepared,
    key: () => services.secret.loaded,
    views: (lang) => languages.in(languages.codeOf(lang)),
    now: services.now,
  });
  return {
    /** What erasures cancel with: the desk shows what one would cancel. */
    erasing,
    prefix: PRIVACY_REQUEST_PATH,
    routes: rawRoutes({ "/": handler }, { bodyLimit: PRIVACY_BODY_LIMIT }),
    async drain() {
      retention?.stop();
      await retention?.running;
      await erasures.stop();
    },
  };
}
