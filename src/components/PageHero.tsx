import type { ReactNode } from "react";

interface Props {
  title: string;
  /** Line above the title. */
  eyebrow?: string;
  lead: string;
  /**
   * Beside the copy: a page's illustration (an InlineSvg with class page-hero-image). Passed in
   * rather than drawn here, so this component reads no file and runs in the editor's preview.
   */
  media?: ReactNode;
  children?: ReactNode;
}

/** The heading band at the top of every inner page; holds the page's h1. */
export function PageHero({ title, eyebrow, lead, media, children }: Props) {
  return (
    <div className="page-hero">
      <div className="container page-hero-inner">
        <div className="page-hero-copy">
          {eyebrow && <p className="eyebrow">{eyebrow}</p>}
          <h1>{title}</h1>
          <p className="lead">{lead}</p>
          {children}
        </div>
        {media}
      </div>
    </div>
  );
}
