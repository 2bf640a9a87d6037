import { resolve } from "node:path";
import { loadEvents, publicEvent, type PublicEvent } from "./load";
import { localized } from "../i18n/scope";

/** The build reads another events file when EVENTS_FILE names one (tests, a draft). */
const file = process.env.EVENTS_FILE?.trim();

/**
 * Every event as pages show it (no join link), by slug, in date order: the content module the
 * build validates and translates, so a translation is keyed by the event's slug
 * (`events.<slug>.title`) and stays with its event when events are added or reordered.
 */
export const events: Record<string, PublicEvent> = localized(
  Object.fromEntries(
    loadEvents(file ? resolve(file) : undefined).map((event) => [event.slug, publicEvent(event)]),
  ),
);
