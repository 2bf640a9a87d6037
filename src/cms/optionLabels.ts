/**
 * What a picker shows for each id it offers: the title staff know a programme, guide, event,
 * destination or story by (`shortCourses` is "Short Courses and Executive Education"), the
 * value saved staying the id. Read from content at build; the editor's configuration carries it.
 */
import { categories } from "../content/programmes";
import { guides } from "../content/guides";
import { destinations } from "../content/destinations";
import { testimonials } from "../content/testimonials";
import { events } from "../events/content";
import { englishOf } from "../i18n/scope";

/** id -> title, for every id a picker may offer. */
export function optionLabels(): Record<string, string> {
  return {
    enquiry: "The enquiry form (/contact)",
    booking: "Booking a consultation (/book)",
    ...Object.fromEntries(englishOf(categories).map((c) => [c.id, c.name])),
    ...Object.fromEntries(englishOf(guides).map((g) => [g.slug, g.title])),
    ...Object.fromEntries(Object.values(englishOf(events)).map((e) => [e.slug, e.title])),
    ...Object.fromEntries(englishOf(destinations).map((d) => [d.countryCode, d.name])),
    ...Object.fromEntries(englishOf(testimonials).map((t) => [t.id, t.name])),
  };
}

/**
 * The editor's configuration with every select's options labelled (`{ label, value }`) where a
 * title is known: a copy, the value saved in the file staying the id.
 */
export function withOptionLabels<T>(config: T, labels: Record<string, string>): T {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!value || typeof value !== "object") return value;
    const entries = Object.entries(value).map(([k, v]) => [k, walk(v)] as const);
    const node = Object.fromEntries(entries) as Record<string, unknown>;
    if (node.widget === "select" && Array.isArray(node.options))
      node.options = node.options.map((o: unknown) =>
        typeof o === "string" && labels[o] ? { label: `${labels[o]} (${o})`, value: o } : o,
      );
    return node;
  };
  return walk(config) as T;
}
