import { join, dirname } from "node:path";
import { studyInterests } from "../../src/content/home";
import { slotRules } from "../../src/lib/bookingRules";
import { DeliveryWorker } from "../delivery";
import { Outbox } from "../outbox";
import { BookingDesk } from "./desk";
import { BOOKING_PATH, bookingHandlers, ICS_PATH } from "./http";
import { MANAGE_PATH } from "../paths";
import { bookingLetters, composeBookingMail, parseMailName } from "./mail";
import { BookingStore, type Booking } from "./store";
import { StaffRequests } from "../staffRequests";
import type { ReservationOptions } from "../reservations/options";
import { linkSecret, signLink } from "../reservations/token";
import { log } from "../log";

export interface BookingOptions extends ReservationOptions {
  /** Told of each booking version once it is on disk (the webhooks). */
  onSaved?: (booking: Booking) => Promise<void> | void;
}

const bareAddress = (address: string) => /<([^>]+)>/.exec(address)?.[1] ?? address.trim();

/** Consultation booking: the store, the desk, its e-mails through their own outbox, its endpoints. */
export function startBooking(options: BookingOptions) {
  const clock = options.now ?? Date.now;
  const secret = linkSecret(
    options.secret,
    join(dirname(options.dataFile), "booking-secret"),
    options.database.db,
    options.ready,
  );
  // Ready once the key is loaded too: a booking read from the store can be given its links.
  const store = new BookingStore(options.database, secret.loaded);
  const manageUrl = (b: Booking) =>
    `${options.publicUrl}${MANAGE_PATH}?b=${b.id}&t=${signLink(secret.key, "booking", b.id)}`;
  const icsUrl = (b: Booking) =>
    `${options.publicUrl}${ICS_PATH}?b=${b.id}&t=${signLink(secret.key, "booking", b.id)}`;
  const worker = options.mailer
    ? new DeliveryWorker<Booking>({
        outbox: new Outbox(options.database.db, "bookings", options.ready),
        load: (id) => store.get(id),
        transport: options.mailer,
        letters: bookingLetters,
        // The advisers' e-mails are in English; the student's in the language they booked in.
        compose: async (version, mail) =>
          (parseMailName(mail).kind === "adviser"
            ? composeBookingMail
            : options.languages.in(version.lang).composeBookingMail)(
            version,
            mail,
            await store.get(version.id),
            {
              mailTo: options.mailTo,
              mailFrom: options.mailFrom,
              logoFile: options.logoFile,
              manageUrl: manageUrl(version),
            },
            clock(),
          ),
        now: clock,
        urgent: (mail) => parseMailName(mail).kind === "adviser",
        backoff: options.backoff,
        pollMs: options.pollMs,
        leaseMs: options.leaseMs,
      })
    : undefined;
  const desk = new BookingDesk({
    store,
    rules: slotRules(),
    interests: studyInterests.map((i) => i.value),
    worker,
    onSaved: options.onSaved,
    limiter: options.limiter,
    now: options.now,
  });
  const domain = /@([^\s@>]+)>?\s*$/.exec(options.mailFrom)?.[1] ?? "localhost";
  const handlers = bookingHandlers({
    desk,
    languages: options.languages,
    trustProxy: options.trustProxy,
    secret,
    links: { endpoint: BOOKING_PATH, manageUrl, icsUrl },
    organiser: { name: "Eastgate Education", email: bareAddress(options.mailFrom) },
    domain,
  });
  const started = (async () => {
    if (worker) await worker.start(await store.all());
  })().catch((error: unknown) =>
    log.error({ err: error }, "Booking e-mails could not start; bookings are still stored"),
  );
  // Staff cancellations, applied in order; each tells the student.
  const requests = new StaffRequests(options.database.db, options.ready);
  let polling: Promise<void> = Promise.resolve();
  const poll = setInterval(() => {
    polling = polling.then(async () => {
      try {
        for (const request of await requests.open("booking")) {
          const b = await store.get(request.target);
          if (b && desk.isOpen(b)) await desk.cancel(b.id, "staff");
          await requests.done(request.id);
        }
      } catch (error) {
        log.error({ err: error }, "Bookings: staff requests");
      }
    });
  }, options.pollMs ?? 2000);
  poll.unref();
  return {
    store,
    desk,
    handlers,
    manageUrl,
    worker,
    started,
    async drain(timeoutMs: number) {
      clearInterval(poll);
      await polling;
      await store.idle();
      await started;
      await worker?.stop(timeoutMs);
    },
  };
}
