import type { ReactNode } from "react";
import type { Image } from "../../content/types";
import { InlineSvg } from "./InlineSvg";

interface Props {
  title: string;
  /** Line above the title. */
  eyebrow?: string;
  lead: string;
  image?: Image;
  children?: ReactNode;
}

/** The heading band at the top of every inner page; holds the page's h1. */
export function PageHero({ title, eyebrow, lead, image, children }: Props) {
  return (
    <div className="page-hero">
      <div className="container page-hero-inner">
        <div className="page-hero-copy">
          {eyebrow && <p className="eyebrow">{eyebrow}</p>}
          <h1>{title}</h1>
          <p className="lead">{lead}</p>
          {children}
        </div>
        {/* Drawn in the page: the first screen's LCP is then its text, not a request. */}
        {image && <InlineSvg image={image} className="page-hero-image" />}
      </div>
    </div>
  );
}
