/**
 * The Chromium the browser tests and `npm run audit` drive: `CHROMIUM_PATH` if set, else
 * Debian's `/usr/bin/chromium`, else the headless build the npm package `@sparticuz/chromium`
 * ships (unpacked to /tmp on first use), so `npm ci` alone is enough on a fresh machine.
 * Never a downloaded browser: there may be no network.
 */
import { existsSync } from "node:fs";

const SYSTEM_CHROMIUM = "/usr/bin/chromium";

export async function chromiumPath(): Promise<string> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv}: no such file`);
    return fromEnv;
  }
  if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  const { default: packaged } = await import("@sparticuz/chromium");
  return packaged.executablePath();
}
