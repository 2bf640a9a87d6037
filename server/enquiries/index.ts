/**
 * Enquiries: the site's enquiry form posted to /api/enquiry, kept in the database once and
 * acknowledged, then e-mailed to the advisers (and acknowledged to the student in their
 * language) through the outbox, and published to the webhooks.
 */
import { interestValues } from "../../src/components/forms/EnquiryForm";
import { ACK_MAX_AGE_MS, DeliveryWorker } from "../outbox/delivery";
import { Outbox, type MailKind } from "../outbox/outbox";
import { privacyRequestUrl } from "../privacy/requestPage";
import { log } from "../service/log";
import { ENQUIRY_PATH } from "../service/paths";
import type { Services } from "../service/services";
import { enquiryMessage } from "../webhooks";
import { rawRoutes } from "../http/raw";
import { Intake } from "./intake";
import { composeMail } from "./mail";
import { enquiryHandler } from "./route";
import { EnquiryStore, type Enquiry } from "./store";

export interface EnquiriesOptions {
  /** Acknowledge each enquiry to the student (default on). */
  ack?: boolean;
}

export function enquiries(services: Services, options: EnquiriesOptions = {}) {
  const store = new EnquiryStore(services.database.db, services.prepared);
  const delivery = startDelivery(services, store, options.ack ?? true);
  const { webhooks } = services;
  const handler = enquiryHandler({
    languages: services.languages,
    intake: new Intake({
      store,
      interests: interestValues(),
      worker: delivery?.worker,
      onStored: webhooks && ((e) => webhooks.publish(enquiryMessage(e))),
      limiter: services.limiter,
    }),
    trustProxy: services.trust,
  });
  return {
    store,
    /** Undefined when no mail server is configured. */
    worker: delivery?.worker,
    /** Every stored enquiry as its webhook message (published again at start). */
    webhookMessages: async () => (await store.all()).map(enquiryMessage),
    prefix: ENQUIRY_PATH,
    routes: rawRoutes({ "/": handler }),
    started: delivery?.started,
    async drain(timeoutMs: number) {
      await delivery?.started;
      await delivery?.worker.stop(timeoutMs);
    },
  };
}

/** The outbox and its worker, resuming whatever was pending when the server last stopped. */
function startDelivery(services: Services, store: EnquiryStore, ack: boolean) {
  const { mailer, ...settings } = services.mail;
  if (!mailer) return undefined;
  const { languages, secret, publicUrl } = services;
  const privacy = async (enquiry: Enquiry) => ({
    line: languages.in(enquiry.lang).privacyMailLine(),
    url: privacyRequestUrl(publicUrl, await secret.loaded, enquiry.email, enquiry.lang),
  });
  const worker = new DeliveryWorker<Enquiry>({
    outbox: new Outbox(services.database.db, "enquiries", services.prepared),
    load: (id) => store.get(id),
    transport: mailer,
    letters: (enquiry, now) => [
      { mail: "notify" },
      ...(ack
        ? [
            {
              mail: "ack",
              skip:
                now - Date.parse(enquiry.receivedAt) > ACK_MAX_AGE_MS
                  ? "too late to acknowledge"
                  : undefined,
            },
          ]
        : []),
    ],
    // The advisers read English; the student is answered in the language they wrote in.
    compose: async (enquiry, mail) =>
      mail === "ack"
        ? languages
            .in(enquiry.lang)
            .composeMail(enquiry, "ack", { ...settings, privacy: await privacy(enquiry) })
        : composeMail(enquiry, mail as MailKind, settings),
    ...services.outbox,
  });
  const started = store
    .all()
    .then((all) => worker.start(all))
    .catch((error: unknown) => {
      log.error({ err: error }, "Delivery could not start; enquiries are still stored");
    });
  return { worker, started };
}
