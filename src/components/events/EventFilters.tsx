import { eventCopy } from "../../content/eventPages";
import { eventKinds, eventLanguages } from "../../events/schema";
import { EVENTS_PATH, kindPath, languagePath, type EventFilter } from "../../lib/events";

interface Props {
  /** The filter of the page showing them; none on /events. */
  current: EventFilter;
}

interface Choice {
  href: string;
  label: string;
  current: boolean;
}

/**
 * The filters are links to prerendered pages (/events/kind/webinar, /events/in/ar), so they work
 * without JavaScript; the page a visitor is on is marked aria-current. One filter at a time.
 */
export function EventFilters({ current }: Props) {
  const none = !current.kind && !current.language;
  const groups: { id: string; title: string; choices: Choice[] }[] = [
    {
      id: "filter-kind",
      title: eventCopy.filters.kind,
      choices: [
        { href: EVENTS_PATH, label: eventCopy.filters.allKinds, current: none },
        ...eventKinds.map((kind) => ({
          href: kindPath(kind),
          label: eventCopy.kinds[kind].many,
          current: current.kind === kind,
        })),
      ],
    },
    {
      id: "filter-language",
      title: eventCopy.filters.language,
      choices: [
        { href: EVENTS_PATH, label: eventCopy.filters.anyLanguage, current: none },
        ...eventLanguages.map((language) => ({
          href: languagePath(language),
          label: eventCopy.languages[language],
          current: current.language === language,
        })),
      ],
    },
  ];
  return (
    <nav className="event-filters" aria-label={eventCopy.filters.label}>
      {groups.map((group) => (
        <div className="event-filter" key={group.id}>
          <p className="event-filter-title" id={group.id}>
            {group.title}
          </p>
          <ul className="event-chips" aria-labelledby={group.id}>
            {group.choices.map((c) => (
              <li key={c.href + c.label}>
                <a
                  className="event-chip"
                  href={c.href}
                  aria-current={c.current ? "page" : undefined}
                >
                  {c.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
