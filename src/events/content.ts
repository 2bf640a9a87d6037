import { loadEvents, publicEvent, type PublicEvent } from "./load";

/**
 * Every event as pages show it (no join link), by slug, in date order: the content module the
 * build validates and translates, so a translation is keyed by the event's slug
 * (`events.<slug>.title`) and stays with its event when events are added or reordered.
 */
export const events: Record<string, PublicEvent> = Object.fromEntries(
  loadEvents().map((event) => [event.slug, publicEvent(event)]),
);
