import { createTransport } from "nodemailer";
import type { Transport } from "./delivery";
import type { Message } from "../enquiries/mail";

/** Sends one message; resolves with the mail server's reply ("250 OK ..."). */
export type Mailer = Transport<Message>;

/** A pooled SMTP transport from SMTP_URL (smtp:// upgrades with STARTTLS when offered; smtps:// is TLS). */
export function smtpMailer(url: string): Mailer {
  const transport = createTransport({
    url,
    pool: true,
    maxConnections: 5,
    // A mail server that stops answering counts as down: the delivery worker retries later.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    send: async (message) => (await transport.sendMail(message)).response,
    close: () => transport.close(),
  };
}
