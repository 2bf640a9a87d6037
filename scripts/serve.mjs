/**
 * `npm run serve` (and the serving half of `npm start`): the bundled server, in this very
 * process. npm's script runs it with `exec`, so a SIGTERM to the process npm started reaches
 * the server (npm passes it on) and it stops gracefully. Plain JavaScript: no TypeScript
 * compiler at run time. Production can run `node dist-server/main.js` directly.
 *
 * `--local` (npm start): links in e-mails lead back to this server, unless PUBLIC_URL or
 * SITE_URL says otherwise.
 */
import { existsSync } from "node:fs";

const main = new URL("../dist-server/main.js", import.meta.url);
if (!existsSync(main)) {
  console.error(
    "Not starting: dist-server/main.js is not built. Build it first: npm run build:server (or npm start to build and serve).",
  );
  process.exit(1);
}
if (process.argv.includes("--local") && !process.env.PUBLIC_URL && !process.env.SITE_URL)
  process.env.PUBLIC_URL = `http://localhost:${process.env.PORT || 4173}`;
await import(main.href);
