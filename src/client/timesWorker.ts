/**
 * A dedicated worker (src/client/events.ts starts it): the visitor's zone and the events' start
 * times in it, worked out on a thread of its own so the page's stays free while it loads.
 */
import { visitorTimes, type TimesRequest } from "../lib/visitorTimes";

self.onmessage = (event: MessageEvent<TimesRequest>) => self.postMessage(visitorTimes(event.data));
