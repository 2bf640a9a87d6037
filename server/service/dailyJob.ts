/**
 * A job the server runs itself every day (the vitals' roll-up, the retention of personal data):
 * the first run `delayMs` after the database is ready, then every `everyMs`; one run at a time,
 * none after stop(); timers that do not keep the process alive. A run that throws is logged with
 * `failed` and tried again at the next.
 */
import { log } from "./log";

export const DAY_MS = 24 * 3600_000;

export function dailyJob(
  prepared: Promise<unknown>,
  run: () => Promise<void>,
  { failed, delayMs = 0, everyMs = DAY_MS }: { failed: string; delayMs?: number; everyMs?: number },
) {
  let stopped = false;
  // Only on a database that is ready (main.ts exits otherwise); never after stop().
  let running: Promise<void> = prepared.then(
    () => undefined,
    () => {
      stopped = true;
    },
  );
  const next = () => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        await run();
      } catch (error) {
        log.error({ err: error }, failed);
      }
    });
  };
  const first = setTimeout(next, delayMs);
  first.unref();
  const timer = setInterval(next, everyMs);
  timer.unref();
  return {
    /** Resolves when the run under way, if any, is done. */
    get running() {
      return running;
    },
    stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
