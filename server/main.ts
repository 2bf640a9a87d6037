import { existsSync } from "node:fs";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { ConfigError, readConfig } from "./service/config";
import { createLog, useLog } from "./service/log";
import { BOOKING_PATH, ENQUIRY_PATH, METRICS_PATH, READY_PATH, VITALS_PATH } from "./service/paths";
import { databaseProblem, startProblem } from "./service/startErrors";

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
const log = createLog({
  format: config.logFormat,
  level: config.logLevel,
  instance: config.instance,
});
useLog(log);

/**
 * A problem of the configuration or the surroundings: one plain line on standard error, as for
 * a wrong variable, exit 1. Anything else: one log record with its stack, exit 1.
 */
const fail = (error: unknown, problem?: string) => {
  if (problem) console.error(`Not starting: ${problem}`);
  else log.fatal({ err: error }, "Not starting: unexpected error");
  process.exit(1);
};
// An error nothing else caught: one record with its stack, then the process ends (the service
// manager starts another; what was acknowledged is in the database).
process.on("uncaughtException", (error) => {
  log.fatal({ err: error }, "Unexpected error: stopping");
  process.exit(1);
});
process.on("unhandledRejection", (error) => {
  log.fatal({ err: error }, "Unexpected error (a promise nobody waited for): stopping");
  process.exit(1);
});

if (!existsSync(join(config.dist, "404.html"))) {
  console.error(
    `Not starting: ${config.dist} holds no built site. Build it first: npm run build:server (the forms post to this server), or npm start to build and serve.`,
  );
  process.exit(1);
}
// The whole server only once the configuration and the site are known to be there: a refusal
// comes at once, not after loading every module.
const { createApp, StartError } = await import("./app");
let server: ReturnType<typeof createApp>;
try {
  server = createApp(config);
} catch (error) {
  const where = config.databaseUrl ? "the database" : join(config.dataDir, "eastgate.db");
  fail(error, databaseProblem(error, where) ?? startProblem(error, config));
  throw error; // (fail exits)
}
// Without its schema the server can keep nothing: it says why in one line and stops.
server.prepared.catch((error: unknown) =>
  fail(error, error instanceof StartError ? error.message : undefined),
);
server.once("error", (error) => fail(error, startProblem(error, config)));
server.listen({ port: config.port, host: config.host }, () => {
  const { port } = server.address() as AddressInfo;
  const host = !config.host || /^(0\.0\.0\.0|::)$/.test(config.host) ? "localhost" : config.host;
  const origin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  log.info(`Eastgate Education site on ${origin} (ready once ${READY_PATH} answers 200)`);
  log.info(`Enquiries: POST ${ENQUIRY_PATH} -> ${server.database}`);
  log.info(`Bookings: POST ${BOOKING_PATH}, links in e-mails to ${config.publicUrl}`);
  if (config.vitals) log.info(`Web Vitals: POST ${VITALS_PATH} -> ${server.database}`);
  if (config.smtpUrl) {
    const host = new URL(config.smtpUrl).host;
    const ack = config.ack ? ", acknowledged to the student" : "";
    log.info(`Enquiries are e-mailed to ${config.mailTo} through ${host}${ack}`);
  } else {
    log.info("SMTP_URL is not set: enquiries are stored but no one is notified.");
  }
  if (config.webhooks) {
    const hosts = config.webhooks.urls.map((u) => new URL(u).host).join(", ");
    log.info(`Webhooks: every lead is POSTed, signed, to ${hosts}`);
  } else {
    log.info("WEBHOOK_URL is not set: webhooks are off, leads go to no other tool.");
  }
  log.info(
    config.trustedProxies.length
      ? `X-Forwarded-For is believed from ${config.trustedProxies.join(", ")} only`
      : "TRUST_PROXY is not set: each client is the address that connects",
  );
  if (config.metricsToken) log.info(`Metrics: GET ${METRICS_PATH} with the METRICS_TOKEN bearer`);
});

// Stop taking requests, let those under way finish (their enquiries are committed before they
// are answered) and the e-mails being sent get their answer (bounded), then exit.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    log.info(`${signal}: stopping (finishing the requests under way)`);
    let exiting = false;
    const exit = () => {
      if (exiting) return;
      exiting = true;
      void server.drain(DRAIN_MS).then(() => {
        log.info("Stopped");
        process.exit(0);
      });
    };
    server.stopping();
    server.close(exit);
    server.closeIdleConnections();
    setTimeout(exit, 5000).unref();
    setTimeout(() => process.exit(0), 5000 + DRAIN_MS + 1000).unref();
  });
}
