/**
 * `npm run dev`: build with React's development build, serve on PORT (4173), rebuild when
 * content/, src/, static/ or build.ts change, and reload open pages when a rebuild is done.
 * Each build is made beside dist/ and takes its place only when it succeeds: while the last one
 * failed, every page answers the build's messages (./buildFailure.ts), and the editor at /admin/
 * stays open from the last good build to put it right.
 */
import { spawn } from "node:child_process";
import { existsSync, renameSync, rmSync, watch } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import { resolve } from "node:path";
import { createApp } from "../server/app";
import { BOOKING_PATH, ENQUIRY_PATH, EVENTS_PATH, VITALS_PATH } from "../server/service/paths";
import { buildFailurePage } from "./buildFailure";

const root = resolve(import.meta.dirname, "..");
const port = Number(process.env.PORT ?? 4173);
const dist = resolve(root, "dist");
const next = resolve(root, "dist.next");
const env = {
  ...process.env,
  NODE_ENV: "development",
  DEV_RELOAD: "1",
  DIST_DIR: next,
  ENQUIRY_ENDPOINT: process.env.ENQUIRY_ENDPOINT ?? ENQUIRY_PATH,
  VITALS_ENDPOINT: process.env.VITALS_ENDPOINT ?? VITALS_PATH,
  BOOKING_ENDPOINT: process.env.BOOKING_ENDPOINT ?? BOOKING_PATH,
  EVENTS_ENDPOINT: process.env.EVENTS_ENDPOINT ?? EVENTS_PATH,
};
const clients = new Set<ServerResponse>();
/** The failed build's output; undefined while the last build succeeded. */
let failure: string | undefined;
let app: ReturnType<typeof createApp> | undefined;

// A fresh process per build, so edited modules are read anew.
function build() {
  return new Promise<boolean>((done) => {
    const child = spawn(process.execPath, ["--import", "tsx", resolve(root, "build.ts")], {
      cwd: root,
      env,
      stdio: ["ignore", "inherit", "pipe"],
    });
    let output = "";
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      process.stderr.write(chunk);
    });
    child.on("exit", (code) => {
      if (code === 0) {
        rmSync(dist, { recursive: true, force: true });
        renameSync(next, dist);
        failure = undefined;
        app ??= createApp({ dist, dataFile: resolve(root, "data/enquiries.jsonl"), dev: true });
      } else {
        rmSync(next, { recursive: true, force: true });
        failure = output || `The build stopped (exit code ${code}) without saying why.`;
      }
      done(code === 0);
    });
  });
}

let running: Promise<unknown> = Promise.resolve();
let timer: NodeJS.Timeout | undefined;
function rebuildSoon() {
  clearTimeout(timer);
  timer = setTimeout(() => {
    running = running.then(async () => {
      await build();
      // Open pages show the new build, or the failed one's messages.
      for (const res of clients) res.write("data: reload\n\n");
    });
  }, 100);
}

const reloadClient = `new EventSource("/__dev/events").onmessage = () => location.reload();\n`;

if (!(await build())) console.error("First build failed; fix the error and save to rebuild.");
createServer((req, res) => {
  const path = req.url ?? "/";
  if (path === "/__dev/events") {
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
    clients.add(res);
    req.on("close", () => clients.delete(res));
  } else if (path === "/__dev/reload.js") {
    res.writeHead(200, { "Content-Type": "text/javascript" }).end(reloadClient);
  } else if (
    app &&
    (!failure ||
      // The editor (from the last good build) stays, to put the problem right, and what pages load.
      (/^\/admin(?:\/|$)/.test(path) && existsSync(resolve(dist, "admin"))) ||
      !req.headers.accept?.includes("text/html"))
  ) {
    app.emit("request", req, res); // the production server's handler, unchanged
  } else {
    res.writeHead(500, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
    res.end(buildFailurePage(failure ?? "The site has not been built yet.", root));
  }
}).listen(port, () => console.log(`Dev server on http://localhost:${port} (rebuilds on save)`));

for (const dir of ["content", "src", "static"])
  watch(resolve(root, dir), { recursive: true }, rebuildSoon);
watch(resolve(root, "build.ts"), rebuildSoon);
