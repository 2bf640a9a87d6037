/**
 * A node:test reporter beside TAP in `npm test`: how long each test file ran, slowest first, and a
 * warning for any past half the time a file is allowed (--test-timeout): a slower machine than
 * this one (CI's may be) would then be near its limit. Plain JavaScript: Node loads reporters
 * before tsx is registered.
 */
import { relative } from "node:path";

const LIMIT_MS = Number(process.env.TEST_TIMEOUT_MS ?? 180_000);

/** @param {AsyncIterable<{ type: string, data?: { file?: string } }>} source */
export default async function* fileTimes(source) {
  /** @type {Map<string, { start: number, end: number }>} */
  const spans = new Map();
  for await (const event of source) {
    const file = event.data?.file;
    if (!file) continue;
    const now = Date.now();
    const span = spans.get(file);
    if (span) span.end = now;
    else spans.set(file, { start: now, end: now });
  }
  const rows = [...spans].map(([file, s]) => ({ file, ms: s.end - s.start }));
  rows.sort((a, b) => b.ms - a.ms);
  yield "\nTest files by time (first to last event):\n";
  for (const { file, ms } of rows) {
    const warn =
      ms > LIMIT_MS / 2 ? `  <- over half the ${LIMIT_MS / 1000} s a file is allowed` : "";
    yield `${(ms / 1000).toFixed(1).padStart(7)} s  ${relative(process.cwd(), file)}${warn}\n`;
  }
}
