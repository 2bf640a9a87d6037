/**
 * Consultation booking: the store, the desk, its e-mails through their own outbox, its
 * endpoints (/api/booking: free times, the form, the invite) and the manage page (/book/manage).
 */
import { studyInterests } from "../../src/content/home";
import { slotRules } from "../../src/lib/bookingRules";
import { rawRoutes } from "../http/raw";
import { DeliveryWorker } from "../outbox/delivery";
import { Outbox } from "../outbox/outbox";
import { StaffRequests } from "../reservations/staffRequests";
import { signLink } from "../reservations/token";
import { log } from "../service/log";
import { MANAGE_PATH } from "../service/paths";
import type { Services } from "../service/services";
import { bookingMessage } from "../webhooks";
import { BookingDesk } from "./desk";
import { BOOKING_PATH, bookingHandlers, ICS_PATH } from "./http";
import { bookingLetters, composeBookingMail, parseMailName } from "./mail";
import { BookingStore, type Booking } from "./store";

const bareAddress = (address: string) => /<([^>]+)>/.exec(address)?.[1] ?? address.trim();

export function startBooking(services: Services) {
  const { database, prepared, secret, publicUrl, webhooks, now: clock } = services;
  const { mailer, ...settings } = services.mail;
  const { mailFrom } = settings;
  // Ready once the key is loaded too: a booking read from the store can be given its links.
  const store = new BookingStore(database, secret.loaded);
  const manageUrl = (b: Booking) =>
    `${publicUrl}${MANAGE_PATH}?b=${b.id}&t=${signLink(secret.key, "booking", b.id)}`;
  const icsUrl = (b: Booking) =>
    `${publicUrl}${ICS_PATH}?b=${b.id}&t=${signLink(secret.key, "booking", b.id)}`;
  const worker = mailer
    ? new DeliveryWorker<Booking>({
        outbox: new Outbox(database.db, "bookings", prepared),
        load: (id) => store.get(id),
        transport: mailer,
        letters: bookingLetters,
        // The advisers' e-mails are in English; the student's in the language they booked in.
        compose: async (version, mail) =>
          (parseMailName(mail).kind === "adviser"
            ? composeBookingMail
            : services.languages.in(version.lang).composeBookingMail)(
            version,
            mail,
            await store.get(version.id),
            { ...settings, manageUrl: manageUrl(version) },
            clock(),
          ),
        now: clock,
        urgent: (mail) => parseMailName(mail).kind === "adviser",
        ...services.outbox,
      })
    : undefined;
  const desk = new BookingDesk({
    store,
    rules: slotRules(),
    interests: studyInterests.map((i) => i.value),
    worker,
    onSaved: webhooks && ((b) => webhooks.publish(bookingMessage(b))),
    limiter: services.limiter,
    now: clock,
  });
  const domain = /@([^\s@>]+)>?\s*$/.exec(mailFrom)?.[1] ?? "localhost";
  const handlers = bookingHandlers({
    desk,
    languages: services.languages,
    trustProxy: services.trust,
    secret,
    links: { endpoint: BOOKING_PATH, manageUrl, icsUrl },
    organiser: { name: "Eastgate Education", email: bareAddress(mailFrom) },
    domain,
  });
  const started = (async () => {
    if (worker) await worker.start(await store.all());
  })().catch((error: unknown) =>
    log.error({ err: error }, "Booking e-mails could not start; bookings are still stored"),
  );
  // Staff cancellations, applied in order; each tells the student.
  const requests = new StaffRequests(database.db, prepared);
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
  }, services.outbox.pollMs ?? 2000);
  poll.unref();
  return {
    store,
    desk,
    /** Every version of every booking as its webhook message (published again at start). */
    webhookMessages: async () => (await store.versions()).map(bookingMessage),
    routes: rawRoutes(handlers),
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
