import { resolve } from "node:path";
import { createApp } from "./app";
import { ENQUIRY_PATH } from "./paths";

const port = Number(process.env.PORT ?? 4173);
const dist = resolve(process.env.DIST_DIR ?? resolve(import.meta.dirname, "../dist"));
const dataFile = resolve(
  process.env.ENQUIRY_DATA_FILE ?? resolve(import.meta.dirname, "../data/enquiries.jsonl"),
);

const server = createApp({ dist, dataFile });
server.listen(port, () => {
  console.log(`Eastgate Education site on http://localhost:${port}`);
  console.log(`Enquiries: POST ${ENQUIRY_PATH} -> ${dataFile}`);
});

// Stop taking requests, let those under way finish and their enquiries reach the disk, then exit.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    const exit = () => void server.enquiries.idle().then(() => process.exit(0));
    server.close(exit);
    server.closeIdleConnections();
    setTimeout(exit, 5000).unref();
  });
}
