import { existsSync } from "node:fs";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { ConfigError, readConfig } from "./config";
import { BOOKING_PATH, ENQUIRY_PATH, VITALS_PATH } from "./paths";

/** How long a clean stop waits for e-mails under way; the rest resume at the next start. */
const DRAIN_MS = 10_000;

let config;
try {
  config = readConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Not starting: ${error.message}`);
  process.exit(1);
}

if (!existsSync(join(config.dist, "404.html"))) {
  console.error(
    `Not starting: ${config.dist} holds no built site. Build it first: npm run build:server (the forms post to this server), or npm start to build and serve.`,
  );
  process.exit(1);
}
// The whole server only once the configuration and the site are known to be there: a refusal
// comes at once, not after loading every module.
const { createApp } = await import("./app");
const server = createApp(config);
// Without its schema the server can keep nothing: it says why (prepareDatabase) and stops.
server.prepared.catch(() => process.exit(1));
server.listen(config.port, () => {
  const { port } = server.address() as AddressInfo;
  console.log(`Eastgate Education site on http://localhost:${port}`);
  console.log(`Enquiries: POST ${ENQUIRY_PATH} -> ${server.database}`);
  console.log(`Bookings: POST ${BOOKING_PATH}, links in e-mails to ${config.publicUrl}`);
  if (config.vitals) console.log(`Web Vitals: POST ${VITALS_PATH} -> ${server.database}`);
  if (config.smtpUrl) {
    const host = new URL(config.smtpUrl).host;
    const ack = config.ack ? ", acknowledged to the student" : "";
    console.log(`Enquiries are e-mailed to ${config.mailTo} through ${host}${ack}`);
  } else {
    console.log("SMTP_URL is not set: enquiries are stored but no one is notified.");
  }
  if (config.webhooks) {
    const hosts = config.webhooks.urls.map((u) => new URL(u).host).join(", ");
    console.log(`Webhooks: every lead is POSTed, signed, to ${hosts}`);
  } else {
    console.log("WEBHOOK_URL is not set: webhooks are off, leads go to no other tool.");
  }
});

// Stop taking requests, let those under way finish (their enquiries are committed before they
// are answered) and the e-mails being sent get their answer (bounded), then exit.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    let exiting = false;
    const exit = () => {
      if (exiting) return;
      exiting = true;
      void server.drain(DRAIN_MS).then(() => process.exit(0));
    };
    server.stopping();
    server.close(exit);
    server.closeIdleConnections();
    setTimeout(exit, 5000).unref();
    setTimeout(() => process.exit(0), 5000 + DRAIN_MS + 1000).unref();
  });
}
