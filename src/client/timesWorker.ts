/**
 * A dedicated worker (./times.ts starts it: the events pages, the slot picker): the visitor's zone
 * and the events' start times in it, worked out on a thread of its own so the page's stays free
 * while it loads.
 */
import { visitorTimes, type TimesRequest } from "../lib/visitorTimes";

self.onmessage = ({ data }: MessageEvent<TimesRequest>) => {
  // The page locale's date data too, loaded here for the page's thread as well (ICU's caches
  // are the process's): the slot picker formats in it, also where no start is asked for.
  new Intl.DateTimeFormat(data.locale, { dateStyle: "full", timeZone: "UTC" }).format(0);
  self.postMessage(visitorTimes(data));
};
