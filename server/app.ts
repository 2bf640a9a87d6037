import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import sirv from "sirv";
import { headersFor, parseHeadersFile } from "../src/build/headers";
import { interestOptions } from "../src/components/forms/EnquiryForm";
import { BODY_LIMIT } from "./body";
import { enquiryHandler } from "./enquiry";
import { ENQUIRY_PATH } from "./paths";
import { readPageAssets } from "./pages";
import { EnquiryStore } from "./store";

export interface AppOptions {
  /** Built site folder. */
  dist: string;
  /** JSON-lines file that accepted enquiries are appended to. */
  dataFile: string;
}

/** The site's server: dist/ as static files (clean URLs, pre-compressed, 404.html), plus enquiries. */
export function createApp({ dist, dataFile }: AppOptions) {
  const notFound = readFileSync(join(dist, "404.html"));
  const headersPath = join(dist, "_headers");
  // The same _headers file a CDN reads, applied the same way.
  const headerRules = existsSync(headersPath)
    ? parseHeadersFile(readFileSync(headersPath, "utf8"))
    : [];
  const files = sirv(dist, {
    extensions: ["html"],
    brotli: true,
    gzip: true,
    etag: true,
    setHeaders(res) {
      // Pages and unhashed files: always ask whether they changed.
      if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", "no-cache");
    },
  });
  const store = new EnquiryStore(dataFile);
  const enquiry = enquiryHandler({
    store,
    assets: readPageAssets(dist),
    interests: interestOptions(),
  });
  const isEnquiry = (req: IncomingMessage) => {
    const path = (req.url ?? "/").split("?")[0];
    return path === ENQUIRY_PATH || path === `${ENQUIRY_PATH}/`;
  };
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const pathname = (req.url ?? "/").split("?")[0];
    for (const [name, value] of Object.entries(headersFor(headerRules, pathname)))
      res.setHeader(name, value);
    if (isEnquiry(req)) {
      enquiry(req, res).catch((error: unknown) => {
        console.error(error);
        if (!res.headersSent) res.writeHead(500).end();
      });
      return;
    }
    files(req, res, () => {
      res.writeHead(404, {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "no-cache",
      });
      res.end(notFound);
    });
  };
  const server = createServer(handle);
  // "Expect: 100-continue" with a body over the limit: refuse before the client sends it.
  server.on("checkContinue", (req: IncomingMessage, res: ServerResponse) => {
    if (isEnquiry(req) && Number(req.headers["content-length"]) > BODY_LIMIT) {
      res.setHeader("Connection", "close");
    } else {
      res.writeContinue();
    }
    handle(req, res);
  });
  return Object.assign(server, { enquiries: store });
}
