/**
 * The Chromium the browser tests and `npm run audit` drive: `CHROMIUM_PATH` if set, else
 * Debian's `/usr/bin/chromium`, else the headless build the npm package `@sparticuz/chromium`
 * ships (unpacked to /tmp on first use), so `npm ci` alone is enough on a fresh machine.
 * Never a downloaded browser: there may be no network.
 */
import { existsSync } from "node:fs";

const SYSTEM_CHROMIUM = "/usr/bin/chromium";
/** Debian's package chromium-headless-shell: the same Chromium without a browser's window. */
const SYSTEM_HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

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

/**
 * The browser tests' Chromium: Debian's headless shell when it is installed (what Playwright
 * itself runs headless tests in), else as above. It draws the same pages with a quarter less
 * processor time (the fixed-elements sweep: 110 -> 80 s), and the suite is mostly browser time.
 * Lighthouse (`npm run audit`) keeps the full browser: the reference phone is calibrated on it.
 */
export async function testChromiumPath(): Promise<string> {
  if (!process.env.CHROMIUM_PATH && existsSync(SYSTEM_HEADLESS_SHELL)) return SYSTEM_HEADLESS_SHELL;
  return chromiumPath();
}
