import type { Highlight } from "../content/types";
import { Icon } from "./Icon";

interface Props {
  items: Highlight[];
  /** Heading level of each card title, to keep the page outline right. */
  level?: "h3" | "h4";
}

/** A grid of icon cards (programme highlights, home support teaser). */
export function HighlightCards({ items, level: Heading = "h3" }: Props) {
  return (
    <ul className="card-grid highlight-cards">
      {items.map((item) => (
        <li className="card highlight" key={item.title}>
          <span className="icon-badge">
            <Icon name={item.icon} />
          </span>
          <Heading>{item.title}</Heading>
          <p>{item.description}</p>
        </li>
      ))}
    </ul>
  );
}
