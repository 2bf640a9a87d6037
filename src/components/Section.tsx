import type { ReactNode } from "react";

interface Props {
  /** Element id: the #anchor links land on, and the heading's id prefix. */
  id: string;
  title: string;
  eyebrow?: string;
  intro?: string;
  /** Extra class for the section's own styles. */
  className?: string;
  children: ReactNode;
}

/** A page section with its heading; labelled by that heading for landmarks navigation. */
export function Section({ id, title, eyebrow, intro, className, children }: Props) {
  return (
    <section
      id={id}
      className={className ? `section ${className}` : "section"}
      aria-labelledby={`${id}-title`}
    >
      <div className="container">
        <div className="section-head">
          {eyebrow && <p className="eyebrow">{eyebrow}</p>}
          <h2 id={`${id}-title`}>{title}</h2>
          {intro && <p className="section-intro">{intro}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}
