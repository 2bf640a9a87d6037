import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import sirv from "sirv";

export interface AppOptions {
  /** Built site folder. */
  dist: string;
  /** JSON-lines file that accepted enquiries are appended to. */
  dataFile: string;
}

/** The site's server: dist/ as static files (clean URLs, pre-compressed, 404.html), plus enquiries. */
export function createApp({ dist }: AppOptions) {
  const notFound = readFileSync(join(dist, "404.html"));
  const files = sirv(dist, {
    extensions: ["html"],
    brotli: true,
    gzip: true,
    etag: true,
    setHeaders(res, pathname) {
      const hashed = pathname.startsWith("/assets/");
      res.setHeader("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    files(req, res, () => {
      res.writeHead(404, {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "no-cache",
      });
      res.end(notFound);
    });
  });
}
