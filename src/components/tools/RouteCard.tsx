import type { IntakeMonth, StudyRoute } from "../../content/types";
import type { RouteModel } from "./routeModel";

interface Props {
  route: StudyRoute;
  copy: RouteModel["copy"];
  /** Element id of the card (its heading's id is derived from it). */
  id: string;
  /** "Suggested" or "Or" above the name, in a result. */
  label?: string;
  /** The intake that suits the student's start, when known. */
  intake?: IntakeMonth | null;
  /** The contact form's address with this route's interest and a message started. */
  enquiryHref: string;
  /** Heading level of the route's name. */
  level: "h3" | "h4";
}

/** A route: what it is, what it asks for, when it starts, and where to go next. */
export function RouteCard({ route, copy, id, label, intake, enquiryHref, level: Heading }: Props) {
  return (
    <article className="route-card card" id={id} aria-labelledby={`${id}-title`}>
      {label && <p className="eyebrow">{label}</p>}
      <Heading id={`${id}-title`}>{route.name}</Heading>
      <p>{route.summary}</p>
      <p className="route-card-subtitle">{copy.entryTitle}</p>
      <ul className="ticks">
        {route.entry.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p>
        <strong>{intake ? copy.intakeTitle : copy.intakeAny}:</strong>{" "}
        {intake
          ? copy.intakeMonths[intake]
          : route.intakes.map((m) => copy.intakeMonths[m]).join(", ")}
      </p>
      <ul className="route-links">
        <li>
          <a className="button button-primary" href={enquiryHref}>
            {copy.enquiryLink}
          </a>
        </li>
        <li>
          <a href={route.programme.href}>
            {copy.programmeLink}: {route.programme.label}
          </a>
        </li>
        <li>
          <a href={`/cost-of-study?route=${route.id}`}>{copy.costLink}</a>
        </li>
        <li>
          <a href="/book">{copy.bookLink}</a>
        </li>
      </ul>
    </article>
  );
}
