/**
 * `npm run dev`: build with React's development build, serve on PORT (4173), rebuild when
 * content/, src/, static/ or build.ts change, and reload open pages when a rebuild is done.
 */
import { spawn } from "node:child_process";
import { watch } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import { resolve } from "node:path";
import { createApp } from "../server/app";
import { BOOKING_PATH, ENQUIRY_PATH, EVENTS_PATH, VITALS_PATH } from "../server/paths";

const root = resolve(import.meta.dirname, "..");
const port = Number(process.env.PORT ?? 4173);
const dist = resolve(root, "dist");
const env = {
  ...process.env,
  NODE_ENV: "development",
  DEV_RELOAD: "1",
  ENQUIRY_ENDPOINT: process.env.ENQUIRY_ENDPOINT ?? ENQUIRY_PATH,
  VITALS_ENDPOINT: process.env.VITALS_ENDPOINT ?? VITALS_PATH,
  BOOKING_ENDPOINT: process.env.BOOKING_ENDPOINT ?? BOOKING_PATH,
  EVENTS_ENDPOINT: process.env.EVENTS_ENDPOINT ?? EVENTS_PATH,
};
const clients = new Set<ServerResponse>();

// A fresh process per build, so edited modules are read anew.
function build() {
  return new Promise<boolean>((done) => {
    const child = spawn(process.execPath, ["--import", "tsx", resolve(root, "build.ts")], {
      cwd: root,
      env,
      stdio: "inherit",
    });
    child.on("exit", (code) => done(code === 0));
  });
}

let running: Promise<unknown> = Promise.resolve();
let timer: NodeJS.Timeout | undefined;
function rebuildSoon() {
  clearTimeout(timer);
  timer = setTimeout(() => {
    running = running.then(async () => {
      if (await build()) for (const res of clients) res.write("data: reload\n\n");
    });
  }, 100);
}

const reloadClient = `new EventSource("/__dev/events").onmessage = () => location.reload();\n`;

if (!(await build())) console.error("First build failed; fix the error and save to rebuild.");
const app = createApp({ dist, dataFile: resolve(root, "data/enquiries.jsonl"), dev: true });
createServer((req, res) => {
  if (req.url === "/__dev/events") {
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
    clients.add(res);
    req.on("close", () => clients.delete(res));
  } else if (req.url === "/__dev/reload.js") {
    res.writeHead(200, { "Content-Type": "text/javascript" }).end(reloadClient);
  } else {
    app.emit("request", req, res); // the production server's handler, unchanged
  }
}).listen(port, () => console.log(`Dev server on http://localhost:${port} (rebuilds on save)`));

for (const dir of ["content", "src", "static"])
  watch(resolve(root, dir), { recursive: true }, rebuildSoon);
watch(resolve(root, "build.ts"), rebuildSoon);
