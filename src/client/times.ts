import { intlLocale } from "../i18n/intl";
import type { TimesRequest, VisitorTimes } from "../lib/visitorTimes";

const TIMEOUT_MS = 3000;

/**
 * Asks the times worker (./timesWorker.ts) for the visitor's zone and times; undefined where no
 * worker starts (an old browser, a stricter policy), for the caller to work them out itself. The
 * worker also loads ICU's date data for the whole process, so the page's own date formatters
 * (the slot picker's) cost a fraction of a millisecond each, not 15-30 ms for the first.
 */
export function askTimesWorker(request: TimesRequest): Promise<VisitorTimes | undefined> {
  const url = process.env.TIMES_WORKER;
  if (!url || !("Worker" in window)) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(url);
    } catch {
      return resolve(undefined);
    }
    const finish = (times?: VisitorTimes) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(times);
    };
    // Its script stalled on a poor connection: the caller goes on without it.
    const timer = setTimeout(finish, TIMEOUT_MS);
    worker.onmessage = (event: MessageEvent<VisitorTimes>) => finish(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      finish();
    };
    worker.postMessage(request);
  });
}

/** ICU's date data loaded by the worker, for the page's own formatters; resolves when it is. */
export const warmDates = () => askTimesWorker({ starts: [], locale: intlLocale() });
