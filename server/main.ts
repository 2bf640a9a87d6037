import { resolve } from "node:path";
import { createApp } from "./app";

const port = Number(process.env.PORT ?? 4173);
const dist = resolve(import.meta.dirname, "../dist");
const dataFile = resolve(
  process.env.ENQUIRY_DATA_FILE ?? resolve(import.meta.dirname, "../data/enquiries.jsonl"),
);

createApp({ dist, dataFile }).listen(port, () => {
  console.log(`Eastgate Education site on http://localhost:${port} (enquiries -> ${dataFile})`);
});
