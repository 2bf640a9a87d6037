import { eventCopy } from "../../content/eventPages";
import type { PublicEvent } from "../../events/load";

/** "Webinar", "Open day". */
export const kindName = (event: Pick<PublicEvent, "kind">) => eventCopy.kinds[event.kind].one;

/** "English", "Arabic": as this page's reader names the language. */
export const languageName = (event: Pick<PublicEvent, "language">) =>
  eventCopy.languages[event.language];

/** "Online", "At our London office". */
export const whereName = (event: Pick<PublicEvent, "where">) =>
  event.where === "online" ? eventCopy.online : eventCopy.atOffice;
