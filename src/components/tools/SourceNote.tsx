import type { FigureSource } from "../../content/types";
import { formatAsOf } from "../../lib/asOf";

/** "GOV.UK: Student visa: money you need, in force since January 2025", linked to the source. */
export function SourceNote({ source }: { source: FigureSource }) {
  return (
    <span className="source-note">
      <a href={source.href}>{source.title}</a>, {source.asOfMeaning} {formatAsOf(source.asOf)}
    </span>
  );
}
